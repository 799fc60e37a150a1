import { FilterError, parseFilter } from '../../core/loopbackFilter.ts';
import { compileFilter } from '../db/compileFilter.ts';
import type { Tx } from '../db/database.ts';
import { ALERTA_COLUMNS, ALERTA_FIELDS, type Alerta, toAlerta } from './alertaView.ts';

/**
 * One user's alerts matching a LoopBack filter (where/order/limit/skip over the allow-list of
 * ALERTA_FIELDS; default order newest first). Runs inside that user's tenant transaction.
 */
export async function findAlertas(
  tx: Tx,
  usuarioId: number,
  rawFilter: unknown,
  options: { defaultLimit?: number; maxLimit?: number } = {},
): Promise<Alerta[]> {
  const filter = parseFilter(rawFilter, { maxLimit: options.maxLimit ?? 500 });
  if (filter.include?.length) throw new FilterError('include não é suportado em Alertas.');
  if (filter.fields) throw new FilterError('fields não é suportado em Alertas.');
  const compiled = compileFilter(filter, ALERTA_FIELDS, {
    defaultOrder: 'data DESC',
    defaultLimit: options.defaultLimit ?? 100,
    params: [usuarioId],
  });
  const params = compiled.params;
  params.push(compiled.limit, compiled.offset ?? 0);
  const rows = await tx.query<Alerta>(
    `SELECT * FROM (SELECT ${ALERTA_COLUMNS} FROM alerta WHERE usuario_id = $1) a
      WHERE ${compiled.where} ${compiled.orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map(toAlerta);
}
