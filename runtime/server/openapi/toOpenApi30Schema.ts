type Schema = Record<string, unknown>;

/** Keywords whose value is one schema. */
const ONE_SCHEMA = ['items', 'not', 'additionalProperties'] as const;
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST = ['allOf', 'anyOf', 'oneOf'] as const;
/**
 * JSON Schema 2019-09/2020-12 keywords with no OpenAPI 3.0 counterpart: they stay in the route schemas,
 * where Ajv enforces them, and are left out of the contract (a 3.0 tool rejects the document otherwise).
 */
const DROPPED = [
  '$schema',
  '$id',
  '$comment',
  '$anchor',
  '$defs',
  'definitions',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentMediaType',
  'contentSchema',
  'patternProperties',
];

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `exclusiveMaximum: n` (2019) → `maximum: n, exclusiveMaximum: true` (3.0), keeping the stricter bound. */
function exclusiveBound(
  schema: Schema,
  exclusive: string,
  inclusive: string,
  stricter: (a: number, b: number) => boolean,
): void {
  const value = schema[exclusive];
  if (typeof value !== 'number') return;
  const bound = schema[inclusive];
  if (typeof bound === 'number' && stricter(bound, value)) delete schema[exclusive];
  else {
    schema[inclusive] = value;
    schema[exclusive] = true;
  }
}

/** `type: ['string', 'null']` → `type: 'string', nullable: true`; several types become an `anyOf`. */
function singleType(schema: Schema): void {
  if (!Array.isArray(schema.type)) return;
  const types = schema.type.filter((type) => type !== 'null');
  if (types.length < schema.type.length) schema.nullable = true;
  if (types.length <= 1) {
    if (types.length === 1) schema.type = types[0];
    else delete schema.type;
    return;
  }
  delete schema.type;
  const alternatives = types.map((type) => ({ type }));
  if (Array.isArray(schema.anyOf))
    schema.allOf = [...((schema.allOf as Schema[]) ?? []), { anyOf: alternatives }];
  else schema.anyOf = alternatives;
}

/**
 * One JSON Schema (draft-07 … 2020-12, as Ajv validates the routes) in the OpenAPI 3.0.3 Schema Object
 * dialect: numeric exclusive bounds become booleans, `const` an `enum`, `examples` an `example`, type lists
 * `nullable`, tuple `items` an `anyOf`, and keywords 3.0 lacks are left out. Nested schemas are converted
 * too; the input is not modified.
 */
export function toOpenApi30Schema(input: Schema): Schema {
  if (typeof input.$ref === 'string') return { $ref: input.$ref };
  const schema: Schema = { ...input };
  for (const keyword of DROPPED) delete schema[keyword];
  exclusiveBound(schema, 'exclusiveMaximum', 'maximum', (inclusive, exclusive) => inclusive < exclusive);
  exclusiveBound(schema, 'exclusiveMinimum', 'minimum', (inclusive, exclusive) => inclusive > exclusive);
  if ('const' in schema) {
    schema.enum = [schema.const];
    delete schema.const;
  }
  if (Array.isArray(schema.examples)) {
    if (schema.example === undefined && schema.examples.length > 0) schema.example = schema.examples[0];
    delete schema.examples;
  }
  singleType(schema);
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
  if (Array.isArray(schema.items)) schema.items = schema.items.length > 0 ? { anyOf: schema.items } : {};
  for (const keyword of ONE_SCHEMA) {
    const value = schema[keyword];
    if (isSchema(value)) schema[keyword] = toOpenApi30Schema(value);
  }
  for (const keyword of SCHEMA_LIST) {
    const value = schema[keyword];
    if (Array.isArray(value))
      schema[keyword] = value.map((item) => (isSchema(item) ? toOpenApi30Schema(item) : item));
  }
  if (isSchema(schema.properties)) {
    schema.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, value]) => [
        name,
        isSchema(value) ? toOpenApi30Schema(value) : value,
      ]),
    );
  }
  return schema;
}
