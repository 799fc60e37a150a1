import { Ajv } from 'ajv';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';

const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, allErrors: false, strict: false });

/**
 * Validator compiler of the records routes: params and query as Fastify would, the body not at all —
 * it is declared for OpenAPI and validated in the handler against the request white-label's entity
 * (tenant patches, pt-BR messages naming the labels, no defaults injected into a PATCH).
 */
export const recordPartValidator: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  httpPart === 'body' ? () => true : ajv.compile(schema as object);

/**
 * Serializer compiler of the records routes: plain JSON.stringify. The services already return rows in
 * API shape (explicit column lists), and building fast-json-stringify serializers for every response of
 * every entity (each checking all the shared entity schemas) made app start take tens of seconds.
 */
export const recordSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

const filterDescription =
  'Filtro LoopBack em JSON: {"where":{…},"order":"campo ASC","limit":100,"skip":0,"fields":[…],"include":[…]}. ' +
  'Também aceito na forma de colchetes do LoopBack 3, que vira o mesmo filtro: ' +
  'filter[where][unidade]=UN&filter[where][preco][gt]=10&filter[order]=nome%20ASC&filter[limit]=10 ' +
  '(listas: filter[where][id][inq][0]=1&filter[where][id][inq][1]=2). Não envie as duas formas juntas.';

export const filterQuery = {
  type: 'object',
  properties: { filter: { type: 'string', description: filterDescription } },
} as const;

export const whereQuery = {
  type: 'object',
  properties: {
    where: {
      type: 'string',
      description:
        'Condição LoopBack em JSON (operadores eq, gt, like, inq, regexp…) ou em colchetes: where[unidade]=UN&where[preco][gt]=10',
    },
  },
} as const;

export const existsResponse = {
  type: 'object',
  required: ['exists'],
  properties: { exists: { type: 'boolean' } },
} as const;

/** Headers of a list the default page cap cut short (no `limit` in the filter). */
export const nextPageHeaders = {
  'x-limite-aplicado': {
    type: 'integer',
    description: 'Presente quando o filtro não tinha limit e há mais registros: o limite aplicado.',
  },
  link: {
    type: 'string',
    description: 'Com X-Limite-Aplicado: <endereço da página seguinte>; rel="next".',
  },
} as const;

/** Query of /count: the where, and `exata=true` to count exactly however many rows match. */
export const countQuery = {
  type: 'object',
  properties: {
    ...whereQuery.properties,
    exata: {
      type: 'string',
      enum: ['true', 'false'],
      description:
        'true conta exatamente mesmo acima do limite de contagem exata (mais lento em tabelas grandes)',
    },
  },
} as const;

export const countResponse = {
  type: 'object',
  required: ['count'],
  properties: {
    count: { type: 'integer' },
    aproximado: {
      type: 'boolean',
      description:
        'Presente (true) quando count é a estimativa do PostgreSQL: acima do limite de contagem exata (COUNT_EXACT_LIMIT) sem exata=true; também no cabeçalho X-Contagem-Aproximada',
    },
  },
} as const;
