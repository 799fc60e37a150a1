// Worker-thread bootstrap of runInWorker: a worker does not inherit the parent's tsx loader, so it
// registers tsx, imports the module named in workerData.moduleUrl, runs its `run(input)` export and posts
// back { ok: true, value } or { ok: false, error } (an HttpError keeps its status, code and message).
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { moduleUrl, input } = workerData;
try {
  const module = await import(moduleUrl);
  if (typeof module.run !== 'function') throw new Error(`${moduleUrl} não exporta run(input)`);
  const value = await module.run(input);
  parentPort.postMessage({ ok: true, value });
} catch (error) {
  const statusCode = typeof error?.statusCode === 'number' ? error.statusCode : undefined;
  parentPort.postMessage({
    ok: false,
    error: {
      message: error instanceof Error ? error.message : String(error),
      statusCode,
      code: typeof error?.code === 'string' ? error.code : undefined,
      details: statusCode === undefined ? undefined : error.details,
    },
  });
}
