import { parseWhere } from '../../core/loopbackFilter.ts';
import { compileWhere } from '../db/compileFilter.ts';
import type { Tx } from '../db/database.ts';
import { OWN_RELATORIOS_SQL, RELATORIO_FIELDS } from './relatorioView.ts';
import { REPORT_RETENTION_DAYS } from './reportRecords.ts';

/** How many of the user's reports match a LoopBack where (GET /api/Relatorios/count?where=). */
export async function countRelatorios(tx: Tx, usuarioId: number, rawWhere: unknown): Promise<number> {
  const params: unknown[] = [usuarioId, REPORT_RETENTION_DAYS];
  const where = compileWhere(parseWhere(rawWhere), RELATORIO_FIELDS, params);
  const row = await tx.one<{ count: number }>(
    `SELECT count(*)::int AS count FROM (${OWN_RELATORIOS_SQL}) r WHERE ${where}`,
    params,
  );
  return row.count;
}
