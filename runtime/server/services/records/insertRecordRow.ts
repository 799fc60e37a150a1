import { CUSTOM_COLUMN } from '../../../core/customFields.ts';
import type { Tx } from '../../db/database.ts';
import { type RecordScope, selectList } from './buildRecordQuery.ts';
import type { RecordEntity } from './recordEntity.ts';
import { sqlValue } from './sqlValue.ts';
import { translateWriteError } from './translateWriteError.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** INSERT of validated values for the tenant, with the view's fixed values and the audit columns; the stored row in API shape. */
export async function insertRecordRow(
  tx: Tx,
  record: RecordEntity,
  scope: RecordScope,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { entity, fieldMap } = record;
  const columns: string[] = ['criado_por', 'alterado_por'];
  const params: unknown[] = [scope.usuarioId, scope.usuarioId];
  if (entity.scope !== 'global') {
    columns.push('empresa_id');
    params.push(scope.empresaId);
  }
  if (entity.scope === 'filial') {
    columns.push('filial_id');
    params.push(scope.filialId);
  }
  const placeholders = params.map((_, i) => `$${i + 1}`);
  for (const [field, value] of Object.entries({ ...values, ...entity.fixed })) {
    const spec = fieldMap[field];
    if (!spec) continue;
    columns.push(spec.column);
    params.push(sqlValue(spec.type, value));
    // Custom fields: a null value is no value (the key is not stored).
    placeholders.push(
      field === CUSTOM_COLUMN ? `jsonb_strip_nulls($${params.length}::jsonb)` : `$${params.length}`,
    );
  }
  const sql = `INSERT INTO ${q(entity.table)} (${columns.map(q).join(', ')}) VALUES (${placeholders.join(', ')})
    RETURNING ${selectList(record)}`;
  try {
    return await tx.one(sql, params);
  } catch (error) {
    throw translateWriteError(error, record);
  }
}
