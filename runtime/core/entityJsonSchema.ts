import { secretFlagName } from './authorization/writeOnlySecrets.ts';
import { CUSTOM_COLUMN, customEnums, customFieldAsEntityField } from './customFields.ts';
import type { EntityField, EnumDefinition, ResolvedEntity } from './resolveEntity.ts';
import { entityTypeName } from './resolveEntity.ts';

export type JsonSchema = Record<string, unknown>;

/**
 * input: body of create/replace (required list, defaults, no system or read-only fields);
 * patch: partial body (nothing required, no defaults); output: a record as the API returns it.
 */
export type EntitySchemaMode = 'input' | 'patch' | 'output';

export interface EntitySchemaContext {
  /** Resolved entities by name (relation labels; include targets of output schemas). */
  entities?: Record<string, ResolvedEntity>;
  enums: Record<string, EnumDefinition>;
}

export interface EntitySchemaOptions {
  mode?: EntitySchemaMode;
  $id?: string;
  /** Output only: entities whose component (`$ref: "<Name>#"`) types an included relation. */
  refTargets?: ReadonlySet<string>;
  /** Items schema of each child collection (childCollectionSchemas), added as array properties. */
  childItems?: Record<string, JsonSchema>;
  /**
   * The schema of a child item written through its parent: this foreign key is left out (the server
   * sets it) and an optional `id` names an item already stored (input and patch modes).
   */
  ownedBy?: string;
  /**
   * The `custom` property as an open object whatever the entity's custom fields (the OpenAPI spec, which
   * is the same for every white-label); otherwise it lists this white-label's custom fields, closed.
   */
  openCustom?: boolean;
}

const INT32 = 2_147_483_647;
/** Largest magnitude of each numeric column (numeric(15,2), numeric(9,4), numeric(18,p)). */
const NUMERIC_LIMIT: Record<string, (field: EntityField) => number> = {
  money: () => 1e13,
  percent: () => 1e5,
  decimal: (field) => 10 ** (18 - (field.precision ?? 4)),
};

function codeType(field: EntityField, enums: Record<string, EnumDefinition>): EnumDefinition {
  const list = enums[field.enum ?? ''];
  if (!list) throw new Error(`enumeração "${field.enum}" não existe (campo "${field.label}")`);
  return list;
}

function bounds(field: EntityField, limit: number, integer: boolean): JsonSchema {
  const schema: JsonSchema = {};
  if (field.minimum !== undefined && field.minimum > -limit) schema.minimum = field.minimum;
  else schema[integer ? 'minimum' : 'exclusiveMinimum'] = integer ? -limit - 1 : -limit;
  if (field.maximum !== undefined && field.maximum < limit) schema.maximum = field.maximum;
  else schema[integer ? 'maximum' : 'exclusiveMaximum'] = limit;
  return schema;
}

/** Schema of one value of a field (an array item when the field is `multiple`). */
function valueSchema(field: EntityField, context: EntitySchemaContext, output: boolean): JsonSchema {
  switch (field.type) {
    case 'string':
    case 'text': {
      if (output) return { type: 'string' };
      const schema: JsonSchema = { type: 'string' };
      const minLength = field.required ? Math.max(field.minLength ?? 1, 1) : field.minLength;
      if (minLength !== undefined) schema.minLength = minLength;
      if (field.maxLength !== undefined) schema.maxLength = field.maxLength;
      if (field.pattern !== undefined) schema.pattern = field.pattern;
      if (field.format !== undefined) schema.format = field.format;
      return schema;
    }
    case 'integer':
      return output ? { type: 'integer' } : { type: 'integer', ...bounds(field, INT32, true) };
    case 'decimal':
    case 'money':
    case 'percent':
      return output
        ? { type: 'number' }
        : {
            type: 'number',
            ...bounds(field, (NUMERIC_LIMIT[field.type] as (f: EntityField) => number)(field), false),
          };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'enum': {
      const list = codeType(field, context.enums);
      if (output) return { type: list.codeType, enum: list.values.map((value) => value.code) };
      return {
        type: list.codeType,
        oneOf: list.values.map((value) => ({ const: value.code, title: value.label })),
      };
    }
    case 'relation': {
      const target = context.entities?.[field.relation?.entity ?? ''];
      const description = target ? `Id de ${target.label}` : undefined;
      return output
        ? { type: 'integer', ...(description ? { description } : {}) }
        : {
            type: 'integer',
            minimum: 1,
            maximum: Number.MAX_SAFE_INTEGER,
            ...(description ? { description } : {}),
          };
    }
    default:
      return {};
  }
}

function fieldSchema(field: EntityField, context: EntitySchemaContext, mode: EntitySchemaMode): JsonSchema {
  const output = mode === 'output';
  const value = valueSchema(field, context, output);
  const schema: JsonSchema = field.multiple
    ? { type: 'array', items: value, ...(output ? {} : { uniqueItems: true }) }
    : { ...value };
  const titled: JsonSchema = { title: field.label, ...schema };
  if (field.description && !titled.description) titled.description = field.description;
  if (mode === 'input' && field.default !== undefined) titled.default = field.default;
  // Nullable for typed clients; the server accepts null only for fields that are not required.
  if (titled.type && (output || !field.required)) titled.nullable = true;
  if (output && field.readOnly) titled.readOnly = true;
  if (!output && field.writeOnly) titled.writeOnly = true;
  return titled;
}

/** id, tenant columns and audit columns of a record as the API returns it. */
function systemProperties(entity: ResolvedEntity): Record<string, JsonSchema> {
  const stamp = (title: string) => ({ title, type: 'string', format: 'date-time', readOnly: true });
  const user = (title: string) => ({ title, type: 'integer', nullable: true, readOnly: true });
  const properties: Record<string, JsonSchema> = { id: { title: 'Id', type: 'integer', readOnly: true } };
  if (entity.scope !== 'global') properties.empresaId = { title: 'Empresa', type: 'integer', readOnly: true };
  if (entity.scope === 'filial') properties.filialId = { title: 'Filial', type: 'integer', readOnly: true };
  return {
    ...properties,
    versao: {
      title: 'Versão',
      type: 'integer',
      readOnly: true,
      description: 'Versão do registro (controle de concorrência otimista)',
    },
    criadoEm: stamp('Criado em'),
    alteradoEm: stamp('Alterado em'),
    criadoPor: user('Criado por'),
    alteradoPor: user('Alterado por'),
  };
}

/** Output schema of an included relation: the target's component when registered, else any object. */
function includeSchema(
  relation: ResolvedEntity['relations'][string],
  context: EntitySchemaContext,
  refTargets: ReadonlySet<string> | undefined,
): JsonSchema {
  const target = context.entities?.[relation.entity];
  const item: JsonSchema = refTargets?.has(relation.entity)
    ? { $ref: `${entityTypeName(relation.entity)}#` }
    : { type: 'object', additionalProperties: true };
  const description = `Com include (${target?.label ?? relation.entity})`;
  return relation.multiple ? { type: 'array', description, items: item } : { ...item, description };
}

/**
 * JSON Schema (draft-07, plus OpenAPI `nullable`) of an entity: title = label, one property per field
 * titled with its pt-BR label, enums as oneOf [{const, title}] (input) or enum lists (output), money,
 * decimal and percent as numbers bounded by their column, relations as integer ids, formats by name
 * (registerFormats). Input leaves out system, read-only and view-fixed fields and rejects unknown ones;
 * output leaves out write-only fields (a password) and adds id, versao, audit and tenant columns and the includable relations.
 */
export function entityJsonSchema(
  entity: ResolvedEntity,
  context: EntitySchemaContext,
  options: EntitySchemaOptions = {},
): JsonSchema {
  const mode = options.mode ?? 'input';
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  if (mode === 'output') Object.assign(properties, systemProperties(entity));
  else if (options.ownedBy)
    properties.id = {
      title: 'Id',
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Id de um item já gravado neste registro (alterado); sem id, o item é incluído',
    };
  for (const [name, field] of Object.entries(entity.fields)) {
    if (Object.hasOwn(properties, name) || name === options.ownedBy) continue;
    const serverOwned = field.readOnly === true || Object.hasOwn(entity.fixed, name);
    if (mode !== 'output' && serverOwned) continue;
    // A secret is never returned; the read says only whether one is stored. A write accepts that flag back
    // (a GET → PUT round trip) and ignores it.
    if (field.secret && !Object.hasOwn(properties, secretFlagName(name))) {
      properties[secretFlagName(name)] = {
        title: `${field.label} definido`,
        type: 'boolean',
        ...(mode === 'output'
          ? { readOnly: true }
          : { description: 'Devolvido pela leitura; ignorado na gravação' }),
      };
    }
    if (mode === 'output' && field.writeOnly) continue;
    properties[name] = fieldSchema(field, context, mode);
    if (mode === 'output' && Object.hasOwn(entity.fixed, name)) properties[name].readOnly = true;
    if (mode === 'input' && field.required) required.push(name);
  }
  if (mode === 'output') {
    for (const [name, relation] of Object.entries(entity.relations))
      if (!Object.hasOwn(properties, name))
        properties[name] = includeSchema(relation, context, options.refTargets);
  }
  for (const [name, items] of Object.entries(options.childItems ?? {})) {
    const label = entity.children[name]?.label ?? name;
    properties[name] = {
      title: label,
      type: 'array',
      description:
        mode === 'output'
          ? `Com include (${label})`
          : `${label}: a lista completa (itens com id são alterados, sem id incluídos, os ausentes excluídos); sem a chave, ficam como estão`,
      items,
    };
  }
  if (entity.managed !== false && !Object.hasOwn(properties, CUSTOM_COLUMN)) {
    const custom = customProperty(entity, context, mode, options.openCustom === true);
    if (custom) properties[CUSTOM_COLUMN] = custom;
  }
  if (mode !== 'output' && !options.ownedBy) {
    properties.versao = {
      title: 'Versão',
      type: 'integer',
      minimum: 1,
      maximum: INT32,
      description: 'Versão lida do registro; se outro usuário alterou antes, a gravação é recusada (409)',
    };
  }
  return {
    ...(options.$id ? { $id: options.$id } : {}),
    title: entity.label,
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(mode === 'output' ? {} : { additionalProperties: false }),
  };
}

/**
 * The `custom` property: the white-label's custom fields, each typed like an entity field (a list as its
 * options, a relation as an id), unknown keys refused and null clearing a field that is not required. Open
 * (any key) for the OpenAPI spec; absent from a white-label's own schemas when it has no custom field.
 */
function customProperty(
  entity: ResolvedEntity,
  context: EntitySchemaContext,
  mode: EntitySchemaMode,
  open: boolean,
): JsonSchema | null {
  const fields = Object.entries(entity.customFields ?? {});
  const description =
    'Campos personalizados do white-label (Estúdio › Campos personalizados), por nome; null apaga um valor';
  if (open)
    return { title: 'Campos personalizados', type: 'object', description, additionalProperties: true };
  if (fields.length === 0) return null;
  const enums = { ...context.enums, ...customEnums(entity.name, entity.customFields) };
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of fields) {
    properties[name] = fieldSchema(
      customFieldAsEntityField(entity.name, name, field),
      { ...context, enums },
      mode,
    );
    if (mode === 'input' && field.required) required.push(name);
  }
  return {
    title: 'Campos personalizados',
    type: 'object',
    description,
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: mode === 'output',
  };
}
