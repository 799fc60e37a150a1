import { Worker } from 'node:worker_threads';
import type { GeneratedReport } from './generateReport.ts';
import { ReportError } from './reportError.ts';
import type { ReportPlan } from './reportPlan.ts';

/** Workers do not inherit the tsx loader: a small .mjs registers it, then imports the TypeScript entry. */
const BOOT_URL = new URL('./reportWorkerBoot.mjs', import.meta.url);
const ENTRY_URL = new URL('./reportWorker.ts', import.meta.url).href;

/**
 * The worker's heap. Generation streams (a batch of rows, one PDF page, one part of the file), so its live
 * heap stays in tens of MB whatever the report's size; a small young generation makes V8 collect the
 * per-row garbage often instead of letting it grow the process (XLSX 100,000 rows: about 25 MB less RSS).
 * The old-generation cap only stops a runaway report before it takes the API process with it.
 */
export const REPORT_WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 };

/** Generates a report in a worker thread (PDF/XLSX writing is CPU-bound); rejects with the worker's message. */
export function runReportWorker(connectionString: string, plan: ReportPlan): Promise<GeneratedReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOT_URL, {
      workerData: { entry: ENTRY_URL, connectionString, plan },
      resourceLimits: REPORT_WORKER_LIMITS,
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
