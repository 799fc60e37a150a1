import { HttpError } from '../../errors.ts';
import { assertRelationsExist } from './assertRelationsExist.ts';
import { scopeConditions, selectList } from './buildRecordQuery.ts';
import type { RecordContext } from './recordContext.ts';
import { recordNotFound } from './recordNotFound.ts';
import { sqlValue } from './sqlValue.ts';
import { translateWriteError } from './translateWriteError.ts';
import { validateRecordInput } from './validateRecordInput.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const STALE = 'Este registro foi alterado por outro usuário. Recarregue a página e tente novamente.';

/**
 * PUT (mode replace: fields left out are cleared) or PATCH (only the fields sent) of one record. With
 * `versao` in the body the update applies only to that version (409 when someone saved first); every
 * update bumps versao and stamps alteradoEm/alteradoPor. 404 when absent or another tenant's.
 */
export async function updateRecord(
  context: RecordContext,
  id: number,
  body: unknown,
  mode: 'replace' | 'patch',
): Promise<Record<string, unknown>> {
  const { tx, record, scope } = context;
  const { entity, fieldMap } = record;
  const { values, versao } = validateRecordInput(record, body, mode);
  if (mode === 'replace') for (const field of record.writable) if (!(field in values)) values[field] = null;
  await assertRelationsExist(tx, record, values, scope, context.lookupTarget);
  const params: unknown[] = [id];
  const where = ['id = $1', ...scopeConditions(record, scope, params)];
  params.push(scope.usuarioId);
  const sets = ['versao = versao + 1', 'alterado_em = now()', `alterado_por = $${params.length}`];
  for (const [field, value] of Object.entries(values)) {
    const spec = fieldMap[field];
    if (!spec) continue;
    params.push(sqlValue(spec.type, value));
    sets.push(`${q(spec.column)} = $${params.length}`);
  }
  const matchVersion = versao !== undefined ? ` AND versao = $${params.push(versao)}` : '';
  const sql = `UPDATE ${q(entity.table)} SET ${sets.join(', ')} WHERE ${where.join(' AND ')}${matchVersion}
    RETURNING ${selectList(record)}`;
  let row: Record<string, unknown> | undefined;
  try {
    row = await tx.maybeOne(sql, params);
  } catch (error) {
    throw translateWriteError(error, record, 'write');
  }
  if (row) return row;
  const existsParams: unknown[] = [id];
  const existsWhere = ['id = $1', ...scopeConditions(record, scope, existsParams)].join(' AND ');
  const exists = await tx.maybeOne(`SELECT 1 FROM ${q(entity.table)} WHERE ${existsWhere}`, existsParams);
  if (exists) throw new HttpError(409, 'REGISTRO_ALTERADO', STALE);
  throw recordNotFound(entity);
}
