/** JSON schemas of the Planos API (spec 001 §3.7, §7.2). */

import { errorResponses } from '../errorResponses.ts';

export const planoErrorResponses = errorResponses(400, 401, 403, 404, 409);

const planoProperties = {
  idExterno: {
    type: 'string',
    minLength: 1,
    maxLength: 60,
    description: 'Identificador do plano no faturamento',
  },
  configWhiteLabel: { type: 'integer', minimum: 1, description: 'id da configuração de white-label' },
  nome: { type: 'string', minLength: 1, maxLength: 120 },
  descricao: { type: 'string', maxLength: 4000 },
  valor: { type: 'number', minimum: 0, maximum: 9_999_999_999.99, description: 'Mensalidade em reais' },
  diasTrial: { type: 'integer', minimum: 1, maximum: 36500, nullable: true },
  modulos: {
    type: 'array',
    maxItems: 100,
    items: {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', minLength: 1, maxLength: 60 },
        visivel: { type: 'boolean', default: true },
      },
    },
  },
  ativo: { type: 'boolean' },
} as const;

export const planoSchema = {
  $id: 'Plano',
  type: 'object',
  required: ['id', 'idExterno', 'configWhiteLabel', 'nome', 'valor', 'modulos', 'ativo'],
  properties: { id: { type: 'integer' }, ...planoProperties },
} as const;

/** POST and PUT body (PUT: any subset; POST needs idExterno and nome). */
export const planoInputSchema = {
  $id: 'PlanoInput',
  type: 'object',
  properties: { id: { type: 'integer' }, ...planoProperties },
} as const;

/** The API members a body may carry. */
export const PLANO_INPUT_KEYS = ['id', ...Object.keys(planoProperties)];

export const planoIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

export const filterQuery = {
  type: 'object',
  properties: {
    filter: {
      type: 'string',
      description:
        'JSON LoopBack; where em id, idExterno, configWhiteLabel, nome, descricao, valor, diasTrial, ativo e modulo (id de módulo contido no plano)',
    },
  },
} as const;
