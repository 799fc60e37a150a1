/** JSON schemas of the Ibpt API (IBPT "De Olho no Imposto" table per UF and the CEST table). */

import { errorResponses } from '../errorResponses.ts';

export const ibptErrorResponses = errorResponses(400, 401, 403, 404);
export const ibptUploadErrorResponses = errorResponses(400, 401, 403, 413, 415);

const importacaoProperties = {
  arquivo: { type: 'string', description: 'Nome do arquivo importado' },
  linhas: { type: 'integer', description: 'Linhas de dados do arquivo' },
  importadoEm: { type: 'string', format: 'date-time' },
  importadoPor: { type: 'string', description: 'Nome (ou e-mail) de quem importou' },
} as const;

export const ibptNcmTabelaSchema = {
  $id: 'IbptNcmTabela',
  type: 'object',
  description: 'A tabela IBPT carregada de uma UF',
  required: [
    'uf',
    'versao',
    'vigenciaInicio',
    'vigenciaFim',
    'chave',
    'fonte',
    'arquivo',
    'linhas',
    'importadoEm',
    'importadoPor',
    'vencida',
  ],
  properties: {
    uf: { type: 'string' },
    versao: { type: 'string', description: 'Versão da tabela, ex.: 26.1.A' },
    vigenciaInicio: { type: 'string', format: 'date' },
    vigenciaFim: { type: 'string', format: 'date' },
    chave: { type: 'string', description: 'Chave da tabela (informada no cupom/nota com a fonte)' },
    fonte: { type: 'string', description: 'Fonte, ex.: IBPT/empresometro.com.br' },
    vencida: { type: 'boolean', description: 'A vigência da tabela terminou antes de hoje' },
    ...importacaoProperties,
  },
} as const;

export const ibptNcmSchema = {
  $id: 'IbptNcm',
  type: 'object',
  description: 'Alíquotas aproximadas (%) de um código da tabela IBPT numa UF',
  required: [
    'uf',
    'codigo',
    'ex',
    'tipo',
    'descricao',
    'nacionalFederal',
    'importadosFederal',
    'estadual',
    'municipal',
    'vigenciaInicio',
    'vigenciaFim',
    'vigente',
    'chave',
    'versao',
    'fonte',
  ],
  properties: {
    uf: { type: 'string' },
    codigo: { type: 'string', description: 'NCM (tipo 0), NBS (1) ou item da LC 116 (2), só dígitos' },
    ex: { type: 'string', description: 'Exceção da TIPI (vazio quando não há)' },
    tipo: { type: 'integer', enum: [0, 1, 2], description: '0 NCM, 1 NBS, 2 LC 116' },
    descricao: { type: 'string' },
    nacionalFederal: { type: 'number', description: 'Tributos federais (%), produto nacional' },
    importadosFederal: { type: 'number', description: 'Tributos federais (%), produto importado' },
    estadual: { type: 'number', description: 'Tributos estaduais (%)' },
    municipal: { type: 'number', description: 'Tributos municipais (%)' },
    vigenciaInicio: { type: 'string', format: 'date' },
    vigenciaFim: { type: 'string', format: 'date' },
    vigente: { type: 'boolean', description: 'Hoje está dentro da vigência' },
    chave: { type: 'string' },
    versao: { type: 'string' },
    fonte: { type: 'string' },
  },
} as const;

export const ibptCestSchema = {
  $id: 'IbptCest',
  type: 'object',
  description: 'Um CEST e uma posição NCM/SH que ele abrange (Convênio ICMS 142/2018)',
  required: ['cest', 'ncm', 'descricao', 'segmento', 'item'],
  properties: {
    cest: { type: 'string', description: 'CEST, 7 dígitos' },
    ncm: { type: 'string', description: 'NCM/SH (2 a 8 dígitos; abrange os NCMs que começam por ele)' },
    descricao: { type: 'string' },
    segmento: { type: 'string' },
    item: { type: 'string' },
  },
} as const;

export const ibptCestImportacaoSchema = {
  $id: 'IbptCestImportacao',
  type: 'object',
  description: 'A última importação da tabela CEST',
  required: ['arquivo', 'linhas', 'cests', 'ncms', 'importadoEm', 'importadoPor'],
  properties: {
    ...importacaoProperties,
    cests: { type: 'integer', description: 'CESTs distintos' },
    ncms: { type: 'integer', description: 'Pares CEST × NCM/SH gravados' },
  },
} as const;

/** The raw CSV file as the request body (text/csv or application/octet-stream). */
export const CSV_TYPES = ['text/csv', 'application/octet-stream', 'application/vnd.ms-excel'] as const;
export const csvBody = {
  content: Object.fromEntries(
    CSV_TYPES.map((type) => [
      type,
      { schema: { description: 'Bytes do arquivo CSV (UTF-8 ou Windows-1252)' } },
    ]),
  ),
};

export const ncmImportQuery = {
  type: 'object',
  required: ['uf'],
  properties: {
    uf: { type: 'string', maxLength: 2, description: 'UF da tabela, ex.: SP' },
    arquivo: {
      type: 'string',
      maxLength: 255,
      description:
        'Nome do arquivo (ex.: TabelaIBPTaxSP26.1.A.csv); se indicar outra UF, a importação é recusada',
    },
  },
} as const;

export const cestImportQuery = {
  type: 'object',
  properties: { arquivo: { type: 'string', maxLength: 255, description: 'Nome do arquivo' } },
} as const;

const paging = {
  skip: { type: 'integer', minimum: 0, default: 0 },
  limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
} as const;

export const ncmSearchQuery = {
  type: 'object',
  properties: {
    busca: { type: 'string', maxLength: 100, description: 'Início do código ou parte da descrição' },
    uf: { type: 'string', maxLength: 2 },
    ...paging,
  },
} as const;

export const cestSearchQuery = {
  type: 'object',
  properties: {
    busca: { type: 'string', maxLength: 100, description: 'Início do CEST ou do NCM, ou parte da descrição' },
    ...paging,
  },
} as const;

export const ncmCodigoParams = {
  type: 'object',
  required: ['codigo'],
  properties: {
    codigo: { type: 'string', maxLength: 20, description: 'NCM (pontos aceitos), NBS ou item da LC 116' },
  },
} as const;

export const ncmCodigoQuery = {
  type: 'object',
  properties: {
    uf: { type: 'string', maxLength: 2, description: 'UF do emitente, ex.: SP (obrigatória)' },
    ex: {
      type: 'string',
      maxLength: 3,
      description: 'Exceção da TIPI; sem ela (ou não encontrada), a linha sem ex',
    },
    tipo: { type: 'integer', enum: [0, 1, 2], default: 0, description: '0 NCM (padrão), 1 NBS, 2 LC 116' },
  },
} as const;

export const cestPorNcmQuery = {
  type: 'object',
  properties: {
    ncm: { type: 'string', maxLength: 20, description: 'NCM do produto (8 dígitos; pontos aceitos)' },
  },
} as const;

export const ufParams = {
  type: 'object',
  required: ['uf'],
  properties: { uf: { type: 'string', maxLength: 2 } },
} as const;

export const pageOf = (ref: string) =>
  ({
    type: 'object',
    required: ['total', 'itens'],
    properties: { total: { type: 'integer' }, itens: { type: 'array', items: { $ref: `${ref}#` } } },
  }) as const;
