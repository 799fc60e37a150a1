import type { Tx } from '../../db/database.ts';
import { buildRecordQuery, type RecordScope } from './buildRecordQuery.ts';
import type { TargetResolver } from './includeRelations.ts';
import type { RecordEntity } from './recordEntity.ts';
import { type FieldIssue, throwFieldIssues } from './validateRecordInput.ts';

/**
 * Checks that every relation id being written names a record the tenant can see (a foreign key alone
 * would accept another company's id, since constraint checks ignore RLS); 400 naming the field otherwise.
 */
export async function assertRelationsExist(
  tx: Tx,
  record: RecordEntity,
  values: Record<string, unknown>,
  scope: RecordScope,
  targetOf: TargetResolver,
): Promise<void> {
  const issues: FieldIssue[] = [];
  for (const relation of Object.values(record.entity.relations)) {
    const value = values[relation.field];
    if (value === null || value === undefined) continue;
    const ids = [...new Set((Array.isArray(value) ? value : [value]) as number[])];
    if (ids.length === 0) continue;
    const target = targetOf(relation.entity);
    const filter = { where: { id: { inq: ids } }, fields: ['id'], limit: ids.length };
    const { sql, params } = buildRecordQuery(target, filter, scope);
    const found = new Set((await tx.query<{ id: number }>(sql, params)).map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length === 0) continue;
    const label = record.entity.fields[relation.field]?.label ?? relation.field;
    issues.push({
      campo: relation.field,
      mensagem: `${label}: ${target.entity.label} não encontrado(a) (id ${missing.join(', ')})`,
    });
  }
  if (issues.length > 0) throwFieldIssues(issues);
}
