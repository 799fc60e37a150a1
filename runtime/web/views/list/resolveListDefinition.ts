import {
  customEnums,
  customFieldAsEntityField,
  customFieldName,
  customFieldPath,
} from '../../../core/customFields.ts';
import { type EnumDefinition, type ResolvedEntity, resolveEntity } from '../../../core/resolveEntity.ts';
import type { GridDefinition } from './listTypes.ts';

/** The entities part of the schema bundle: per entity folder, its entity, form and grid files. */
export type EntityBundle = Record<string, { entity?: unknown; form?: unknown; grid?: unknown }>;

export interface ListDefinition {
  entity: ResolvedEntity;
  grid: GridDefinition;
  enums: Record<string, EnumDefinition>;
}

/** The bundle's entity files keyed by their paths, as resolveEntity reads a schema file map. */
function entityFiles(entities: EntityBundle): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entities).map(([name, files]) => [
      `schemas/entities/${name}/${name}.entity.json`,
      files.entity,
    ]),
  );
}

function fallbackGrid(entity: ResolvedEntity): GridDefinition {
  const first =
    entity.display && entity.fields[entity.display] ? entity.display : Object.keys(entity.fields)[0];
  const name = first ?? 'id';
  return {
    entity: entity.name,
    defaultOrder: `${name} ASC`,
    columns: { [name]: { flex: 1, sortable: true, filter: true } },
  };
}

/**
 * The entity of a list screen resolved with runtime/core/resolveEntity (a view merged over its base) and
 * its grid: the view's own grid, else its base's, else one column naming the record. Relation fields get
 * the target's naming field as their display. Null when the entity is unknown.
 */
export function resolveListDefinition(
  name: string,
  entities: EntityBundle,
  enums: Record<string, unknown>,
): ListDefinition | null {
  const files = entityFiles(entities);
  let entity: ResolvedEntity;
  try {
    entity = resolveEntity(name, files);
  } catch {
    return null;
  }
  for (const [key, field] of Object.entries(entity.fields)) {
    if (field.type !== 'relation' || !field.relation || field.relation.display) continue;
    const target = entities[field.relation.entity]?.entity as { display?: string } | undefined;
    entity.fields[key] = { ...field, relation: { ...field.relation, display: target?.display ?? 'nome' } };
  }
  const baseName = (entities[name]?.entity as { extends?: { entity: string } } | undefined)?.extends?.entity;
  const grid =
    (entities[name]?.grid as GridDefinition | undefined) ??
    (baseName ? (entities[baseName]?.grid as GridDefinition | undefined) : undefined) ??
    fallbackGrid(entity);
  return withCustomColumns({ entity, grid, enums: enums as Record<string, EnumDefinition> });
}

/**
 * Custom fields as columns: each a field of the list under its API path (`custom.<name>`, which AG Grid
 * reads from the nested value and the records API sorts and filters by); a field the grid file does not
 * list is shown after its columns, and the studio's Listas hides or moves it like any column.
 */
function withCustomColumns(list: ListDefinition): ListDefinition {
  const { entity, grid } = list;
  const customFields = Object.entries(entity.customFields);
  if (customFields.length === 0) return list;
  const fields = { ...entity.fields };
  const columns = { ...grid.columns };
  for (const [name, field] of customFields) {
    const path = customFieldPath(name);
    fields[path] = customFieldAsEntityField(entity.name, name, field);
    if (!Object.hasOwn(columns, path)) columns[path] = { flex: 1, sortable: true, filter: true };
  }
  // A listed column of a custom field that no longer exists is dropped.
  for (const path of Object.keys(columns)) {
    const name = customFieldName(path);
    if (name !== null && !Object.hasOwn(entity.customFields, name)) delete columns[path];
  }
  return {
    entity: { ...entity, fields },
    grid: { ...grid, columns },
    enums: { ...list.enums, ...customEnums(entity.name, entity.customFields) },
  };
}
