import { FilterError, parseFilter } from '../../core/loopbackFilter.ts';
import { compileFilter } from '../db/compileFilter.ts';
import type { Tx } from '../db/database.ts';
import {
  OWN_RELATORIOS_SQL,
  RELATORIO_FIELDS,
  type Relatorio,
  type RelatorioRow,
  toRelatorio,
} from './relatorioView.ts';
import { REPORT_RETENTION_DAYS } from './reportRecords.ts';

/** One user's exported reports matching a LoopBack filter (default order dataInclusao DESC). */
export async function findRelatorios(tx: Tx, usuarioId: number, rawFilter: unknown): Promise<Relatorio[]> {
  const filter = parseFilter(rawFilter, { maxLimit: 500 });
  if (filter.include?.length) throw new FilterError('include não é suportado em Relatorios.');
  if (filter.fields) throw new FilterError('fields não é suportado em Relatorios.');
  const compiled = compileFilter(filter, RELATORIO_FIELDS, {
    defaultOrder: 'dataInclusao DESC',
    defaultLimit: 100,
    params: [usuarioId, REPORT_RETENTION_DAYS],
  });
  const params = compiled.params;
  params.push(compiled.limit, compiled.offset ?? 0);
  const rows = await tx.query<RelatorioRow>(
    `SELECT * FROM (${OWN_RELATORIOS_SQL}) r WHERE ${compiled.where} ${compiled.orderBy}
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map(toRelatorio);
}
