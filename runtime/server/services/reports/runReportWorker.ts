import { Worker } from 'node:worker_threads';
import type { GeneratedReport } from './generateReport.ts';
import { ReportError } from './reportError.ts';
import type { ReportPlan } from './reportPlan.ts';

/** Workers do not inherit the tsx loader: a small .mjs registers it, then imports the TypeScript entry. */
const BOOT_URL = new URL('./reportWorkerBoot.mjs', import.meta.url);
const ENTRY_URL = new URL('./reportWorker.ts', import.meta.url).href;

/** Generates a report in a worker thread (PDF/XLSX writing is CPU-bound); rejects with the worker's message. */
export function runReportWorker(connectionString: string, plan: ReportPlan): Promise<GeneratedReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOT_URL, {
      workerData: { entry: ENTRY_URL, connectionString, plan },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    let settled = false;
    worker.once(
      'message',
      (message: { ok: boolean; message?: string; userFacing?: boolean } & GeneratedReport) => {
        settled = true;
        if (message.ok) resolve({ rows: message.rows, bytes: message.bytes });
        else reject(message.userFacing ? new ReportError(message.message) : new Error(message.message));
      },
    );
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`o processo do relatório terminou com código ${code}`));
    });
  });
}
