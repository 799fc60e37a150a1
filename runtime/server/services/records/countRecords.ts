import type { Where } from '../../../core/loopbackFilter.ts';
import { buildRecordQuery } from './buildRecordQuery.ts';
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
 * GET /api/<Resource>/count?where= — how many of the tenant's records match. Exact up to `limit` rows: it
 * counts at most limit + 1 of them (an index walk that stops there). Above, unless `exact`, the planner's
 * estimate of the same query — tenant predicate, RLS and filter — answers, never below limit + 1, flagged
 * `aproximado` (a count of millions of rows costs seconds; the grid shows "cerca de 1,2 milhão").
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
  const rows = sql.replace(/^SELECT count\(\*\)::int AS count /, 'SELECT 1 ');
  return runFilterQuery(tx, where, async () => {
    const capped = await tx.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM (${rows} LIMIT ${limit + 1}) AS capped`,
      params,
    );
    if (capped.count <= limit) return { count: capped.count };
    const plan = await tx.one<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
      `EXPLAIN (FORMAT JSON) ${rows}`,
      params,
    );
    const estimate = Math.round(plan['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
    return { count: Math.max(estimate, limit + 1), aproximado: true };
  });
}
