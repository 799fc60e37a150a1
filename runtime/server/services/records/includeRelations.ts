import { FilterError, type IncludeItem, showName } from '../../../core/loopbackFilter.ts';
import type { Tx } from '../../db/database.ts';
import { buildRecordQuery, type RecordScope } from './buildRecordQuery.ts';
import type { RecordEntity } from './recordEntity.ts';

/** Finds the RecordEntity of a relation target; throws (403) when the user may not view it. */
export type TargetResolver = (entity: string) => RecordEntity;
type Row = Record<string, unknown>;

/** How includes find their targets: relations with the user's permission, child collections with the parent's. */
export interface IncludeResolvers {
  targetOf: TargetResolver;
  lookupTarget: TargetResolver;
}

/** Enough for every item of a page of documents (nItem goes up to 990). */
const CHILDREN_LIMIT = 1_000_000;

/**
 * Checks every include name of a filter, at every depth, before any query runs: an unknown relation is a
 * 400 naming the relations that exist, whether or not any row would have reached it.
 */
export function checkIncludes(
  record: RecordEntity,
  include: IncludeItem[] | undefined,
  resolvers: IncludeResolvers,
): void {
  for (const item of include ?? []) {
    const relation = Object.hasOwn(record.entity.relations, item.relation)
      ? record.entity.relations[item.relation]
      : undefined;
    const child = Object.hasOwn(record.entity.children, item.relation)
      ? record.entity.children[item.relation]
      : undefined;
    if (!relation && !child) {
      const known = [...Object.keys(record.entity.relations), ...Object.keys(record.entity.children)];
      throw new FilterError(
        `a relação ${showName(item.relation)} não existe${known.length > 0 ? ` (use ${known.join(', ')})` : ''}.`,
      );
    }
    if (item.scope?.include) {
      const target = relation
        ? resolvers.targetOf(relation.entity)
        : resolvers.lookupTarget(child?.entity ?? '');
      checkIncludes(target, item.scope.include, resolvers);
    }
  }
}

/**
 * LoopBack include, relations and child collections alike, nested includes in a scope included: one query
 * per include and level for all the rows at once, scoped by the tenant (RLS) and the target view's fixed
 * values, narrowed by the include's scope.
 *
 * - A relation (`clienteId` → `cliente`; a list for multiple relations) lands the related record, read with
 *   the user's permission on the target; an id with no visible record is left out. As in LoopBack 3, the
 *   relation is read from the row as selected: when `fields` leaves the foreign key out, nothing is included.
 * - A child collection (`itens`) lands an array per row (`[]` when it has none) ordered by the scope's
 *   `order`, else by numeroItem when the child has it, else by id; the scope's `limit` and `skip` apply per
 *   parent (as LoopBack 3 pages a hasMany include per parent), by a window over the foreign key.
 */
export async function applyIncludes(
  tx: Tx,
  record: RecordEntity,
  rows: Row[],
  include: IncludeItem[] | undefined,
  scope: RecordScope,
  resolvers: IncludeResolvers,
): Promise<void> {
  for (const item of include ?? []) {
    if (Object.hasOwn(record.entity.relations, item.relation))
      await includeRelation(tx, record, rows, item, scope, resolvers);
    else if (Object.hasOwn(record.entity.children, item.relation))
      await includeChildren(tx, record, rows, item, scope, resolvers);
  }
}

async function includeRelation(
  tx: Tx,
  record: RecordEntity,
  rows: Row[],
  item: IncludeItem,
  scope: RecordScope,
  resolvers: IncludeResolvers,
): Promise<void> {
  const relation = record.entity.relations[item.relation];
  if (!relation) return;
  const ids = new Set<number>();
  for (const row of rows) {
    const value = row[relation.field];
    for (const id of Array.isArray(value) ? value : [value])
      if (Number.isSafeInteger(id)) ids.add(id as number);
  }
  const found = new Map<number, Row>();
  if (ids.size > 0) {
    const target = resolvers.targetOf(relation.entity);
    const fields = item.scope?.fields;
    const where = { id: { inq: [...ids] } };
    const filter = {
      where: item.scope?.where ? { and: [where, item.scope.where] } : where,
      ...(fields ? { fields } : {}),
      limit: Math.max(ids.size, 1),
    };
    const { sql, params } = buildRecordQuery(target, filter, scope, { extraFields: ['id'] });
    const related = await tx.query(sql, params);
    await applyIncludes(tx, target, related, item.scope?.include, scope, resolvers);
    for (const row of related) found.set(row.id as number, row);
  }
  for (const row of rows) {
    const value = row[relation.field];
    if (relation.multiple) {
      const list = Array.isArray(value) ? value : [];
      row[item.relation] = list
        .map((id) => found.get(id as number))
        .filter((related) => related !== undefined);
    } else {
      const related = found.get(value as number);
      if (related) row[item.relation] = related;
    }
  }
}

async function includeChildren(
  tx: Tx,
  record: RecordEntity,
  rows: Row[],
  item: IncludeItem,
  scope: RecordScope,
  resolvers: IncludeResolvers,
): Promise<void> {
  const spec = record.entity.children[item.relation];
  if (!spec) return;
  const ids = rows.map((row) => row.id).filter((id) => Number.isSafeInteger(id)) as number[];
  const byParent = new Map<number, Row[]>(ids.map((id) => [id, []]));
  if (ids.length > 0) {
    // Items are read with the parent's permission, as they are written.
    const child = resolvers.lookupTarget(spec.entity);
    const where = { [spec.foreignKey]: { inq: ids } };
    const defaultOrder = 'numeroItem' in child.entity.fields ? ['numeroItem ASC', 'id ASC'] : ['id ASC'];
    const paged = item.scope?.limit !== undefined || (item.scope?.skip ?? item.scope?.offset) !== undefined;
    const filter = {
      where: item.scope?.where ? { and: [where, item.scope.where] } : where,
      ...(item.scope?.fields ? { fields: item.scope.fields } : {}),
      order: item.scope?.order?.length ? item.scope.order : defaultOrder,
      ...(paged
        ? { limit: item.scope?.limit, skip: item.scope?.skip ?? item.scope?.offset }
        : { limit: CHILDREN_LIMIT }),
    };
    const { sql, params } = buildRecordQuery(child, filter, scope, {
      extraFields: [spec.foreignKey],
      ...(paged ? { pagePer: spec.foreignKey } : {}),
    });
    const children = await tx.query(sql, params);
    await applyIncludes(tx, child, children, item.scope?.include, scope, resolvers);
    for (const related of children) {
      delete related.__n;
      byParent.get(related[spec.foreignKey] as number)?.push(related);
    }
  }
  for (const row of rows) row[item.relation] = byParent.get(row.id as number) ?? [];
}
