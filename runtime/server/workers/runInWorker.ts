import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors.ts';

const BOOT_URL = new URL('./workerBoot.mjs', import.meta.url);

export interface WorkerCaps {
  /** The worker is terminated after this long and the call fails with `timeoutMessage` (422). */
  timeoutMs: number;
  /** pt-BR message for a task that ran out of time. */
  timeoutMessage: string;
  /** Largest accepted input in bytes (Buffers/strings of the input); larger answers 413 before any work. */
  maxInputBytes?: number;
  /** pt-BR message for an input over maxInputBytes. */
  tooLargeMessage?: string;
  /** Heap cap of the worker. */
  maxOldGenerationSizeMb?: number;
}

function inputBytes(input: unknown): number {
  if (typeof input === 'string') return Buffer.byteLength(input);
  if (input instanceof Uint8Array) return input.byteLength;
  if (Array.isArray(input)) return input.reduce((sum: number, item) => sum + inputBytes(item), 0);
  if (input && typeof input === 'object')
    return Object.values(input).reduce((sum: number, value) => sum + inputBytes(value), 0);
  return 0;
}

/**
 * Runs untrusted or CPU-heavy work (certificate parsing, ZIP building…) in a worker thread so the API's event
 * loop never waits on it. `entry` is a module whose default export takes `input` and returns a structured-clone
 * friendly result. An HttpError thrown there comes back as the same HttpError; a task over its time is
 * terminated and answers 422 with `caps.timeoutMessage`; a worker that dies answers 422 too, never a 500 from
 * input.
 */
export function runInWorker<T>(entry: URL, input: unknown, caps: WorkerCaps): Promise<T> {
  if (caps.maxInputBytes !== undefined && inputBytes(input) > caps.maxInputBytes) {
    return Promise.reject(
      new HttpError(
        413,
        'ARQUIVO_GRANDE_DEMAIS',
        caps.tooLargeMessage ?? 'O arquivo enviado é grande demais.',
      ),
    );
  }
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(BOOT_URL, {
      workerData: { entry: entry.href, input },
      resourceLimits: { maxOldGenerationSizeMb: caps.maxOldGenerationSizeMb ?? 256 },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new HttpError(422, 'PROCESSAMENTO_EXCEDEU_TEMPO', caps.timeoutMessage))),
      caps.timeoutMs,
    );
    worker.once(
      'message',
      (message: {
        ok: boolean;
        result?: T;
        error?: { message: string; statusCode?: number; code?: string; details?: unknown };
      }) =>
        finish(() => {
          if (message.ok) return resolve(message.result as T);
          const error = message.error ?? { message: 'erro desconhecido' };
          if (error.statusCode && error.statusCode < 500 && error.code)
            return reject(new HttpError(error.statusCode, error.code, error.message, error.details));
          reject(new Error(error.message));
        }),
    );
    worker.once('error', (error) =>
      finish(() =>
        reject(
          /heap|memory/i.test(error.message)
            ? new HttpError(
                422,
                'PROCESSAMENTO_EXCEDEU_MEMORIA',
                'O arquivo exigiu memória demais para ser processado.',
              )
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`a tarefa em segundo plano terminou com código ${code}`))),
    );
  });
}
