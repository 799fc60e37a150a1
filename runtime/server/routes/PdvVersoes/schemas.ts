/** JSON schemas of the PdvVersoes API (versions of the POS program a white-label publishes). */

import { errorResponses } from '../errorResponses.ts';

export const pdvVersaoErrorResponses = errorResponses(400, 401, 403, 404, 409);

const pdvVersaoProperties = {
  configWhiteLabel: { type: 'integer', minimum: 1, description: 'id da configuração de white-label' },
  versao: { type: 'string', maxLength: 60, description: 'Versão semver, ex.: 2.4.1 ou 3.0.0-beta.1' },
  data: { type: 'string', maxLength: 10, description: 'Data de publicação (AAAA-MM-DD)' },
  url: { type: 'string', maxLength: 2000, description: 'Endereço de download (https)' },
  obrigatoria: { type: 'boolean', description: 'O PDV precisa atualizar para continuar' },
  notas: { type: 'string', maxLength: 4000, description: 'Notas da versão' },
} as const;

export const pdvVersaoSchema = {
  $id: 'PdvVersao',
  type: 'object',
  required: ['id', 'configWhiteLabel', 'versao', 'data', 'url', 'obrigatoria', 'notas'],
  properties: { id: { type: 'integer' }, ...pdvVersaoProperties },
} as const;

/** POST and PUT body (PUT: any subset; POST needs versao, data and url). */
export const pdvVersaoInputSchema = {
  $id: 'PdvVersaoInput',
  type: 'object',
  properties: { id: { type: 'integer' }, ...pdvVersaoProperties },
} as const;

/** POST body: a new version needs its versao, data and url. */
export const pdvVersaoCreateSchema = {
  $id: 'PdvVersaoCreate',
  type: 'object',
  required: ['versao', 'data', 'url'],
  properties: pdvVersaoProperties,
} as const;

/** The API members a body may carry. */
export const PDV_VERSAO_INPUT_KEYS = ['id', ...Object.keys(pdvVersaoProperties)];

export const pdvVersaoIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;
