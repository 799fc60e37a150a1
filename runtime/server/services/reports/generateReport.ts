import pg from 'pg';
import { APP_ROLE } from '../../db/database.ts';
import { ReportError } from './reportError.ts';
import { ReportFileParts } from './reportFileParts.ts';
import type { ReportHeader } from './reportHeader.ts';
import type { ReportPlan } from './reportPlan.ts';
import { ReportRows, type ReportSink } from './reportRows.ts';

/** Rows fetched from the cursor per round trip. */
export const REPORT_BATCH_ROWS = 2000;

export interface GeneratedReport {
  rows: number;
  bytes: number;
}

const HEADER_SQL = `SELECT coalesce(f.nome, e.nome) AS empresa, coalesce(f.cpf_cnpj, e.cpf_cnpj, '') AS cnpj,
       coalesce(nullif(u.nome, ''), u.email) AS usuario
  FROM usuario u JOIN empresa e ON e.id = u.empresa_id
  LEFT JOIN filial f ON f.id = $2 AND f.empresa_id = u.empresa_id
 WHERE u.id = $1`;

/** What generateReport needs of a writer (PDF or XLSX). */
interface ReportWriter {
  sink: ReportSink;
  /** Resolves once the rows written so far have left the writer's buffers (backpressure). */
  drain?(): Promise<void>;
  finish(): Promise<void>;
}

/**
 * Streams the plan's rows into `sink` (groups, totals) through an SQL cursor of the transaction, in batches
 * of REPORT_BATCH_ROWS; between two batches the writer drains and the file's full parts are stored (an
 * SQL cursor, unlike a protocol-level one, lets other statements run between fetches). Returns the count.
 */
async function feed(
  client: pg.Client,
  plan: ReportPlan,
  sink: ReportSink,
  between: () => Promise<void> = async () => {},
): Promise<number> {
  const rows = new ReportRows(plan, sink);
  await client.query(`DECLARE relatorio_linhas NO SCROLL CURSOR FOR ${plan.sql}`, plan.params);
  for (;;) {
    const batch = await client.query(`FETCH FORWARD ${REPORT_BATCH_ROWS} FROM relatorio_linhas`);
    for (const row of batch.rows) rows.push(row);
    await between();
    if (batch.rows.length < REPORT_BATCH_ROWS) break;
  }
  await client.query('CLOSE relatorio_linhas');
  rows.end();
  return rows.count;
}

/**
 * Generates a report file and stores it on its relatorio row, in one REPEATABLE READ transaction as the
 * tenant (RLS role and settings, as Database.withTenant): the header, the rows streamed through a cursor
 * in batches of REPORT_BATCH_ROWS (one consistent snapshot, so totals match rows — and a PDF's first
 * pass, which counts its pages, sees the same rows as the pass that paints them), the XLSX or PDF written
 * as rows arrive and stored part by part (ReportFileParts). Memory holds a batch of rows, the writer's
 * current page or zip buffers and one part of the file, whatever the size of the report. Meant for a
 * worker thread: the CPU-heavy writing never runs on the API's loop.
 */
export async function generateReport(connectionString: string, plan: ReportPlan): Promise<GeneratedReport> {
  const client = new pg.Client({ connectionString, application_name: 'erp-relatorios' });
  await client.connect();
  try {
    const { empresaId, filialId, usuarioId } = plan.tenant;
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await client.query(
      `SELECT set_config('role', $1, true), set_config('app.empresa_id', $2, true),
              set_config('app.usuario_id', $3, true), set_config('app.filial_id', $4, true)`,
      [APP_ROLE, String(empresaId), String(usuarioId), filialId ? String(filialId) : ''],
    );
    const found = await client.query(HEADER_SQL, [usuarioId, filialId]);
    const info = found.rows[0] as Omit<ReportHeader, 'geradoEm'> | undefined;
    if (!info) throw new ReportError('Usuário do relatório não encontrado.');
    const header: ReportHeader = { ...info, geradoEm: new Date() };
    const file = await ReportFileParts.open(client);
    // Only the writer in use is loaded: the worker thread does not pay for the other library.
    let writer: ReportWriter;
    if (plan.formato === 'pdf') {
      const pdf = (await import('./writeReportPdf.ts')).createPdfWriter(plan, header, file.write);
      await feed(client, plan, pdf.layout);
      writer = pdf;
    } else writer = (await import('./writeReportXlsx.ts')).createXlsxWriter(plan, header, file.write);
    const count = await feed(client, plan, writer.sink, async () => {
      await writer.drain?.();
      await file.flush();
    });
    await writer.finish();
    const stored = await file.store(plan.relatorioId);
    await client.query('COMMIT');
    if (!stored) throw new ReportError('O relatório foi excluído durante o processamento.');
    return { rows: count, bytes: file.bytes };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
