import type { FastifyInstance } from 'fastify';
import { foldBracketQuery } from '../../core/bracketQuery.ts';
import { HttpError } from '../errors.ts';

/** Largest id the API accepts: within PostgreSQL bigint and exact in a JavaScript number. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
const PARTS = ['params', 'querystring', 'body', 'headers'] as const;
const NESTED = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const;
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const MAPS = ['properties', 'patternProperties', 'definitions', '$defs'] as const;

/** Deepest JSON nesting a body may have: far beyond any real document, short of any recursion limit. */
export const MAX_JSON_DEPTH = 64;
const utf8 = new TextDecoder('utf-8', { fatal: true });

type Node = Record<string, unknown>;

/** Nesting depth of a JSON text (brackets outside strings), stopping as soon as it passes `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92)
        index++; // backslash: skip the escaped character
      else if (char === 34) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 || char === 91) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 125 || char === 93) depth--;
  }
  return deepest;
}

/** Whether `text` is JSON syntax (JSON.parse only: a "__proto__" key becomes an own property, harmless). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Throws the 400 of a URL whose percent-encoding is not UTF-8 (decoded, it would be replaced or dropped). */
function assertUrlEncoding(url: string): void {
  try {
    decodeURIComponent(url);
  } catch {
    throw new HttpError(
      400,
      'TEXTO_INVALIDO',
      'O endereço da requisição contém caracteres inválidos (codificação que não é UTF-8).',
    );
  }
}
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Gives every integer of a request schema that declares no bound the range of a PostgreSQL bigint that a
 * JavaScript number holds exactly (±2^53−1): 1e308 or 2^63 in an id is then a 400 naming the field, never
 * a value that overflows a query or a tenant setting. Schemas are changed in place (they are shared
 * constants; the change is idempotent) before Fastify compiles them and before the OpenAPI document is read.
 */
export function boundIntegers(
  schema: unknown,
  lookup: (id: string) => unknown = () => undefined,
  seen = new Set<unknown>(),
): void {
  if (!isNode(schema) || seen.has(schema)) return;
  seen.add(schema);
  // A shared schema (app.addSchema) referenced as a whole: `{ $ref: 'AlertaInput#' }`.
  if (typeof schema.$ref === 'string' && /^[^#]+#$/.test(schema.$ref))
    boundIntegers(lookup(schema.$ref.slice(0, -1)), lookup, seen);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) {
    if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) schema.maximum = MAX_ID;
    if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) schema.minimum = -MAX_ID;
  }
  for (const key of NESTED) boundIntegers(schema[key], lookup, seen);
  for (const key of LISTS)
    if (Array.isArray(schema[key])) for (const item of schema[key]) boundIntegers(item, lookup, seen);
  for (const key of MAPS) {
    const map = schema[key];
    if (isNode(map)) for (const item of Object.values(map)) boundIntegers(item, lookup, seen);
  }
}

/**
 * Request input rules shared by every route: bounded integers in the request schemas (above); URLs whose
 * percent-encoding is not UTF-8 refused; and the JSON body parser: an empty body read as no body (LoopBack
 * clients send `Content-Type: application/json` with nothing on logout and DELETE; a route that needs a
 * body still rejects the missing one), and a 400 in pt-BR for bytes that are not UTF-8, nesting deeper
 * than MAX_JSON_DEPTH, `__proto__` / `constructor.prototype` keys (Fastify's poisoning protection) and
 * text that is not JSON.
 */
export function registerRequestInput(app: FastifyInstance): void {
  app.addHook('onRoute', function bound(route) {
    const schema = route.schema as Node | undefined;
    const lookup = (id: string) => this.getSchema(id);
    if (schema) for (const part of PARTS) boundIntegers(schema[part], lookup);
  });
  app.addHook('onRequest', async (request) => assertUrlEncoding(request.url));
  // LoopBack 3's bracket form (`?filter[where][nome]=Ana`) becomes the JSON text of the same filter, so
  // every route reads one form (its schema declares `filter`/`where` as JSON text).
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || !Object.keys(query).some((key) => key.includes('['))) return;
    const folded = foldBracketQuery(query);
    for (const [key, value] of Object.entries(folded))
      if (!Object.hasOwn(query, key)) folded[key] = JSON.stringify(value);
    request.query = folded;
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    let text: string;
    try {
      text = utf8.decode(raw as Buffer);
    } catch {
      done(new HttpError(400, 'TEXTO_INVALIDO', 'O corpo da requisição não está em UTF-8 válido.'));
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      const message = `O JSON enviado tem níveis de aninhamento demais (no máximo ${MAX_JSON_DEPTH}).`;
      done(new HttpError(400, 'JSON_PROFUNDO_DEMAIS', message));
      return;
    }
    parseJson(request, text, (error, body) => {
      if (!error) done(null, body);
      // Fastify's message does not tell poisoning from bad syntax: valid JSON here means a forbidden key.
      else if (isJson(text))
        done(
          new HttpError(
            400,
            'JSON_CHAVE_PROIBIDA',
            'O corpo da requisição contém uma chave proibida ("__proto__" ou "constructor.prototype").',
          ),
        );
      else done(new HttpError(400, 'JSON_INVALIDO', 'O corpo da requisição não é um JSON válido.'));
    });
  });
}
