import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors.ts';

const BOOT_URL = new URL('./workerBoot.mjs', import.meta.url);

export interface RunInWorkerOptions {
  /** The worker is terminated after this long and the call answers 422 (TEMPO_ESGOTADO). */
  timeoutMs: number;
  /** Input above this many bytes is refused with 413 before any worker starts. */
  maxInputBytes?: number;
  /** Heap cap of the worker (MiB); exceeding it ends the worker and answers 422. Default 256. */
  maxHeapMb?: number;
  /** pt-BR message when the time runs out (defaults to a generic one). */
  timeoutMessage?: string;
}

/** Workers running at once; more calls wait in line (up to MAX_QUEUED, then 503). */
const MAX_RUNNING = Math.max(2, availableParallelism());
const MAX_QUEUED = 64;
let running = 0;
const queue: (() => void)[] = [];

const TIMEOUT_MESSAGE =
  'O processamento do arquivo demorou demais e foi interrompido. Confira se o arquivo está correto e tente novamente.';
const BUSY_MESSAGE = 'O servidor está ocupado processando outros arquivos. Tente novamente em instantes.';
const TOO_LARGE_MESSAGE = (limit: number) =>
  `O arquivo é grande demais para ser processado (limite de ${formatBytes(limit)}).`;
const FAILED_MESSAGE =
  'Não foi possível processar o arquivo: ele exigiu recursos demais. Confira se o arquivo está correto.';

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

function inputSize(input: unknown): number {
  if (input === null || input === undefined) return 0;
  if (typeof input === 'string') return Buffer.byteLength(input);
  if (ArrayBuffer.isView(input)) return input.byteLength;
  if (input instanceof ArrayBuffer) return input.byteLength;
  if (Array.isArray(input)) return input.reduce((sum: number, item) => sum + inputSize(item), 0);
  if (typeof input === 'object')
    return Object.values(input as Record<string, unknown>).reduce<number>(
      (sum, value) => sum + inputSize(value),
      0,
    );
  return 8;
}

async function acquire(): Promise<void> {
  if (running < MAX_RUNNING) {
    running++;
    return;
  }
  if (queue.length >= MAX_QUEUED) throw new HttpError(503, 'SERVIDOR_OCUPADO', BUSY_MESSAGE);
  await new Promise<void>((resolve) => queue.push(resolve));
}

function release(): void {
  const next = queue.shift();
  if (next) next();
  else running--;
}

/**
 * Runs the `run(input)` export of the module at `moduleUrl` in a worker thread, so CPU-heavy work on
 * untrusted input (certificates, ZIPs) never blocks the API's event loop. The input is copied into the
 * worker (structured clone); the value `run` returns comes back the same way. An HttpError thrown by
 * `run` is rethrown here as-is; the worker is terminated when `timeoutMs` passes (422, pt-BR message).
 */
export async function runInWorker<Input, Output>(
  moduleUrl: URL | string,
  input: Input,
  options: RunInWorkerOptions,
): Promise<Output> {
  if (options.maxInputBytes !== undefined && inputSize(input) > options.maxInputBytes)
    throw new HttpError(413, 'ARQUIVO_GRANDE_DEMAIS', TOO_LARGE_MESSAGE(options.maxInputBytes));
  await acquire();
  try {
    return await runOnce<Input, Output>(String(moduleUrl), input, options);
  } finally {
    release();
  }
}

function runOnce<Input, Output>(
  moduleUrl: string,
  input: Input,
  options: RunInWorkerOptions,
): Promise<Output> {
  return new Promise<Output>((resolve, reject) => {
    const worker = new Worker(BOOT_URL, {
      workerData: { moduleUrl, input },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 256 },
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() => reject(new HttpError(422, 'TEMPO_ESGOTADO', options.timeoutMessage ?? TIMEOUT_MESSAGE))),
      options.timeoutMs,
    );
    worker.once(
      'message',
      (
        message:
          | { ok: true; value: Output }
          | {
              ok: false;
              error: { message: string; statusCode?: number; code?: string; details?: unknown };
            },
      ) =>
        settle(() => {
          if (message.ok) return resolve(message.value);
          const { error } = message;
          if (error.statusCode !== undefined && error.code !== undefined)
            return reject(new HttpError(error.statusCode, error.code, error.message, error.details));
          reject(new Error(error.message));
        }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new HttpError(422, 'RECURSOS_EXCEDIDOS', FAILED_MESSAGE)
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`a tarefa em segundo plano terminou com código ${code}`))),
    );
  });
}
