/** JSON schemas of the SequenciasFilial API (Administrador › Sequência de filial, platform staff only). */

import { errorResponses } from '../errorResponses.ts';

export const sequenciaErrorResponses = errorResponses(400, 401, 403, 404, 409);

export const filialIdParams = {
  type: 'object',
  required: ['filialId'],
  properties: { filialId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

export const filialEncontradaSchema = {
  $id: 'SequenciaFilialEncontrada',
  type: 'object',
  required: [
    'filialId',
    'filialNome',
    'filialRotulo',
    'empresaId',
    'empresaNome',
    'configWhiteLabel',
    'whiteLabel',
  ],
  properties: {
    filialId: { type: 'integer' },
    filialNome: { type: 'string' },
    apelido: { type: 'string', nullable: true },
    filialRotulo: { type: 'string', description: 'Apelido da filial, ou o nome quando não tem' },
    cpfCnpj: {
      type: 'string',
      nullable: true,
      description: 'CNPJ da filial (ou da empresa, se a filial não tiver)',
    },
    empresaId: { type: 'integer' },
    empresaNome: { type: 'string' },
    configWhiteLabel: { type: 'integer' },
    whiteLabel: { type: 'string', description: 'Título do white-label' },
  },
} as const;

const documento = {
  type: 'string',
  enum: ['NFE', 'NFCE', 'NFSE'],
  description: 'NFE (55), NFCE (65) ou NFSE',
} as const;
const ambiente = { type: 'integer', enum: [1, 2], description: '1 produção, 2 homologação' } as const;
const documentoNome = { type: 'string', description: 'Nome do documento, ex.: NF-e (modelo 55)' } as const;
const ambienteNome = { type: 'string', description: 'Produção ou Homologação' } as const;

export const sequenciaSchema = {
  $id: 'SequenciaDocumento',
  type: 'object',
  required: [
    'documento',
    'ambiente',
    'documentoNome',
    'ambienteNome',
    'serie',
    'proximoNumero',
    'maiorNumeroUsado',
    'origem',
  ],
  properties: {
    documento,
    ambiente,
    documentoNome,
    ambienteNome,
    serie: { type: 'integer' },
    proximoNumero: { type: 'integer' },
    maiorNumeroUsado: { type: 'integer', nullable: true, description: 'Maior número já usado na série' },
    origem: { type: 'string', enum: ['configuracaoNfe', 'sequencia'] },
  },
} as const;

export const historicoSchema = {
  $id: 'SequenciaHistorico',
  type: 'object',
  required: [
    'id',
    'documento',
    'ambiente',
    'documentoNome',
    'ambienteNome',
    'serieAnterior',
    'serieNova',
    'proximoNumeroAnterior',
    'proximoNumeroNovo',
    'reducaoConfirmada',
    'usuario',
    'data',
  ],
  properties: {
    id: { type: 'integer' },
    documento,
    ambiente,
    documentoNome,
    ambienteNome,
    serieAnterior: { type: 'integer' },
    serieNova: { type: 'integer' },
    proximoNumeroAnterior: { type: 'integer' },
    proximoNumeroNovo: { type: 'integer' },
    reducaoConfirmada: { type: 'boolean' },
    usuario: { type: 'string' },
    data: { type: 'string', format: 'date-time' },
  },
} as const;

export const sequenciasFilialSchema = {
  $id: 'SequenciasFilial',
  type: 'object',
  required: ['filial', 'ambienteEmUso', 'sequencias', 'historico'],
  properties: {
    filial: { $ref: 'SequenciaFilialEncontrada#' },
    ambienteEmUso: {
      type: 'integer',
      nullable: true,
      description: 'Ambiente da Configuração fiscal da filial',
    },
    sequencias: { type: 'array', items: { $ref: 'SequenciaDocumento#' } },
    historico: { type: 'array', items: { $ref: 'SequenciaHistorico#' } },
  },
} as const;

export const sequenciaUpdateBody = {
  type: 'object',
  required: ['documento', 'ambiente', 'serie', 'proximoNumero'],
  additionalProperties: false,
  properties: {
    documento,
    ambiente,
    serie: { type: 'integer', minimum: 0, maximum: 999 },
    proximoNumero: { type: 'integer', minimum: 1, maximum: 999999999 },
    confirmarReducao: {
      type: 'boolean',
      description: 'Confirma um próximo número que não passa do maior número já usado (risco de duplicidade)',
    },
  },
} as const;
