import type { ValidateFunction } from 'ajv';
import { secretFlagName } from '../../../core/authorization/writeOnlySecrets.ts';
import {
  CUSTOM_COLUMN,
  customFieldPath,
  customFieldSql,
  customFilterType,
} from '../../../core/customFields.ts';
import { entityJsonSchema } from '../../../core/entityJsonSchema.ts';
import {
  type EnumDefinition,
  entityNames,
  entityToFieldMap,
  enumsOf,
  type ResolvedEntity,
  resolveEntity,
} from '../../../core/resolveEntity.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import type { FieldMap } from '../../db/compileFilter.ts';
import { type EntityIndexPlan, entityIndexes } from './entityIndexes.ts';
import { recordValidator } from './recordValidator.ts';

/** Everything the records services need about one entity as one white-label sees it. */
export interface RecordEntity {
  entity: ResolvedEntity;
  enums: Record<string, EnumDefinition>;
  /** API name → column and type of every field (writes). */
  fieldMap: FieldMap;
  /** Filter allow-list (where, order, fields): the field map without write-only fields, never readable. */
  filterMap: FieldMap;
  /** Computed output columns (SQL expression, API name): `<secret>Definido` flags. */
  computed: Array<[string, string]>;
  /** SQL column → API name, for selecting rows in API shape (write-only fields left out: never returned). */
  apiNames: Map<string, string>;
  /** Fields a client may write (not read-only, not fixed by a view). */
  writable: string[];
  indexes: EntityIndexPlan[];
  /** The document owning this entity's rows as a child collection (its state decides whether they change). */
  documentParent?: { entity: string; foreignKey: string };
  validators: { input: ValidateFunction; patch: ValidateFunction };
}

const cache = new WeakMap<object, Map<string, RecordEntity>>();

/**
 * Entity `name` as a white-label sees it (its schemas with tenant patches: labels, required flags…)
 * restricted to what the shared table has: fields, table, scope and fixed values come from the base
 * entity the schema sync used, so a tenant patch can tighten validation but never reach a missing
 * column. Cached per schema map.
 */
export function recordEntity(schemas: SchemaFiles, name: string, base?: ResolvedEntity): RecordEntity {
  let byName = cache.get(schemas);
  if (!byName) {
    byName = new Map();
    cache.set(schemas, byName);
  }
  const cached = byName.get(name);
  if (cached) return cached;
  const tenant = resolveEntity(name, schemas);
  const shape = base ?? tenant;
  const fields = Object.fromEntries(
    Object.entries(shape.fields).map(([field, spec]) => {
      const patched = tenant.fields[field] ?? spec;
      // A tenant patch never makes a write-only field or a secret readable.
      return [
        field,
        spec.writeOnly ? { ...patched, writeOnly: true, secret: spec.secret || patched.secret } : patched,
      ];
    }),
  );
  const entity: ResolvedEntity = {
    ...tenant,
    table: shape.table,
    scope: shape.scope,
    fixed: shape.fixed,
    indexes: shape.indexes,
    relations: shape.relations,
    fields,
    // Custom fields live in the `custom` jsonb column every managed table has: no migration per white-label.
    customFields: shape.managed === false ? {} : tenant.customFields,
  };
  const enums = enumsOf(schemas);
  const record: RecordEntity = {
    entity,
    enums,
    fieldMap: entityToFieldMap(entity, enums),
    filterMap: {},
    computed: [],
    apiNames: new Map(),
    writable: Object.entries(fields)
      .filter(([field, spec]) => !spec.readOnly && !Object.hasOwn(entity.fixed, field))
      .map(([field]) => field),
    indexes: entityIndexes(entity),
    documentParent: documentParentOf(schemas, name),
    validators: {
      input: recordValidator(entityJsonSchema(entity, { enums }, { mode: 'input' })),
      patch: recordValidator(entityJsonSchema(entity, { enums }, { mode: 'patch' })),
    },
  };
  // Write-only fields (a password, a stored XML) are never selected, so never returned.
  for (const [apiName, spec] of Object.entries(record.fieldMap)) {
    const field = fields[apiName];
    if (!field?.writeOnly) {
      record.apiNames.set(spec.column, apiName);
      record.filterMap[apiName] = spec;
      continue;
    }
    // A secret (README "Segurança") is shown only as whether one is stored.
    const column = `"${spec.column.replaceAll('"', '""')}"`;
    if (field.secret)
      record.computed.push([`(${column} IS NOT NULL AND ${column}::text <> '')`, secretFlagName(apiName)]);
  }
  addCustomFields(record);
  byName.set(name, record);
  return record;
}

/**
 * The white-label's custom fields: `custom` is written (merged into the stored object, null deleting a
 * key) and read back with only the declared keys, so values of a field removed or rolled back stay stored
 * but unseen; each `custom.<name>` can be filtered and sorted by its typed value.
 */
function addCustomFields(record: RecordEntity): void {
  const fields = Object.entries(record.entity.customFields);
  if (fields.length === 0) return;
  record.fieldMap[CUSTOM_COLUMN] = { column: CUSTOM_COLUMN, type: 'json' };
  record.writable.push(CUSTOM_COLUMN);
  for (const [name, field] of fields)
    record.filterMap[customFieldPath(name)] = {
      column: CUSTOM_COLUMN,
      type: customFilterType(field.type),
      sql: customFieldSql(name, field.type),
      jsonKey: name,
    };
  const pairs = fields.map(([name]) => `'${name}', "${CUSTOM_COLUMN}"->'${name}'`).join(', ');
  record.computed.push([`jsonb_strip_nulls(jsonb_build_object(${pairs}))`, CUSTOM_COLUMN]);
}

/** The document entity (one with `document` or `lock`) declaring `name` as a child collection, if any. */
function documentParentOf(schemas: SchemaFiles, name: string): RecordEntity['documentParent'] {
  for (const parent of entityNames(schemas)) {
    const content = schemas[`schemas/entities/${parent}/${parent}.entity.json`] as
      | {
          document?: unknown;
          lock?: unknown;
          children?: Record<string, { entity: string; foreignKey: string }>;
        }
      | undefined;
    if (!content?.document && !content?.lock) continue;
    for (const child of Object.values(content.children ?? {}))
      if (child.entity === name) return { entity: parent, foreignKey: child.foreignKey };
  }
  return undefined;
}
