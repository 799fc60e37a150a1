/**
 * Worker-thread entry: generates one report (generateReport) off the API's event loop and posts back
 * { ok, rows, bytes } or { ok: false, message }.
 */
import { parentPort, workerData } from 'node:worker_threads';
// Same type parsers as the app's pool (numeric as numbers, dates as plain text).
import '../../db/database.ts';
import { generateReport } from './generateReport.ts';
import { isUserFacing } from './reportError.ts';
import type { ReportPlan } from './reportPlan.ts';

const { connectionString, plan } = workerData as { connectionString: string; plan: ReportPlan };
try {
  const result = await generateReport(connectionString, plan);
  parentPort?.postMessage({ ok: true, ...result });
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    message: error instanceof Error ? error.message : String(error),
    userFacing: isUserFacing(error),
  });
}
