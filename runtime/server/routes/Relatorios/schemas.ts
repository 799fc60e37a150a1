/** JSON schemas of the Relatorios API (exported reports: spec 000 §2.4, §4, §7; spec 001 §7.6). */

export const relatorioErrorResponses = {
  400: { $ref: 'ErrorEnvelope#' },
  401: { $ref: 'ErrorEnvelope#' },
  404: { $ref: 'ErrorEnvelope#' },
} as const;

export const relatorioSchema = {
  $id: 'Relatorio',
  type: 'object',
  required: ['id', 'descricao', 'tipo', 'status', 'statusString', 'dataInclusao', 'url', 'erro'],
  properties: {
    id: { type: 'integer' },
    descricao: { type: 'string' },
    tipo: { type: 'string', enum: ['pdf', 'xlsx'] },
    evento: {
      type: 'string',
      nullable: true,
      description: "Prefixo do evento '<evento>-<tipo>' do websocket",
    },
    status: { type: 'integer', enum: [0, 1, 2], description: '0 PROCESSANDO, 1 FINALIZADO, 2 ERRO' },
    statusString: { type: 'string', enum: ['Processando', 'Finalizado', 'Erro'] },
    dataInclusao: { type: 'string', format: 'date-time' },
    finalizadoEm: { type: 'string', format: 'date-time', nullable: true },
    url: {
      type: 'string',
      nullable: true,
      description: 'Endereço do arquivo quando finalizado (relativo à API; acrescente ?access_token=)',
    },
    erro: {
      type: 'object',
      nullable: true,
      required: ['message'],
      properties: { message: { type: 'string' } },
    },
  },
} as const;

export const relatorioIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

const fieldsHelp = 'id, descricao, tipo, evento, status e dataInclusao';

export const relatorioFilterQuery = {
  type: 'object',
  properties: {
    filter: {
      type: 'string',
      description: `JSON LoopBack; where/order em ${fieldsHelp} (padrão: dataInclusao DESC)`,
    },
  },
} as const;

export const relatorioWhereQuery = {
  type: 'object',
  properties: { where: { type: 'string', description: `JSON LoopBack where em ${fieldsHelp}` } },
} as const;

export const relatorioFileQuery = {
  type: 'object',
  properties: { access_token: { type: 'string', description: 'Token da sessão (link aberto em nova aba)' } },
} as const;

export const countSchema = {
  type: 'object',
  required: ['count'],
  properties: { count: { type: 'integer' } },
} as const;

export const exportarBody = {
  type: 'object',
  required: ['relatorio', 'formato'],
  additionalProperties: false,
  properties: {
    relatorio: {
      type: 'string',
      minLength: 1,
      maxLength: 80,
      description: 'Nome do relatório (schemas/reports/<nome>.report.json), ex.: vendas-periodo',
    },
    formato: { type: 'string', enum: ['pdf', 'xlsx'] },
    filtros: {
      type: 'object',
      additionalProperties: true,
      description: 'Valores dos filtros do relatório por nome (uma lista nos filtros inq)',
    },
  },
} as const;

export const exportarErrorResponses = {
  ...relatorioErrorResponses,
  403: { $ref: 'ErrorEnvelope#' },
  406: { $ref: 'ErrorEnvelope#' },
  503: { $ref: 'ErrorEnvelope#' },
} as const;
