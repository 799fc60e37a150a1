import { assertRelationsExist } from './assertRelationsExist.ts';
import { selectList } from './buildRecordQuery.ts';
import type { RecordContext } from './recordContext.ts';
import { sqlValue } from './sqlValue.ts';
import { translateWriteError } from './translateWriteError.ts';
import { validateRecordInput } from './validateRecordInput.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * POST /api/<Resource> — validates the body (defaults applied), checks its relations, inserts it for the
 * tenant with the view's fixed values and the audit columns, and returns the stored record.
 */
export async function createRecord(context: RecordContext, body: unknown): Promise<Record<string, unknown>> {
  const { tx, record, scope } = context;
  const { entity, fieldMap } = record;
  const { values } = validateRecordInput(record, body, 'create');
  await assertRelationsExist(tx, record, values, scope, context.lookupTarget);
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
  for (const [field, value] of Object.entries({ ...values, ...entity.fixed })) {
    const spec = fieldMap[field];
    if (!spec) continue;
    columns.push(spec.column);
    params.push(sqlValue(spec.type, value));
  }
  const placeholders = params.map((_, i) => `$${i + 1}`).join(', ');
  const sql = `INSERT INTO ${q(entity.table)} (${columns.map(q).join(', ')}) VALUES (${placeholders})
    RETURNING ${selectList(record)}`;
  try {
    return await tx.one(sql, params);
  } catch (error) {
    throw translateWriteError(error, record, 'write');
  }
}
