/**
 * Entity files (schemas/entities/<name>/<name>.entity.json) as the runtime uses them: a view entity
 * (`extends`) merged over its base, plus the naming rules shared by the schema sync, the records API
 * and the browser (table and column names, include names, the filter field map).
 */
import type { DocumentAction, DocumentDefinition, RecordLock } from './documents/documentDefinition.ts';
import type { FieldMap, FieldType } from './fieldMap.ts';
import { isPlainObject } from './mergePatch.ts';

export type EntityFieldType =
  | 'string'
  | 'text'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'percent'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'relation'
  | 'json';

export type FixedValue = string | number | boolean;

/** One field of an entity file (schemas/_meta/entity.schema.json#/definitions/field). */
export interface EntityField {
  type: EntityFieldType;
  label: string;
  description?: string;
  required?: boolean;
  unique?: boolean;
  readOnly?: boolean;
  /** Computed field: an expression of runtime/core/formula, computed and checked by the server. */
  formula?: string;
  writeOnly?: boolean;
  /** Personal data of a natural person (LGPD): searched, reported and anonymised by Administrador › LGPD. */
  dadoPessoal?: boolean;
  /** A credential (token, CSC, password): write-only, and reads show `<field>Definido` (README "Segurança"). */
  secret?: boolean;
  /** Made by the server and returned only when the record is created (a new API key): the form shows it once. */
  shownOnce?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  /** Shown instead of the regular expression when the value does not match `pattern`. */
  patternMessage?: string;
  format?: 'email' | 'uri' | 'cpf' | 'cnpj' | 'cpfCnpj' | 'phone' | 'cep' | 'ncm' | 'cest' | 'gtin';
  mask?: string;
  enum?: string;
  multiple?: boolean;
  relation?: { entity: string; display?: string; onDelete?: 'restrict' | 'cascade' | 'set null' };
  precision?: number;
  search?: boolean;
}

export type CustomFieldType =
  | 'string'
  | 'text'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'date'
  | 'boolean'
  | 'enum'
  | 'relation';

/** One custom field (runtime/core/customFields.ts) as the entity file declares it (schemas/_meta/entity.schema.json#/definitions/customField). */
export interface CustomField {
  type: CustomFieldType;
  label: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  precision?: number;
  pattern?: string;
  patternMessage?: string;
  mask?: EntityField['mask'];
  /** A list's values (type enum): the value is stored, the label shown. */
  options?: Array<{ value: string; label: string }>;
  relation?: { entity: string };
}

export interface EntityIndex {
  fields: string[];
  unique?: boolean;
  /** btree (default) or trigram: GIN pg_trgm over text fields, for like/ilike with any wildcard. */
  method?: 'btree' | 'trigram';
}

/** An entity file as written. */
export interface EntityDefinition {
  name: string;
  resource: string;
  table?: string;
  label: string;
  labelPlural: string;
  gender?: 'm' | 'f';
  scope: 'empresa' | 'filial' | 'global';
  permission: string;
  /** false: table and routes are hand-written; only the screens use the file. */
  managed?: boolean;
  /** One record per scope (empresa or filial): a configuration record whose route opens its form. */
  singleton?: boolean;
  /** The records API serves reads only: rows are written by the server (a ledger, a balance table). */
  readOnly?: boolean;
  /** Writes NOTIFY entidade_alterada (`<entity>:<empresaId>`) in their transaction: processes drop caches. */
  notifyOnChange?: boolean;
  /** Lifecycle of a document: status field, states and transitions (POST /api/<Resource>/{id}/<action>). */
  document?: DocumentDefinition;
  /** Actions without a state change (POST /api/<Resource>/{id}/<action>); a view inherits its base's. */
  actions?: DocumentAction[];
  /** While any condition holds the record and its items refuse changes (409); a view inherits its base's. */
  lock?: RecordLock;
  /** Rows grant rights to the users whose usuario field of this name points at them (perfil: perfilId). */
  grantsAccessVia?: string;
  route?: string;
  display?: string;
  tree?: string;
  fields?: Record<string, EntityField>;
  /** A white-label's custom fields (studio), stored in the table's `custom` jsonb column. */
  customFields?: Record<string, CustomField>;
  children?: Record<string, EntityChild>;
  indexes?: Record<string, EntityIndex>;
  extends?: { entity: string; fixed: Record<string, FixedValue> };
}

/** An owned child collection: records of `entity` whose `foreignKey` holds the parent's id. */
export interface EntityChild {
  entity: string;
  foreignKey: string;
  label?: string;
}

/** A relation reachable through `include`: the field holding the id(s) and the target entity. */
export interface EntityRelation {
  field: string;
  entity: string;
  multiple: boolean;
}

/** An entity ready to use: view merged over its base, table resolved, relations named. */
export interface ResolvedEntity
  extends Omit<EntityDefinition, 'extends' | 'fields' | 'indexes' | 'children' | 'customFields'> {
  table: string;
  /** The entity owning the table (itself unless a view). */
  base: string;
  fields: Record<string, EntityField>;
  /** Custom fields of the white-label ({} when none); a view sees its base's plus its own. */
  customFields: Record<string, CustomField>;
  indexes: Record<string, EntityIndex>;
  /** Values a view restricts its rows to and writes on create ({} for a base entity). */
  fixed: Record<string, FixedValue>;
  /** Include name → relation ("clienteId" is included as "cliente"). */
  relations: Record<string, EntityRelation>;
  /** Owned child collections by name (a view inherits its base's; include, nested writes, item tables). */
  children: Record<string, EntityChild>;
}

/** An enumeration file (schemas/enums/<name>.enum.json). */
export interface EnumDefinition {
  name: string;
  label: string;
  codeType: 'integer' | 'number' | 'string';
  values: Array<{ code: string | number; label: string; [attribute: string]: unknown }>;
}

/** System columns every entity table has, by API name (scope decides empresaId/filialId). */
export const SYSTEM_FIELDS = [
  'id',
  'versao',
  'criadoEm',
  'alteradoEm',
  'criadoPor',
  'alteradoPor',
  'empresaId',
  'filialId',
] as const;

const ENTITY_PATH = /^schemas\/entities\/([a-z][A-Za-z0-9]*)\/\1\.entity\.json$/;

/** snake_case of a camelCase name (table and column names). */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** PascalCase of an entity name: the OpenAPI component name ("cliente" → "Cliente"). */
export function entityTypeName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Include name of a relation field: "clienteId" → "cliente", "marcaIds" → "marcas", other → "<name>Obj". */
export function includeName(field: string): string {
  if (/[a-z0-9]Ids$/.test(field)) return `${field.slice(0, -3)}s`;
  if (/[a-z0-9]Id$/.test(field)) return field.slice(0, -2);
  return `${field}Obj`;
}

/** Names of every entity in a schema file map, sorted. */
export function entityNames(schemas: Record<string, unknown>): string[] {
  return Object.keys(schemas)
    .map((path) => ENTITY_PATH.exec(path)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

/** The enumerations of a schema file map, by name. */
export function enumsOf(schemas: Record<string, unknown>): Record<string, EnumDefinition> {
  const enums: Record<string, EnumDefinition> = {};
  for (const [path, content] of Object.entries(schemas)) {
    const match = /^schemas\/enums\/([a-z][A-Za-z0-9]*)\.enum\.json$/.exec(path);
    if (match?.[1] && isPlainObject(content)) enums[match[1]] = content as unknown as EnumDefinition;
  }
  return enums;
}

/**
 * Reads entity `name` from a schema file map and merges a view over its base: fields of the base plus
 * its own, the base's table, scope and indexes, the fixed values of the whole chain. Throws when the
 * entity or its base does not exist.
 */
export function resolveEntity(name: string, schemas: Record<string, unknown>, depth = 0): ResolvedEntity {
  const content = schemas[`schemas/entities/${name}/${name}.entity.json`];
  if (!isPlainObject(content)) throw new Error(`entidade "${name}" não existe em schemas/entities`);
  if (depth > 4) throw new Error(`entidade "${name}": cadeia de extends longa demais`);
  const definition = content as unknown as EntityDefinition;
  const {
    extends: view,
    fields = {},
    indexes = {},
    children = {},
    customFields = {},
    actions: ownActions,
    lock: ownLock,
    $schema: _schema,
    ...rest
  } = definition as EntityDefinition & { $schema?: string };
  const base = view ? resolveEntity(view.entity, schemas, depth + 1) : null;
  const actions = ownActions ?? base?.actions;
  const lock = ownLock ?? base?.lock;
  // A view may re-declare a base field partially (a tenant patch of the view): merge field by field.
  const mergedFields: Record<string, EntityField> = { ...(base?.fields ?? {}) };
  for (const [field, spec] of Object.entries(fields))
    mergedFields[field] = { ...mergedFields[field], ...spec };
  // A secret is write-only whatever a patch says: it never leaves the server.
  for (const [field, spec] of Object.entries(mergedFields))
    if (spec.secret) mergedFields[field] = { ...spec, writeOnly: true };
  const relations: Record<string, EntityRelation> = {};
  for (const [field, spec] of Object.entries(mergedFields)) {
    if (spec.type === 'relation' && spec.relation)
      relations[includeName(field)] = {
        field,
        entity: spec.relation.entity,
        multiple: spec.multiple === true,
      };
  }
  return {
    ...rest,
    display: definition.display ?? base?.display,
    tree: definition.tree ?? base?.tree,
    // A view keeps its base's actions unless it declares its own ([]: none).
    ...(actions?.length ? { actions } : {}),
    ...(lock ? { lock } : {}),
    scope: base?.scope ?? definition.scope,
    table: base?.table ?? definition.table ?? snakeCase(definition.name),
    base: base?.base ?? definition.name,
    fields: mergedFields,
    customFields: { ...(base?.customFields ?? {}), ...customFields },
    indexes: { ...(base?.indexes ?? {}), ...indexes },
    fixed: { ...(base?.fixed ?? {}), ...(view?.fixed ?? {}) },
    relations,
    children: { ...(base?.children ?? {}), ...children },
  };
}

/** Filter type of a field (compileFilter's coercion and operator rules). */
function filterType(field: EntityField, enums: Record<string, EnumDefinition>): FieldType {
  if (field.multiple) return 'json';
  switch (field.type) {
    case 'string':
    case 'text':
    case 'boolean':
    case 'date':
    case 'datetime':
    case 'integer':
    case 'json':
      return field.type;
    case 'relation':
      return 'integer';
    case 'enum': {
      const codeType = enums[field.enum ?? '']?.codeType;
      return codeType === 'integer' ? 'integer' : codeType === 'number' ? 'number' : 'string';
    }
    default:
      return 'number';
  }
}

/** The allow-listed field map of compileFilter: every field and system column, API name → column and type. */
export function entityToFieldMap(
  entity: ResolvedEntity,
  enums: Record<string, EnumDefinition> = {},
): FieldMap {
  const map: FieldMap = {
    id: { column: 'id', type: 'integer' },
    versao: { column: 'versao', type: 'integer' },
    criadoEm: { column: 'criado_em', type: 'datetime' },
    alteradoEm: { column: 'alterado_em', type: 'datetime' },
    criadoPor: { column: 'criado_por', type: 'integer' },
    alteradoPor: { column: 'alterado_por', type: 'integer' },
  };
  if (entity.scope !== 'global') map.empresaId = { column: 'empresa_id', type: 'integer' };
  if (entity.scope === 'filial') map.filialId = { column: 'filial_id', type: 'integer' };
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!Object.hasOwn(map, name)) map[name] = { column: snakeCase(name), type: filterType(field, enums) };
  }
  return map;
}
