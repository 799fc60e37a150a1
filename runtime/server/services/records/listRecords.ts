import type { LoopBackFilter } from '../../../core/loopbackFilter.ts';
import { buildRecordQuery, DEFAULT_LIMIT } from './buildRecordQuery.ts';
import { applyIncludes, checkIncludes } from './includeRelations.ts';
import { textCollationIsIcu } from './prefixRange.ts';
import type { RecordContext } from './recordContext.ts';
import { runFilterQuery } from './runFilterQuery.ts';

/** A page of records, and whether the default page cap (no `limit` asked) left rows out. */
export interface RecordPage {
  rows: Record<string, unknown>[];
  /** Set when the filter had no limit and more than DEFAULT_LIMIT rows matched. */
  truncated: boolean;
}

/**
 * GET /api/<Resource>?filter= — the tenant's records matching the LoopBack filter, with includes (relations
 * and child collections, nested). Without a `limit`, at most DEFAULT_LIMIT rows come back and `truncated`
 * says whether more exist (one row more is read to know), so the route can tell the client.
 */
export async function listRecordPage(context: RecordContext, filter: LoopBackFilter): Promise<RecordPage> {
  const { tx, record, scope } = context;
  checkIncludes(record, filter.include, context);
  const capped = filter.limit === undefined;
  // A child collection is found by the parent's id, selected even when `fields` leaves it out; a relation's
  // foreign key is not (LoopBack 3: without it in `fields` the related record is not included).
  const needsId = (filter.include ?? []).some((item) => Object.hasOwn(record.entity.children, item.relation));
  const { sql, params, keyset } = buildRecordQuery(
    record,
    capped ? { ...filter, limit: DEFAULT_LIMIT + 1 } : filter,
    scope,
    {
      extraFields: needsId ? ['id'] : [],
      prefixRanges: await textCollationIsIcu(tx),
    },
  );
  const rows = await runFilterQuery(tx, filter.where, async () => {
    if (!keyset) return tx.query(sql, params);
    // A keyset page reads its branches (the rest of the values, then the null run) until it is full.
    const limit = capped ? DEFAULT_LIMIT + 1 : (filter.limit ?? DEFAULT_LIMIT);
    const found: Record<string, unknown>[] = [];
    for (const branch of keyset) {
      if (found.length >= limit) break;
      const more = await tx.query(
        branch.sql.replace(/ LIMIT \d+$/, ` LIMIT ${limit - found.length}`),
        branch.params,
      );
      found.push(...more);
    }
    return found;
  });
  const truncated = capped && rows.length > DEFAULT_LIMIT;
  if (truncated) rows.length = DEFAULT_LIMIT;
  await applyIncludes(tx, record, rows, filter.include, scope, context);
  return { rows, truncated };
}

/** The rows of listRecordPage (for callers that ask a limit or read one record). */
export async function listRecords(
  context: RecordContext,
  filter: LoopBackFilter,
): Promise<Record<string, unknown>[]> {
  return (await listRecordPage(context, filter)).rows;
}
