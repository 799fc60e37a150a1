/** JSON schemas of the Alertas API (spec 001 §7.5). */

export const alertaErrorResponses = {
  400: { $ref: 'ErrorEnvelope#' },
  401: { $ref: 'ErrorEnvelope#' },
  403: { $ref: 'ErrorEnvelope#' },
  404: { $ref: 'ErrorEnvelope#' },
} as const;

const tipo = {
  type: 'string',
  enum: ['info', 'success', 'warning'],
  description: 'info (azul), success (verde) ou warning (laranja)',
} as const;
const texto = { type: 'string', minLength: 1, maxLength: 2000 } as const;
const link = {
  type: 'string',
  maxLength: 2000,
  nullable: true,
  description: 'Rota interna (ex.: pages/vendas/clientes) ou endereço externo (https://…)',
} as const;
const permiteExcluir = {
  type: 'boolean',
  description: 'false: o usuário não pode excluir o alerta',
} as const;

/** Item schema shared with UserInfo.alertas (inlined there: schemas are per route plugin). */
export const alertaItemSchema = {
  type: 'object',
  required: ['id', 'tipo', 'texto', 'data', 'link', 'permiteExcluir', 'lido'],
  properties: {
    id: { type: 'integer' },
    tipo,
    texto: { type: 'string' },
    data: { type: 'string', format: 'date-time' },
    link: { type: 'string', nullable: true },
    permiteExcluir: { type: 'boolean' },
    lido: { type: 'boolean' },
  },
} as const;

export const alertaSchema = { $id: 'Alerta', ...alertaItemSchema } as const;

export const alertaInputSchema = {
  $id: 'AlertaInput',
  type: 'object',
  required: ['usuarioId', 'tipo', 'texto'],
  additionalProperties: false,
  properties: {
    usuarioId: { type: 'integer', minimum: 1, description: 'Destinatário' },
    tipo,
    texto,
    link,
    permiteExcluir,
  },
} as const;

export const alertaGeralInputSchema = {
  $id: 'AlertaGeralInput',
  type: 'object',
  required: ['tipo', 'texto'],
  additionalProperties: false,
  properties: {
    configWhiteLabelId: {
      type: 'integer',
      minimum: 1,
      description: 'White-label cujos usuários ativos recebem o alerta (padrão: o do endereço)',
    },
    empresaId: {
      type: 'integer',
      minimum: 1,
      description:
        'Só os usuários ativos desta empresa do white-label recebem o alerta (padrão: todas as empresas)',
    },
    tipo,
    texto,
    link,
    permiteExcluir,
  },
} as const;

/** PUT body: the alert as read (LoopBack clients send it back whole); only changed members count. */
export const alertaUpdateSchema = {
  $id: 'AlertaUpdate',
  type: 'object',
  properties: {
    id: { type: 'integer' },
    tipo,
    texto,
    data: { type: 'string' },
    link,
    permiteExcluir,
    lido: { type: 'boolean', description: 'true marca como lido; false, como não lido' },
  },
} as const;

export const alertaObterSchema = {
  $id: 'AlertaResumo',
  type: 'object',
  required: ['naoLidos', 'total', 'alertas'],
  properties: {
    naoLidos: { type: 'integer', description: 'Alertas do usuário ainda não lidos' },
    total: { type: 'integer', description: 'Todos os alertas do usuário' },
    alertas: { type: 'array', items: { $ref: 'Alerta#' }, description: 'Os 10 mais recentes' },
  },
} as const;

export const alertaIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

export const alertaFilterQuery = {
  type: 'object',
  properties: {
    filter: {
      type: 'string',
      description:
        'JSON LoopBack; where/order em id, tipo, texto, data, link, permiteExcluir e lido (padrão: data DESC)',
    },
  },
} as const;

export const countSchema = {
  type: 'object',
  required: ['count'],
  properties: { count: { type: 'integer' } },
} as const;
