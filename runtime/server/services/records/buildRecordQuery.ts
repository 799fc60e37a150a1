import { FilterError, type LoopBackFilter } from '../../../core/loopbackFilter.ts';
import { compileFilter } from '../../db/compileFilter.ts';
import { TEXT_COLLATION } from './entityIndexes.ts';
import { prefixRangeConditions } from './prefixRange.ts';
import type { RecordEntity } from './recordEntity.ts';

/** The tenant a records query runs for (also enforced by RLS; repeated here so the indexes are used). */
export interface RecordScope {
  empresaId: number;
  filialId: number | null;
  usuarioId: number;
}

/** Most rows one list call returns when the filter sets no limit. */
export const DEFAULT_LIMIT = 1000;

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The conditions every query of an entity starts with: its tenant columns and, for a view, its fixed
 * values. Values go to `params`; returns the SQL conditions.
 *
 * `empresa_id = $n` repeats the RLS policy on purpose (issue 25, measured as erp_app with EXPLAIN ANALYZE on
 * 200,000 produtos, PostgreSQL 18): with or without it the plans and row estimates are the same in all eight
 * shapes of the comparison bench (the planner folds the policy's current_setting for its estimates, so both
 * forms get the tenant's MCV frequency; a tenant with no rows is estimated at 1 row either way). The pair is
 * not filtered twice per row: the literal becomes the Index Cond and the policy a One-Time Filter evaluated
 * once; what remains is a Result node passing rows through (median of 7: count(*) of 200 k 33.0 ms with it,
 * 36.6 ms without; by id 0.02 vs 0.01 ms; first page 0.05 vs 0.04 ms). That is noise next to what dropping it
 * would cost: the callers of this function (imports, exports, documents, writes) would depend on RLS alone,
 * and a query run under withSystem, which bypasses RLS, would read every tenant's rows.
 */
export function scopeConditions(record: RecordEntity, scope: RecordScope, params: unknown[]): string[] {
  const { entity } = record;
  const conditions: string[] = [];
  if (entity.scope !== 'global') {
    params.push(scope.empresaId);
    conditions.push(`empresa_id = $${params.length}`);
  }
  if (entity.scope === 'filial') {
    params.push(scope.filialId);
    conditions.push(`filial_id = $${params.length}`);
  }
  for (const [field, value] of Object.entries(entity.fixed)) {
    const column = record.fieldMap[field]?.column;
    if (!column) continue;
    params.push(value);
    conditions.push(`${q(column)} = $${params.length}`);
  }
  return conditions;
}

/** The fields a where clause searches by text (like/ilike), at any depth (inside `or` too). */
export function textSearchFields(where: unknown, found = new Set<string>()): Set<string> {
  if (typeof where !== 'object' || where === null) return found;
  for (const [key, value] of Object.entries(where)) {
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value) && ('like' in value || 'ilike' in value)) found.add(key);
    textSearchFields(value, found);
  }
  return found;
}

/** Select list of every output column, aliased to its API name. */
export function selectList(record: RecordEntity, columns?: string[]): string {
  const names = columns ?? [...record.apiNames.keys()];
  const list = names.map((column) => `${q(column)} AS ${q(record.apiNames.get(column) ?? column)}`);
  if (!columns)
    for (const [expression, apiName] of record.computed) list.push(`${expression} AS ${q(apiName)}`);
  return list.join(', ');
}

/**
 * SQL of a list (or count) over an entity: tenant and view conditions, then the LoopBack filter compiled
 * against the entity's field map (where, order — id by default —, limit, skip, fields). `extraFields`
 * are selected even when `fields` leaves them out (relation ids an include needs).
 *
 * A list sorted by a field it also searches by text filters first and sorts the matches after (a subquery
 * with OFFSET 0, which the planner keeps apart): otherwise it may walk the sort column's index until `limit`
 * rows match, assuming the matches spread evenly — but a search for "paraf" or "parafuso" matches rows that
 * sort together far down that index, and the walk reads most of the tenant's rows (seconds on 1M produtos;
 * scripts/bench/records.ts). Filtering first lets the trigram index find the matches; a search that
 * matches most rows costs one scan of them, as its count does. Sorted by another field (id, a price), the
 * matches of a text search have no reason to sort together, and the planner chooses.
 */
export function buildRecordQuery(
  record: RecordEntity,
  filter: LoopBackFilter,
  scope: RecordScope,
  options: {
    count?: boolean;
    extraFields?: string[];
    /** Applies limit and skip per value of this field (a child collection paged per parent): rows carry `__n`. */
    pagePer?: string;
    /** The text collation is ICU's pt-BR (textCollationIsIcu): prefix filters get their range (prefixRange.ts). */
    prefixRanges?: boolean;
  } = {},
): { sql: string; params: unknown[]; keyset?: Array<{ sql: string; params: unknown[] }> } {
  const params: unknown[] = [];
  const conditions = scopeConditions(record, scope, params);
  const firstOrder = (filter.order?.[0] ?? '').split(',')[0]?.trim().split(/\s+/)[0] ?? '';
  // A prefix filter's range (prefixRange.ts) goes where it serves: in a count (an index-only range scan), and
  // in a list sorted by that field, which walks the field's index through the range and stops after the page
  // (left to itself the planner would AND the trigram index of the pattern with the range and sort every match:
  // 26 ms for 8,141 "paraf…" of 1 M; the pattern then reads an expression no index serves, so the range is the
  // only way in). Nowhere else: the planner takes the range and the pattern as independent, so both together
  // estimate 100 rows where 8,141 match, and a list sorted by id then sorts every match instead of walking the
  // primary key to the first 100 (issue 25: 43 req/s against LoopBack 3's 231).
  const prefixFields = options.prefixRanges
    ? prefixRangeConditions(filter.where, record, []).fields
    : new Set<string>();
  const walk = !options.count && prefixFields.has(firstOrder);
  // Bound before the filter compiles, so its placeholders continue after the ranges'.
  const ranged =
    (options.count && options.prefixRanges) || walk
      ? prefixRangeConditions(filter.where, record, params, options.count ? undefined : new Set([firstOrder]))
      : { conditions: [] };
  const walked = walk ? record.filterMap[firstOrder] : undefined;
  const fieldMap = walked
    ? { ...record.filterMap, [firstOrder]: { ...walked, patternSql: `(${q(walked.column)} || '')` } }
    : record.filterMap;
  const compiled = compileFilter(filter, fieldMap, {
    defaultOrder: 'id ASC',
    defaultLimit: DEFAULT_LIMIT,
    params,
    textCollation: TEXT_COLLATION,
  });
  const where = [
    ...conditions,
    compiled.where === 'TRUE' ? '' : `(${compiled.where})`,
    ...ranged.conditions,
  ].filter(Boolean);
  const fromWhere = (extra: string[]) => {
    const all = [...where, ...extra];
    return `FROM ${q(record.entity.table)}${all.length > 0 ? ` WHERE ${all.join(' AND ')}` : ''}`;
  };
  const from = fromWhere([]);
  if (options.count) return { sql: `SELECT count(*)::int AS count ${from}`, params: compiled.params };
  let columns: string[] | undefined;
  if (compiled.columns) {
    columns = compiled.columns.map((quoted) => quoted.slice(1, -1).replaceAll('""', '"'));
    for (const field of options.extraFields ?? []) {
      const column = record.fieldMap[field]?.column;
      if (column && !columns.includes(column)) columns.push(column);
    }
  }
  // A list sorted by a field it also searches by text is fenced, unless it walks a prefix range: the matches
  // sort together in that field's order, so a walk of its index would read every row before them. Sorted
  // by anything else (id, a price), the planner weighs walking that index against filtering first.
  const searched = textSearchFields(filter.where);
  const search = !walk && searched.has(firstOrder);
  const sourceOf = (base: string) =>
    search ? `FROM (SELECT * ${base} OFFSET 0) AS ${q(record.entity.table)}` : base;
  const source = sourceOf(from);
  const partition = options.pagePer ? record.fieldMap[options.pagePer]?.column : undefined;
  if (compiled.keyset) {
    if (partition) throw new FilterError('after não vale no filtro de um include; use skip.');
    const keyset = compiled.keyset.map((branch) => {
      let sql = `SELECT ${selectList(record, columns)} ${sourceOf(fromWhere([`(${branch.where})`]))} ${branch.orderBy}`;
      if (compiled.limit !== null) sql += ` LIMIT ${compiled.limit}`;
      return { sql, params: branch.params };
    });
    return { ...(keyset[0] as { sql: string; params: unknown[] }), keyset };
  }
  if (partition) {
    const order = compiled.orderBy.replace(/^ORDER BY /, '');
    const window = `row_number() OVER (PARTITION BY ${q(partition)}${order ? ` ORDER BY ${order}` : ''}) AS "__n"`;
    const skip = compiled.offset ?? 0;
    const bounds = [`"__n" > ${skip}`];
    if (compiled.limit !== null) bounds.push(`"__n" <= ${skip + compiled.limit}`);
    const inner = `SELECT ${selectList(record, columns)}, ${window} ${source}`;
    return {
      sql: `SELECT * FROM (${inner}) AS paged WHERE ${bounds.join(' AND ')} ORDER BY "__n"`,
      params: compiled.params,
    };
  }
  if (walk && compiled.limit !== null) {
    // The page's ids first, then their rows: the walk through the range reads only the index (the pattern
    // is evaluated on its entries), where reading each row to test it costs a heap visit per rejected row
    // ("cam%": 7,989 rejected "Câmara…" before the first "Camisa", 11.4 → 3.9 ms on 1 M produtos).
    const page = `${compiled.orderBy} LIMIT ${compiled.limit}${compiled.offset !== null ? ` OFFSET ${compiled.offset}` : ''}`;
    return {
      sql:
        `SELECT ${selectList(record, columns)} FROM ${q(record.entity.table)} ` +
        `WHERE "id" = ANY(ARRAY(SELECT "id" ${from} ${page})) ${compiled.orderBy}`,
      params: compiled.params,
    };
  }
  let sql = `SELECT ${selectList(record, columns)} ${source} ${compiled.orderBy}`;
  if (compiled.limit !== null) sql += ` LIMIT ${compiled.limit}`;
  if (compiled.offset !== null) sql += ` OFFSET ${compiled.offset}`;
  return { sql, params: compiled.params };
}
