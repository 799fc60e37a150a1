import type { Operation, Parameter, SchemaNode } from './openapiOperations.ts';

/** One malformed (or, for `base`, well-formed) request of an operation, before an actor signs it. */
export interface Variant {
  /** What was changed, e.g. `query.filter=deep nesting` (printed with failures). */
  label: string;
  /** Path and query values, already percent-encoded (so invalid UTF-8 can be sent as is). */
  path: Record<string, string>;
  query: Record<string, string>;
  body?: { contentType: string; payload: string | Buffer };
}

const MB = 1024 * 1024;
const LONG = 'a'.repeat(MB);
const enc = encodeURIComponent;
const DEEP_OBJECT = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
const DEEP_ARRAY = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
const DEEP_FILTER = `{"where":${'{"and":['.repeat(500)}{"id":1}${']}'.repeat(500)}}`;
/** Bytes that are not UTF-8 (C3 starts a two-byte sequence that 28 does not continue). */
const BAD_UTF8 = Buffer.from([0xc3, 0x28, 0xff, 0xfe]);

/** Path values: wrong types, numbers beyond every integer type, a NUL, invalid UTF-8, a prototype key. */
const PATH_VALUES: Array<[string, string]> = [
  ['text', 'abc'],
  ['1e308', '1e308'],
  ['2^63', '9223372036854775808'],
  ['-1', '-1'],
  ['0', '0'],
  ['decimal', '1.5'],
  ['NUL', '%00'],
  ['invalid UTF-8', '%C3%28%FF'],
  ['__proto__', '__proto__'],
  ['long', 'a'.repeat(300)],
];
const QUERY_VALUES: Array<[string, string]> = [
  ['text', 'abc'],
  ['1e308', '1e308'],
  ['2^63', '9223372036854775808'],
  ['-1', '-1'],
  ['null', 'null'],
  ['NUL', 'a%00b'],
  ['invalid UTF-8', '%C3%28%FF'],
  ['array', 'a&{name}=b'],
  ['1 MB', LONG],
];
/** Extra values for LoopBack JSON parameters (filter, where, params). */
const JSON_QUERY_VALUES: Array<[string, string]> = [
  ['deep nesting', enc(DEEP_FILTER)],
  ['deep array', enc(DEEP_ARRAY.slice(0, 20_000) + DEEP_ARRAY.slice(-20_000))],
  ['__proto__', enc('{"where":{"__proto__":{"id":1}},"__proto__":{"limit":1}}')],
  ['constructor', enc('{"constructor":{"prototype":{"limit":1}}}')],
  ['id 1e308', enc('{"where":{"id":1e308}}')],
  ['id 2^63', enc('{"where":{"id":{"inq":[9223372036854775808,-1]}}}')],
  ['limit 1e308', enc('{"limit":1e308,"skip":9223372036854775808}')],
  ['negative skip', enc('{"limit":-1,"skip":-1,"offset":-5}')],
  ['order injection', enc('{"order":"id; DROP TABLE usuario","fields":["senha_hash"]}')],
  ['1 MB like', enc(`{"where":{"nome":{"like":"${'a'.repeat(MB)}"}}}`)],
  ['invalid JSON', enc('{"where":')],
  ['include everything', enc('{"include":["*",{"relation":"empresa"}],"fields":{"__proto__":true}}')],
];

const isJsonParameter = (parameter: Parameter) => ['filter', 'where', 'params'].includes(parameter.name);

/** A valid-looking value of a schema: ids take `id`, enums their first value, formats a sample. */
export function sampleValue(
  schema: SchemaNode,
  resolve: (node: unknown) => SchemaNode,
  id: number,
  name = '',
  depth = 0,
): unknown {
  const node = resolve(schema);
  if (depth > 4) return undefined;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if ('const' in node) return node.const;
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = node[key];
    if (Array.isArray(list) && list.length > 0) return sampleValue(list[0], resolve, id, name, depth + 1);
  }
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'integer':
      return /id$/i.test(name) ? id : ((node.minimum as number | undefined) ?? 1);
    case 'number':
      return (node.minimum as number | undefined) ?? 1;
    case 'boolean':
      return true;
    case 'array': {
      const item = sampleValue((node.items ?? {}) as SchemaNode, resolve, id, name, depth + 1);
      return item === undefined ? [] : [item];
    }
    case 'string': {
      if (node.format === 'date') return '2026-01-15';
      if (node.format === 'date-time') return '2026-01-15T10:00:00.000Z';
      if (node.format === 'email') return 'abuso@exemplo.com.br';
      if (node.format === 'uri') return 'https://exemplo.com.br/';
      const min = (node.minLength as number | undefined) ?? 0;
      return 'abuso'.padEnd(Math.min(Math.max(min, 5), (node.maxLength as number | undefined) ?? 5), 'x');
    }
    case 'object':
    case undefined: {
      const properties = (node.properties ?? {}) as Record<string, SchemaNode>;
      if (type === undefined && Object.keys(properties).length === 0) return 'abuso';
      const value: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(properties)) {
        const sample = sampleValue(child, resolve, id, key, depth + 1);
        if (sample !== undefined) value[key] = sample;
      }
      return value;
    }
    default:
      return undefined;
  }
}

/** JSON of `base` with `property` replaced by raw JSON text (numbers beyond double, prototype keys). */
function withRaw(base: Record<string, unknown>, property: string, raw: string): string {
  const marker = '"@@ABUSE_RAW@@"';
  return JSON.stringify({ ...base, [property]: '@@ABUSE_RAW@@' }).replace(marker, raw);
}

/** A wrong-typed JSON value for a property of the given schema. */
function wrongType(schema: SchemaNode): string {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') return '12345';
  if (type === 'array') return '{"a":1}';
  if (type === 'object') return '"abc"';
  if (type === 'boolean') return '"talvez"';
  return '"abc"';
}

const BODY_PROPERTY_VALUES: Array<[string, (schema: SchemaNode) => string]> = [
  ['wrong type', wrongType],
  ['1e308', () => '1e308'],
  ['2^63', () => '9223372036854775808'],
  ['-1', () => '-1'],
  ['null', () => 'null'],
  ['1 MB', () => JSON.stringify(LONG)],
  ['deep nesting', () => DEEP_OBJECT],
  ['__proto__', () => '{"__proto__":{"isAvanco":true},"a":1}'],
  ['constructor', () => '{"constructor":{"prototype":{"isAvanco":true}}}'],
  ['NUL', () => '"a\\u0000b"'],
];

/**
 * Every abuse variant of an operation, in a fixed order: the well-formed request first (`base`), then one
 * bad value at a time in each path parameter, each query parameter (LoopBack JSON ones get JSON abuse
 * too), the whole body, and each top-level body property. `id` fills id-like slots of the base request
 * (another tenant's record, when the caller has one).
 */
export function abuseVariants(
  operation: Operation,
  resolve: (node: unknown) => SchemaNode,
  id: number,
): Variant[] {
  const path: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const sample = sampleValue(
      parameter.schema,
      resolve,
      id,
      parameter.in === 'path' ? 'id' : parameter.name,
    );
    if (parameter.in === 'path') path[parameter.name] = enc(String(sample ?? id));
    else if (parameter.required && parameter.in === 'query') query[parameter.name] = enc(String(sample));
  }
  const json = operation.body?.contentType === 'application/json';
  const bodySchema = operation.body ? resolve(operation.body.schema) : {};
  const baseBody = json ? sampleValue(bodySchema, resolve, id) : undefined;
  const baseObject =
    baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)
      ? (baseBody as Record<string, unknown>)
      : {};
  const body = (
    payload: string | Buffer,
    contentType = operation.body?.contentType ?? 'application/json',
  ) => ({
    contentType,
    payload,
  });
  const baseVariantBody = operation.body
    ? body(json ? JSON.stringify(baseBody ?? {}) : Buffer.from('abuso'))
    : undefined;
  const variants: Variant[] = [
    { label: 'base', path, query, ...(baseVariantBody ? { body: baseVariantBody } : {}) },
  ];
  const withBase = (change: Partial<Variant> & { label: string }): Variant => ({
    path,
    query,
    ...(baseVariantBody ? { body: baseVariantBody } : {}),
    ...change,
  });
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      for (const [label, value] of PATH_VALUES)
        variants.push(
          withBase({ label: `path.${parameter.name}=${label}`, path: { ...path, [parameter.name]: value } }),
        );
    } else if (parameter.in === 'query') {
      const values = isJsonParameter(parameter) ? [...QUERY_VALUES, ...JSON_QUERY_VALUES] : QUERY_VALUES;
      for (const [label, value] of values)
        variants.push(
          withBase({
            label: `query.${parameter.name}=${label}`,
            query: { ...query, [parameter.name]: value.replace('{name}', parameter.name) },
          }),
        );
    }
  }
  variants.push(
    withBase({
      label: 'query=__proto__ keys',
      query: { ...query, '__proto__[isAvanco]': 'true', 'constructor[prototype][isAvanco]': 'true' },
    }),
  );
  if (operation.body && json) {
    const whole: Array<[string, string | Buffer]> = [
      ['null', 'null'],
      ['array', '[]'],
      ['string', '"texto"'],
      ['1e308', '1e308'],
      ['empty object', '{}'],
      ['empty', ''],
      ['invalid JSON', '{"a":'],
      ['invalid UTF-8', Buffer.concat([Buffer.from('{"nome":"'), BAD_UTF8, Buffer.from('"}')])],
      ['deep array', DEEP_ARRAY],
      ['deep object', DEEP_OBJECT],
      ['__proto__', '{"__proto__":{"isAvanco":true}}'],
      ['constructor', '{"constructor":{"prototype":{"isAvanco":true}}}'],
    ];
    for (const [label, payload] of whole)
      variants.push(withBase({ label: `body=${label}`, body: body(payload) }));
    const properties = (bodySchema.properties ?? {}) as Record<string, SchemaNode>;
    for (const [property, schema] of Object.entries(properties)) {
      for (const [label, raw] of BODY_PROPERTY_VALUES)
        variants.push(
          withBase({
            label: `body.${property}=${label}`,
            body: body(withRaw(baseObject, property, raw(resolve(schema)))),
          }),
        );
    }
  } else if (operation.body) {
    for (const [label, payload] of [
      ['empty', ''],
      ['garbage', Buffer.concat([BAD_UTF8, Buffer.from('\u0000abc')])],
      ['1 MB', Buffer.alloc(MB, 0x41)],
    ] as Array<[string, string | Buffer]>)
      variants.push(withBase({ label: `body=${label}`, body: body(payload) }));
    variants.push(withBase({ label: 'body=json instead', body: body('{"a":1}', 'application/json') }));
  }
  return variants;
}

/** The URL of a variant: path placeholders filled, query appended (values already encoded). */
export function variantUrl(operation: Operation, variant: Variant): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => variant.path[name] ?? '1');
  const query = Object.entries(variant.query)
    .map(([name, value]) => `${enc(name)}=${value}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}
