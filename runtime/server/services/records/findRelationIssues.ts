import type { Tx } from '../../db/database.ts';
import { buildRecordQuery, type RecordScope } from './buildRecordQuery.ts';
import type { TargetResolver } from './includeRelations.ts';
import type { RecordEntity } from './recordEntity.ts';
import type { FieldIssue } from './validateRecordInput.ts';

/** Where a row's issue goes: the field path (`itens[2].produtoId`) and a prefix of its message. */
export interface RowPlace {
  path(index: number, field: string): string;
  prefix(index: number): string;
}

const TOP: RowPlace = { path: (_index, field) => field, prefix: () => '' };

/**
 * The relation ids of `rows` (values about to be written) that name no record the tenant can see — a
 * foreign key alone would accept another company's id, since constraint checks ignore RLS. One query per
 * relation for all rows; `skip` leaves out a field the server sets itself (a child's parent key).
 */
export async function findRelationIssues(
  tx: Tx,
  record: RecordEntity,
  rows: Record<string, unknown>[],
  scope: RecordScope,
  targetOf: TargetResolver,
  place: RowPlace = TOP,
  skip?: string,
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  for (const relation of Object.values(record.entity.relations)) {
    if (relation.field === skip) continue;
    const idsOf = (row: Record<string, unknown>) => {
      const value = row[relation.field];
      if (value === null || value === undefined) return [];
      return [...new Set((Array.isArray(value) ? value : [value]) as number[])];
    };
    const ids = [...new Set(rows.flatMap(idsOf))];
    if (ids.length === 0) continue;
    const target = targetOf(relation.entity);
    const filter = { where: { id: { inq: ids } }, fields: ['id'], limit: ids.length };
    const { sql, params } = buildRecordQuery(target, filter, scope);
    const found = new Set((await tx.query<{ id: number }>(sql, params)).map((row) => row.id));
    const label = record.entity.fields[relation.field]?.label ?? relation.field;
    rows.forEach((row, index) => {
      const missing = idsOf(row).filter((id) => !found.has(id));
      if (missing.length === 0) return;
      issues.push({
        campo: place.path(index, relation.field),
        mensagem: `${place.prefix(index)}${label}: ${target.entity.label} não encontrado(a) (id ${missing.join(', ')})`,
      });
    });
  }
  return issues;
}
