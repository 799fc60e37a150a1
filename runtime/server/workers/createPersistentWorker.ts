import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors.ts';

const BOOT_URL = new URL('./persistentWorkerBoot.mjs', import.meta.url);

export interface PersistentWorkerOptions {
  /** A call is failed (422 TEMPO_ESGOTADO) and the worker replaced after this long. */
  timeoutMs: number;
  timeoutMessage: string;
  /** Calls waiting for the worker beyond this answer 503. */
  maxQueued?: number;
  maxHeapMb?: number;
}

interface Pending {
  owner: Worker;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A long-lived worker thread running the `run(input)` export of `moduleUrl`, one call at a time in
 * arrival order: for CPU work on input the server built itself (signing an NF-e), where starting a
 * thread per call (runInWorker, meant for untrusted uploads) would cost more than the work. The thread
 * starts on the first call, does not keep the process alive (unref) and is replaced after a crash or a
 * timeout.
 */
export function createPersistentWorker<Input, Output>(
  moduleUrl: URL | string,
  options: PersistentWorkerOptions,
) {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const maxQueued = options.maxQueued ?? 256;

  const failAll = (owner: Worker, error: Error) => {
    for (const [id, call] of pending) {
      if (call.owner !== owner) continue;
      clearTimeout(call.timer);
      call.reject(error);
      pending.delete(id);
    }
  };

  const start = () => {
    const created = new Worker(BOOT_URL, {
      workerData: { moduleUrl: String(moduleUrl) },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 256 },
    });
    created.unref();
    created.on(
      'message',
      (message: {
        id: number;
        ok: boolean;
        value?: unknown;
        error?: { message: string; statusCode?: number; code?: string; details?: unknown };
      }) => {
        const call = pending.get(message.id);
        if (!call) return;
        pending.delete(message.id);
        clearTimeout(call.timer);
        if (message.ok) return call.resolve(message.value);
        const error = message.error!;
        if (error.statusCode !== undefined && error.code !== undefined)
          return call.reject(new HttpError(error.statusCode, error.code, error.message, error.details));
        call.reject(new Error(error.message));
      },
    );
    const lost = (error: Error) => {
      if (worker === created) worker = undefined;
      failAll(created, error);
    };
    created.on('error', lost);
    created.on('exit', (code) => lost(new Error(`a tarefa em segundo plano terminou com código ${code}`)));
    return created;
  };

  return {
    call(input: Input): Promise<Output> {
      if (pending.size >= maxQueued)
        return Promise.reject(
          new HttpError(503, 'SERVIDOR_OCUPADO', 'O servidor está ocupado. Tente novamente em instantes.'),
        );
      worker ??= start();
      const current = worker;
      const id = nextId++;
      return new Promise<Output>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new HttpError(422, 'TEMPO_ESGOTADO', options.timeoutMessage));
          // The thread may be stuck: replace it (the other calls fail and can be retried).
          if (worker === current) worker = undefined;
          void current.terminate();
        }, options.timeoutMs);
        pending.set(id, { owner: current, resolve: resolve as (value: unknown) => void, reject, timer });
        current.postMessage({ id, input });
      });
    },
    /** Stops the thread (tests, shutdown). */
    async close(): Promise<void> {
      const current = worker;
      worker = undefined;
      await current?.terminate();
    },
  };
}
