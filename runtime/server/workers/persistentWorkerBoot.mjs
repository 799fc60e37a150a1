// Worker-thread bootstrap of createPersistentWorker: registers tsx once, imports the module named in
// workerData.moduleUrl and answers each { id, input } message with { id, ok, value } or { id, ok: false,
// error } from its `run(input)` export (an HttpError keeps its status, code and message).
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const module = await import(workerData.moduleUrl);
parentPort.on('message', async ({ id, input }) => {
  try {
    if (typeof module.run !== 'function') throw new Error(`${workerData.moduleUrl} não exporta run(input)`);
    parentPort.postMessage({ id, ok: true, value: await module.run(input) });
  } catch (error) {
    const statusCode = typeof error?.statusCode === 'number' ? error.statusCode : undefined;
    parentPort.postMessage({
      id,
      ok: false,
      error: {
        message: error instanceof Error ? error.message : String(error),
        statusCode,
        code: typeof error?.code === 'string' ? error.code : undefined,
        details: statusCode === undefined ? undefined : error.details,
      },
    });
  }
});
