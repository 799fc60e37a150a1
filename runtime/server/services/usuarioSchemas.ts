/** JSON schemas of the Usuarios CRUD (components of the OpenAPI document). */

const nullableString = { type: 'string', nullable: true } as const;
const nullableInteger = { type: 'integer', nullable: true } as const;

/** A user as the API returns it (never the hash); no property is required because `fields` may drop any. */
export const usuarioSchema = {
  $id: 'Usuario',
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    nome: { type: 'string' },
    avatar: nullableString,
    perfilId: nullableInteger,
    perfilAdmin: { type: 'boolean' },
    suporteWhiteLabel: { type: 'boolean' },
    isContador: { type: 'boolean' },
    isAvanco: { type: 'boolean' },
    master: { type: 'boolean' },
    painelAdministrativo: { type: 'boolean' },
    filialSelecionada: nullableInteger,
    filiais: {
      description: 'Ids das filiais do usuário; objetos {id, nome, apelido} com include "filiais"',
      type: 'array',
      items: {
        anyOf: [
          { type: 'integer' },
          {
            type: 'object',
            properties: { id: { type: 'integer' }, nome: { type: 'string' }, apelido: nullableString },
          },
        ],
      },
    },
    ativo: { type: 'boolean' },
    primeiroAcesso: { type: 'boolean' },
    empresaId: { type: 'integer' },
    empresaNome: { type: 'string', description: 'Somente em usuarios-whitelabel' },
    criadoEm: { type: 'string', format: 'date-time' },
    alteradoEm: { type: 'string', format: 'date-time' },
    versao: { type: 'integer', description: 'Versão do registro (controle de concorrência otimista)' },
    perfil: {
      description: 'Com include "perfil"',
      type: 'object',
      nullable: true,
      properties: {
        id: { type: 'integer' },
        nome: { type: 'string' },
        permissoes: { type: 'object', additionalProperties: { type: 'integer' } },
      },
    },
  },
} as const;

/** Writable fields of POST/PUT/PATCH; other properties (id, criadoEm, perfil…) are accepted and ignored. */
export const usuarioBodySchema = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: 200 },
    nome: { type: 'string', maxLength: 120 },
    senha: { type: 'string', maxLength: 200 },
    avatar: { type: 'string', nullable: true, maxLength: 500_000 },
    perfilId: { type: 'integer', nullable: true, minimum: 1 },
    filiais: { type: 'array', maxItems: 500, items: { type: 'integer', minimum: 1 } },
    filialSelecionada: { type: 'integer', nullable: true, minimum: 1 },
    perfilAdmin: { type: 'boolean' },
    suporteWhiteLabel: { type: 'boolean' },
    isContador: { type: 'boolean' },
    isAvanco: { type: 'boolean' },
    master: { type: 'boolean' },
    painelAdministrativo: { type: 'boolean' },
    ativo: { type: 'boolean' },
    versao: { type: 'integer', minimum: 1, description: 'Se enviada e diferente da atual: 409' },
  },
} as const;

/** `?filter=` (LoopBack JSON) and the raw token, shared by the listing routes. */
export const filterQuerySchema = {
  type: 'object',
  properties: {
    filter: {
      type: 'string',
      description: 'Filtro LoopBack em JSON: where, fields, order, limit, skip, include',
    },
    access_token: { type: 'string' },
  },
} as const;

/** Path parameter of /Usuarios/{id}. */
export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } },
} as const;

/** `?where=` of /Usuarios/count and its answer. */
export const countQuerySchema = {
  type: 'object',
  properties: { where: { type: 'string' }, access_token: { type: 'string' } },
} as const;
export const countResponseSchema = {
  type: 'object',
  required: ['count'],
  properties: { count: { type: 'integer' } },
} as const;

/** Answer of /Usuarios/verificaFilial. */
export const verificaFilialSchema = {
  type: 'object',
  required: ['possuiFilial', 'filialSelecionada', 'quantidade'],
  properties: {
    possuiFilial: { type: 'boolean' },
    filialSelecionada: { type: 'integer', nullable: true },
    quantidade: { type: 'integer', description: 'Filiais ativas que o usuário pode selecionar' },
  },
} as const;

/** `?filter=` or its synonym `?params=` of /Usuarios/usuarios-whitelabel/{id}. */
export const whiteLabelQuerySchema = {
  type: 'object',
  properties: {
    ...filterQuerySchema.properties,
    params: { type: 'string', description: 'Sinônimo de filter (o mesmo JSON LoopBack)' },
  },
} as const;
