// Worker-thread bootstrap for runInWorker: a worker does not inherit the parent's tsx loader, so it registers
// tsx itself, imports the TypeScript module named in workerData.entry and runs its default export on
// workerData.input. The answer is posted back as { ok, result } or { ok: false, error }.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
try {
  const task = await import(workerData.entry);
  const result = await task.default(workerData.input);
  parentPort?.postMessage({ ok: true, result });
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    error: {
      message: error instanceof Error ? error.message : String(error),
      statusCode: typeof error?.statusCode === 'number' ? error.statusCode : undefined,
      code: typeof error?.code === 'string' ? error.code : undefined,
      details: error?.details,
    },
  });
}
