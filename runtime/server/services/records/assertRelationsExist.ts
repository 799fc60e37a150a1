import type { Tx } from '../../db/database.ts';
import type { RecordScope } from './buildRecordQuery.ts';
import { findRelationIssues } from './findRelationIssues.ts';
import type { TargetResolver } from './includeRelations.ts';
import type { RecordEntity } from './recordEntity.ts';
import { throwFieldIssues } from './validateRecordInput.ts';

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
  const issues = await findRelationIssues(tx, record, [values], scope, targetOf);
  if (issues.length > 0) throwFieldIssues(issues);
}
