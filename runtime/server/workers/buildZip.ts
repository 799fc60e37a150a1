import type { ZipEntry } from './buildZipTask.ts';
import { runInWorker } from './runInWorker.ts';

const TASK = new URL('./buildZipTask.ts', import.meta.url);

/** A ZIP of `entries` built in a worker thread (deflating hundreds of MB would hold the event loop for seconds). */
export async function buildZip(entries: ZipEntry[]): Promise<Buffer> {
  const bytes = await runInWorker<Uint8Array>(
    TASK,
    { entries },
    {
      timeoutMs: 120_000,
      timeoutMessage:
        'O arquivo ZIP demorou demais para ser gerado: gere um arquivo por quinzena ou por tipo de documento.',
      maxOldGenerationSizeMb: 1536,
    },
  );
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
