import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PROCESSING_STATUS } from '../../../core/constants.ts';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { Realtime } from '../../plugins/realtime.ts';
import type { TenantRegistry } from '../tenantRegistry.ts';
import { DatabasePartSink } from './DatabasePartSink.ts';
import { updateExportacao } from './exportacaoRecords.ts';
import { exportCompany } from './exportCompany.ts';

/** Queue of company exports and the queue its jobs land in when every attempt was lost. */
export const EXPORT_QUEUE = 'empresa-exportar';
export const EXPORT_DEAD_QUEUE = 'empresa-exportar-interrompido';

export interface ExportJobData {
  exportacaoId: number;
  empresaId: number;
  configWhiteLabelId: number;
}

export interface ExportJobServices {
  db: Database;
  tenants: TenantRegistry;
  realtime?: Realtime;
  log: { info(object: object, message?: string): void; warn(object: object, message?: string): void };
}

const FAILED = 'Não foi possível gerar a exportação. Tente novamente ou fale com o suporte.';
const INTERRUPTED = 'A exportação foi interrompida. Gere-a novamente.';

/** Creates the export queues (idempotent): one retry after a lost attempt, then the dead-letter queue. */
export async function createExportQueues(queue: JobQueue): Promise<void> {
  await queue.createQueue(EXPORT_DEAD_QUEUE, { retryLimit: 2 });
  await queue.createQueue(EXPORT_QUEUE, {
    retryLimit: 1,
    retryDelay: 5,
    expireInSeconds: 4 * 60 * 60,
    deadLetter: EXPORT_DEAD_QUEUE,
  });
}

async function stillProcessing(db: Database, id: number): Promise<boolean> {
  const row = await db.withSystem((tx) =>
    tx.maybeOne<{ status: number }>('SELECT status FROM exportacao_empresa WHERE id = $1', [id]),
  );
  return row?.status === PROCESSING_STATUS.PROCESSANDO;
}

/**
 * Runs one export: the ZIP streams from the company's rows (exportCompany) into 1 MB parts stored on
 * the record, hashed on the way; progress per table and the end reach the requester by websocket
 * ('exportacao-empresa'). A retried attempt starts over (its parts are removed first).
 */
export async function runExportJob(services: ExportJobServices, data: ExportJobData): Promise<void> {
  const { db } = services;
  if (!(await stillProcessing(db, data.exportacaoId))) return;
  const started = Date.now();
  try {
    await db.withSystem((tx) =>
      tx.query('DELETE FROM exportacao_empresa_parte WHERE exportacao_id = $1', [data.exportacaoId]),
    );
    const tenant = await services.tenants.byId(data.configWhiteLabelId);
    if (!tenant) throw new Error('white-label da empresa não encontrado');
    const sink = new DatabasePartSink(db, data.exportacaoId);
    const hash = createHash('sha256');
    const tap = new PassThrough();
    tap.on('data', (chunk: Buffer) => hash.update(chunk));
    const piping = pipeline(tap, sink);
    let lastShown = -1;
    const manifest = await exportCompany(
      db,
      tenant.schemas,
      data.empresaId,
      tap,
      async (done, total, table) => {
        const progresso = Math.min(99, Math.floor((done / Math.max(total, 1)) * 100));
        if (progresso === lastShown) return;
        lastShown = progresso;
        await updateExportacao(services, data.exportacaoId, { progresso, etapa: table || null });
      },
    );
    tap.end();
    await piping;
    const linhas = manifest.tabelas.reduce((sum, t) => sum + t.linhas, 0);
    await updateExportacao(services, data.exportacaoId, {
      status: PROCESSING_STATUS.FINALIZADO,
      progresso: 100,
      etapa: null,
      bytes: sink.bytes,
      linhas,
      sha256: hash.digest('hex'),
      finalizado: true,
    });
    services.log.info(
      {
        exportacaoId: data.exportacaoId,
        empresaId: data.empresaId,
        bytes: sink.bytes,
        linhas,
        ms: Date.now() - started,
      },
      'exportação da empresa gerada',
    );
  } catch (error) {
    services.log.warn({ err: error, exportacaoId: data.exportacaoId }, 'falha ao exportar a empresa');
    await db.withSystem((tx) =>
      tx.query('DELETE FROM exportacao_empresa_parte WHERE exportacao_id = $1', [data.exportacaoId]),
    );
    await updateExportacao(services, data.exportacaoId, {
      status: PROCESSING_STATUS.ERRO,
      erro: FAILED,
      finalizado: true,
    });
  }
}

/** Works the export queues in this process (beside the report exports: see workReportJobs). */
export async function workExportJobs(services: ExportJobServices, queue: JobQueue): Promise<void> {
  await createExportQueues(queue);
  await queue.work<ExportJobData>(EXPORT_QUEUE, (data) => runExportJob(services, data));
  await queue.work<ExportJobData>(EXPORT_DEAD_QUEUE, async (data) => {
    if (await stillProcessing(services.db, data.exportacaoId))
      await updateExportacao(services, data.exportacaoId, {
        status: PROCESSING_STATUS.ERRO,
        erro: INTERRUPTED,
        finalizado: true,
      });
  });
}
