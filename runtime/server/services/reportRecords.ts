import { PROCESSING_STATUS } from '../../core/constants.ts';
import type { Database } from '../db/database.ts';
import type { Realtime } from '../plugins/realtime.ts';
import { RELATORIO_COLUMNS, type Relatorio, type RelatorioRow, toRelatorio } from './relatorioView.ts';

/**
 * Days an exported report is kept (the reports dialog tells the user; keep in step with
 * REPORT_RETENTION_DAYS of runtime/web/shell/reports/reportsTexts.ts).
 */
export const REPORT_RETENTION_DAYS = 7;

/** What the report records need from the app (a FastifyInstance fits). */
export interface ReportServices {
  db: Database;
  realtime?: Realtime;
}

export interface NewReport {
  empresaId: number;
  usuarioId: number;
  descricao: string;
  tipo: 'pdf' | 'xlsx';
  /** Websocket event prefix: '<evento>-<tipo>' reaches the user when the file is ready. */
  evento?: string | null;
}

/**
 * Starts an export: a PROCESSANDO record for the user (spec 000 §4). Reports of the company older than
 * REPORT_RETENTION_DAYS are removed on the way.
 */
export async function createReportRecord(services: ReportServices, report: NewReport): Promise<Relatorio> {
  return services.db.withTenant({ empresaId: report.empresaId, usuarioId: report.usuarioId }, async (tx) => {
    await tx.query(
      `DELETE FROM relatorio WHERE empresa_id = $1 AND data_inclusao < now() - make_interval(days => $2)`,
      [report.empresaId, REPORT_RETENTION_DAYS],
    );
    const row = await tx.one<RelatorioRow>(
      `INSERT INTO relatorio (empresa_id, usuario_id, descricao, tipo, evento) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${RELATORIO_COLUMNS}`,
      [report.empresaId, report.usuarioId, report.descricao, report.tipo, report.evento ?? null],
    );
    return toRelatorio(row);
  });
}

/** Tells the user's browsers: '<evento>-<tipo>' for the waiting export, 'relatorio' for the open dialog. */
function announce(services: ReportServices, row: RelatorioRow, relatorio: Relatorio): void {
  if (row.evento) services.realtime?.emitToUser(row.usuarioId, `${row.evento}-${row.tipo}`, relatorio);
  services.realtime?.emitToUser(row.usuarioId, 'relatorio', relatorio);
}

/**
 * Stores the generated file (or an external address) and marks the report FINALIZADO. Run by the
 * job worker, which has no request tenant: the record's id is enough (system transaction). Without
 * `arquivo` the file already stored on the row (by the report worker thread) is kept.
 */
export async function finishReportRecord(
  services: ReportServices,
  id: number,
  file: { arquivo?: Buffer; url?: string },
): Promise<Relatorio> {
  const row = await services.db.withSystem((tx) =>
    tx.one<RelatorioRow>(
      `UPDATE relatorio SET status = $2, arquivo = coalesce($3, arquivo), url = $4, erro = NULL, finalizado_em = now()
        WHERE id = $1 RETURNING ${RELATORIO_COLUMNS}`,
      [id, PROCESSING_STATUS.FINALIZADO, file.arquivo ?? null, file.url ?? null],
    ),
  );
  const relatorio = toRelatorio(row);
  announce(services, row, relatorio);
  return relatorio;
}

/** Marks the report ERRO with a message the user can read in the dialog. */
export async function failReportRecord(
  services: ReportServices,
  id: number,
  message: string,
): Promise<Relatorio> {
  const row = await services.db.withSystem((tx) =>
    tx.one<RelatorioRow>(
      `UPDATE relatorio SET status = $2, erro = $3, finalizado_em = now() WHERE id = $1
       RETURNING ${RELATORIO_COLUMNS}`,
      [id, PROCESSING_STATUS.ERRO, message],
    ),
  );
  const relatorio = toRelatorio(row);
  announce(services, row, relatorio);
  return relatorio;
}
