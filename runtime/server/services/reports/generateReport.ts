import pg from 'pg';
import Cursor from 'pg-cursor';
import { APP_ROLE } from '../../db/database.ts';
import { ReportError } from './reportError.ts';
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

/** Streams the plan's rows through a cursor into `sink` (groups, totals); returns how many rows there were. */
async function feed(client: pg.Client, plan: ReportPlan, sink: ReportSink): Promise<number> {
  const rows = new ReportRows(plan, sink);
  const cursor = client.query(new Cursor(plan.sql, plan.params));
  try {
    for (;;) {
      const batch = await cursor.read(REPORT_BATCH_ROWS);
      for (const row of batch) rows.push(row);
      if (batch.length < REPORT_BATCH_ROWS) break;
    }
  } finally {
    await cursor.close();
  }
  rows.end();
  return rows.count;
}

/**
 * Generates a report file and stores it on its relatorio row, in one REPEATABLE READ transaction as the
 * tenant (RLS role and settings, as Database.withTenant): the header, the rows streamed through a cursor
 * in batches of REPORT_BATCH_ROWS (one consistent snapshot, so totals match rows), the XLSX or PDF
 * written as rows arrive. Meant for a worker thread: the CPU-heavy writing never runs on the API's loop.
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
    const chunks: Buffer[] = [];
    const output = (chunk: Buffer) => chunks.push(chunk);
    // Only the writer in use is loaded: the worker thread does not pay for the other library.
    let writer: { sink: ReportSink; finish(): Promise<void> };
    if (plan.formato === 'pdf') {
      const pdf = (await import('./writeReportPdf.ts')).createPdfWriter(plan, header, output);
      await feed(client, plan, pdf.layout);
      writer = pdf;
    } else writer = (await import('./writeReportXlsx.ts')).createXlsxWriter(plan, header, output);
    const count = await feed(client, plan, writer.sink);
    await writer.finish();
    const file = Buffer.concat(chunks);
    const stored = await client.query('UPDATE relatorio SET arquivo = $2 WHERE id = $1 AND status = 0', [
      plan.relatorioId,
      file,
    ]);
    await client.query('COMMIT');
    if (stored.rowCount === 0) throw new ReportError('O relatório foi excluído durante o processamento.');
    return { rows: count, bytes: file.length };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
