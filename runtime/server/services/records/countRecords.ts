import type { Where } from '../../../core/loopbackFilter.ts';
import { buildRecordQuery, textSearchFields } from './buildRecordQuery.ts';
import { textCollationIsIcu } from './prefixRange.ts';
import type { RecordContext } from './recordContext.ts';
import { runFilterQuery } from './runFilterQuery.ts';

/**
 * Up to how many matching rows /count counts exactly; above it the answer is the planner's estimate
 * (`aproximado: true`) unless the exact count is asked. COUNT_EXACT_LIMIT, default 10,000 (a capped
 * count of that many index entries costs a few milliseconds).
 */
export const COUNT_EXACT_LIMIT = readLimit(process.env.COUNT_EXACT_LIMIT, 10_000);

function readLimit(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && Number.isSafeInteger(number) && number >= 0 ? number : fallback;
}

/** The answer of /count: LoopBack's `{count}`, plus `aproximado: true` when it is an estimate. */
export interface CountAnswer {
  count: number;
  aproximado?: true;
}

/**
 * How far above the exact limit the planner's estimate must be for the count to answer with it at once,
 * without counting the first limit + 1 rows: an estimate of 2× the limit or more is far enough from the
 * limit that the planner's usual error (a few tens of per cent for a pattern or a range) does not cross it.
 */
const ESTIMATE_MARGIN = 2;

/** How long a table's row estimate (pg_class.reltuples) is reused by this process. */
const TABLE_ROWS_MS = 60_000;
const tableRows = new Map<string, { rows: number; at: number }>();

/**
 * The planner's idea of a table's rows, every tenant's (ANALYZE or autovacuum keeps it): a table smaller
 * than ESTIMATE_MARGIN × the limit cannot need an estimate, and its counts skip the EXPLAIN (one round trip).
 * A table never analysed (-1) counts as small: the capped count still tells, and autovacuum soon knows.
 */
async function rowsOfTable(tx: RecordContext['tx'], table: string): Promise<number> {
  const known = tableRows.get(table);
  if (known && Date.now() - known.at < TABLE_ROWS_MS) return known.rows;
  const row = await tx.maybeOne<{ rows: number }>(
    'SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = to_regclass($1)',
    [table],
  );
  const rows = row && row.rows >= 0 ? row.rows : 0;
  tableRows.set(table, { rows, at: Date.now() });
  return rows;
}

/**
 * GET /api/<Resource>/count?where= — how many of the tenant's records match. Exact up to `limit` rows: it
 * counts at most limit + 1 of them (an index walk that stops there). Above, unless `exact`, the planner's
 * estimate of the same query — tenant predicate, RLS and filter — answers, never below limit + 1, flagged
 * `aproximado` (a count of millions of rows costs seconds; the grid shows "cerca de 1,2 milhão").
 *
 * Without a text search, on a table of at least ESTIMATE_MARGIN × the limit rows, the estimate is asked
 * first (planning only, under a millisecond): when it is already ESTIMATE_MARGIN times the limit, it answers
 * without the capped count (the unfiltered count of 1 M produtos: p95 19.7 → 6.9 ms at 20 clients). A
 * search keeps the capped count first: it usually narrows below the limit, and a planner's guess for a
 * pattern is coarse (10,081 or 20,213 for the same "cam%", by ANALYZE's sample).
 * It is the estimate of the filter as written, without the prefix ranges the count adds (prefixRange.ts):
 * the planner takes a range and its pattern as independent, so both together would estimate a hundredth.
 */
export async function countRecords(
  context: RecordContext,
  where: Where | undefined,
  options: { exact?: boolean; limit?: number } = {},
): Promise<CountAnswer> {
  const { tx } = context;
  const { sql, params } = buildRecordQuery(context.record, where ? { where } : {}, context.scope, {
    count: true,
    prefixRanges: await textCollationIsIcu(tx),
  });
  const limit = options.limit ?? COUNT_EXACT_LIMIT;
  if (options.exact) return runFilterQuery(tx, where, () => tx.one<CountAnswer>(sql, params));
  const rowsOf = (countSql: string) => countSql.replace(/^SELECT count\(\*\)::int AS count /, 'SELECT 1 ');
  const plain = buildRecordQuery(context.record, where ? { where } : {}, context.scope, { count: true });
  const estimateOf = async () => {
    const plan = await tx.one<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
      `EXPLAIN (FORMAT JSON) ${rowsOf(plain.sql)}`,
      plain.params,
    );
    return Math.round(plan['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  };
  return runFilterQuery(tx, where, async () => {
    // A text search (like/ilike) usually narrows to a page or a few thousand rows, where the capped count
    // alone answers in one trip; other filters (none, a flag, a status, a period) often keep most rows.
    const large =
      limit > 0 &&
      textSearchFields(where).size === 0 &&
      (await rowsOfTable(tx, context.record.entity.table)) >= ESTIMATE_MARGIN * limit;
    const first = large ? await estimateOf() : undefined;
    if (first !== undefined && first >= ESTIMATE_MARGIN * limit) return { count: first, aproximado: true };
    const capped = await tx.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM (${rowsOf(sql)} LIMIT ${limit + 1}) AS capped`,
      params,
    );
    if (capped.count <= limit) return { count: capped.count };
    return { count: Math.max(first ?? (await estimateOf()), limit + 1), aproximado: true };
  });
}
