import type { Database } from '../../db/database.ts';
import { createNotaFiscalQueues, workNotaFiscalJobs } from '../../fiscal/notaFiscalJobs.ts';
import type { Mailer } from '../../mail/createMailer.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { Realtime } from '../../plugins/realtime.ts';
import { createExportQueues, workExportJobs } from '../exportacaoEmpresa/exportJobs.ts';
import { failReportRecord, finishReportRecord } from '../reportRecords.ts';
import type { TenantRegistry } from '../tenantRegistry.ts';
import { buildReportPlan } from './buildReportPlan.ts';
import { loadReportDefinition } from './loadReportDefinition.ts';
import { isUserFacing } from './reportError.ts';
import { runReportWorker } from './runReportWorker.ts';

/** Queue of report exports and the queue its jobs land in when every attempt was lost (process died). */
export const REPORT_QUEUE = 'relatorio-exportar';
export const REPORT_DEAD_QUEUE = 'relatorio-exportar-interrompido';

/** What an export job carries: the report, the user's filters and who asked (the tenant it runs as). */
export interface ReportJobData {
  relatorioId: number;
  relatorio: string;
  formato: 'pdf' | 'xlsx';
  filtros: Record<string, unknown>;
  empresaId: number;
  filialId: number | null;
  usuarioId: number;
  configWhiteLabelId: number;
}

export interface ReportJobServices {
  db: Database;
  tenants: TenantRegistry;
  realtime?: Realtime;
  log: ReportLog;
  /** The e-mail of authorised notes (XML + DANFE), worked beside the reports. */
  mailer?: Mailer;
}

/** The logging a report job does (a Fastify/pino logger fits). */
export interface ReportLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

const INTERRUPTED = 'O processamento do relatório foi interrompido. Gere o relatório novamente.';
const UNEXPECTED = 'Não foi possível gerar o relatório. Tente novamente ou fale com o suporte.';

/** Creates the report queues (idempotent): one retry after a lost attempt, then the dead-letter queue. */
export async function createReportQueues(queue: JobQueue): Promise<void> {
  await createExportQueues(queue);
  await createNotaFiscalQueues(queue);
  await queue.createQueue(REPORT_DEAD_QUEUE, { retryLimit: 2 });
  await queue.createQueue(REPORT_QUEUE, {
    retryLimit: 1,
    retryDelay: 5,
    expireInSeconds: 30 * 60,
    deadLetter: REPORT_DEAD_QUEUE,
  });
}

/** The message a user reads for a failure: pt-BR messages as thrown, database or internal errors generic. */
function userMessage(error: unknown): string {
  return isUserFacing(error) ? (error as Error).message : UNEXPECTED;
}

async function stillProcessing(db: Database, id: number): Promise<boolean> {
  const row = await db.withSystem((tx) =>
    tx.maybeOne<{ status: number }>('SELECT status FROM relatorio WHERE id = $1', [id]),
  );
  return row?.status === 0;
}

/**
 * Runs one export: rebuilds the plan from the white-label's current definition (a report removed since
 * ends as Erro), generates the file in a worker thread, then marks the record Finalizado — which emits
 * '<evento>-<tipo>' to the user — or Erro with the message. A record deleted or already settled is skipped.
 */
export async function runReportJob(services: ReportJobServices, queue: JobQueue, data: ReportJobData) {
  if (!(await stillProcessing(services.db, data.relatorioId))) return;
  const started = Date.now();
  try {
    const tenant = await services.tenants.byId(data.configWhiteLabelId);
    if (!tenant) throw new Error('White-label do relatório não encontrado.');
    const definition = loadReportDefinition(tenant.schemas, data.relatorio);
    const plan = buildReportPlan({
      definition,
      schemas: tenant.schemas,
      formato: data.formato,
      filtros: data.filtros,
      relatorioId: data.relatorioId,
      tenant: { empresaId: data.empresaId, filialId: data.filialId, usuarioId: data.usuarioId },
    });
    const result = await runReportWorker(queue.connectionString, plan);
    await finishReportRecord(services, data.relatorioId, {});
    services.log.info(
      { relatorioId: data.relatorioId, ...result, ms: Date.now() - started },
      `relatório ${data.relatorio} (${data.formato}) gerado`,
    );
  } catch (error) {
    services.log.warn({ err: error, relatorioId: data.relatorioId }, `falha ao gerar ${data.relatorio}`);
    if (await stillProcessing(services.db, data.relatorioId))
      await failReportRecord(services, data.relatorioId, userMessage(error));
  }
}

/**
 * Works the report queues — and beside them the company exports and the notas fiscais' DANFE and e-mail — in
 * this process (the API by default, or `npm run worker`).
 */
export async function workReportJobs(
  services: ReportJobServices,
  queue: JobQueue,
  options: { concurrency?: number } = {},
): Promise<void> {
  await createReportQueues(queue);
  await workExportJobs(services, queue);
  await workNotaFiscalJobs(services, queue);
  await queue.work<ReportJobData>(REPORT_QUEUE, (data) => runReportJob(services, queue, data), options);
  await queue.work<ReportJobData>(REPORT_DEAD_QUEUE, async (data) => {
    if (await stillProcessing(services.db, data.relatorioId))
      await failReportRecord(services, data.relatorioId, INTERRUPTED);
  });
}
