/** JSON schemas of the FinanceiroWhiteLabel API (what the platform charges each white-label). */

import { errorResponses } from '../errorResponses.ts';

export const financeiroErrorResponses = errorResponses(400, 401, 403, 404, 409);

const money = { type: 'number' } as const;

export const linhaCobrancaSchema = {
  $id: 'LinhaCobrancaWhiteLabel',
  type: 'object',
  required: ['empresaId', 'empresaNome', 'cpfCnpj', 'planoNome', 'valorPlano', 'modulos', 'valor'],
  properties: {
    empresaId: { type: 'integer', nullable: true },
    empresaNome: { type: 'string' },
    cpfCnpj: { type: 'string', nullable: true },
    planoNome: { type: 'string' },
    valorPlano: money,
    modulos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'nome', 'valor'],
        properties: { id: { type: 'string' }, nome: { type: 'string' }, valor: money },
      },
    },
    valor: money,
  },
} as const;

const faturaProperties = {
  id: { type: 'integer' },
  configWhiteLabel: { type: 'integer' },
  competencia: { type: 'string', description: 'Mês de referência, AAAA-MM' },
  vencimento: { type: 'string', format: 'date' },
  valor: money,
  status: { type: 'string', enum: ['aberta', 'paga', 'vencida'] },
  pagaEm: { type: 'string', format: 'date-time', nullable: true },
  quantidadeEmpresas: { type: 'integer' },
} as const;

export const faturaSchema = {
  $id: 'FaturaWhiteLabel',
  type: 'object',
  required: Object.keys(faturaProperties),
  properties: faturaProperties,
} as const;

export const faturaDetalheSchema = {
  $id: 'FaturaWhiteLabelDetalhe',
  type: 'object',
  required: [...Object.keys(faturaProperties), 'linhas'],
  properties: {
    ...faturaProperties,
    linhas: { type: 'array', items: { $ref: 'LinhaCobrancaWhiteLabel#' } },
  },
} as const;

export const resumoSchema = {
  $id: 'FinanceiroWhiteLabel',
  type: 'object',
  required: [
    'configWhiteLabel',
    'whiteLabel',
    'competenciaAtual',
    'faturaAtualGerada',
    'empresas',
    'totalMensal',
    'faturas',
  ],
  properties: {
    configWhiteLabel: { type: 'integer' },
    whiteLabel: { type: 'string' },
    competenciaAtual: { type: 'string', description: 'AAAA-MM do mês corrente' },
    faturaAtualGerada: {
      type: 'boolean',
      description: 'Se a fatura do mês corrente já foi gerada (senão o mês é uma prévia)',
    },
    empresas: {
      description: 'Empresas cobradas hoje (assinatura ativa), com plano e valor mensal',
      type: 'array',
      items: { $ref: 'LinhaCobrancaWhiteLabel#' },
    },
    totalMensal: money,
    faturas: { type: 'array', items: { $ref: 'FaturaWhiteLabel#' } },
  },
} as const;

export const whiteLabelQuery = {
  type: 'object',
  properties: {
    configWhiteLabel: {
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'White-label (só a equipe da plataforma escolhe; o master vê o seu)',
    },
  },
} as const;

export const faturaIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

export const gerarFaturaBody = {
  type: 'object',
  required: ['configWhiteLabel', 'competencia'],
  properties: {
    configWhiteLabel: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    competencia: { type: 'string', maxLength: 7, description: 'AAAA-MM' },
    vencimento: { type: 'string', maxLength: 10, description: 'AAAA-MM-DD; padrão: dia 10 do mês seguinte' },
  },
} as const;
