import { CUSTOM_COLUMN } from '../../../core/customFields.ts';
import type { Tx } from '../../db/database.ts';
import { type RecordScope, scopeConditions, selectList } from './buildRecordQuery.ts';
import type { RecordEntity } from './recordEntity.ts';
import { sqlValue } from './sqlValue.ts';
import { translateWriteError } from './translateWriteError.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * UPDATE of one row of the tenant with validated values: bumps versao, stamps alteradoEm/alteradoPor,
 * applies only to `versao` when given. The row in API shape, or undefined when no row matched.
 */
export async function updateRecordRow(
  tx: Tx,
  record: RecordEntity,
  scope: RecordScope,
  id: number,
  values: Record<string, unknown>,
  versao?: number,
): Promise<Record<string, unknown> | undefined> {
  const { entity, fieldMap } = record;
  const params: unknown[] = [id];
  const where = ['id = $1', ...scopeConditions(record, scope, params)];
  params.push(scope.usuarioId);
  const sets = ['versao = versao + 1', 'alterado_em = now()', `alterado_por = $${params.length}`];
  for (const [field, value] of Object.entries(values)) {
    const spec = fieldMap[field];
    if (!spec) continue;
    params.push(sqlValue(spec.type, value));
    // Custom fields merge into the stored object (a key sent as null is removed): values of fields this
    // white-label no longer shows, or a form that sends only some keys, are kept.
    sets.push(
      field === CUSTOM_COLUMN
        ? `${q(spec.column)} = jsonb_strip_nulls(coalesce(${q(spec.column)}, '{}'::jsonb) || $${params.length}::jsonb)`
        : `${q(spec.column)} = $${params.length}`,
    );
  }
  const matchVersion = versao !== undefined ? ` AND versao = $${params.push(versao)}` : '';
  const sql = `UPDATE ${q(entity.table)} SET ${sets.join(', ')} WHERE ${where.join(' AND ')}${matchVersion}
    RETURNING ${selectList(record)}`;
  try {
    return await tx.maybeOne(sql, params);
  } catch (error) {
    throw translateWriteError(error, record);
  }
}
