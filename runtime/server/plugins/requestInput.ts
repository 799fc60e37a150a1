import type { FastifyInstance } from 'fastify';

/** Largest id the API accepts: within PostgreSQL bigint and exact in a JavaScript number. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
const PARTS = ['params', 'querystring', 'body', 'headers'] as const;
const NESTED = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const;
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const MAPS = ['properties', 'patternProperties', 'definitions', '$defs'] as const;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Gives every integer of a request schema that declares no bound the range of a PostgreSQL bigint that a
 * JavaScript number holds exactly (±2^53−1): 1e308 or 2^63 in an id is then a 400 naming the field, never
 * a value that overflows a query or a tenant setting. Schemas are changed in place (they are shared
 * constants; the change is idempotent) before Fastify compiles them and before the OpenAPI document is read.
 */
export function boundIntegers(schema: unknown, seen = new Set<unknown>()): void {
  if (!isNode(schema) || seen.has(schema)) return;
  seen.add(schema);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) {
    if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) schema.maximum = MAX_ID;
    if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) schema.minimum = -MAX_ID;
  }
  for (const key of NESTED) boundIntegers(schema[key], seen);
  for (const key of LISTS)
    if (Array.isArray(schema[key])) for (const item of schema[key]) boundIntegers(item, seen);
  for (const key of MAPS) {
    const map = schema[key];
    if (isNode(map)) for (const item of Object.values(map)) boundIntegers(item, seen);
  }
}

/**
 * Request input rules shared by every route: bounded integers in the request schemas (above), and a JSON
 * body parser that reads an empty body as no body — LoopBack clients send `Content-Type: application/json`
 * with nothing on logout and DELETE — while keeping Fastify's prototype-poisoning protection (`__proto__`
 * and `constructor.prototype` keys are a 400). A route that needs a body still rejects the missing one.
 */
export function registerRequestInput(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Node | undefined;
    if (schema) for (const part of PARTS) boundIntegers(schema[part]);
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
