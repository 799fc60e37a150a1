import JSZip from 'jszip';
import { runInWorker } from '../../workers/runInWorker.ts';

/** One file of a ZIP: its name, text content and modification date. */
export interface ZipEntry {
  nome: string;
  conteudo: string;
  data: Date;
}

/** Most time one ZIP may take (300 MB of XML deflate in well under a minute on one core). */
export const ZIP_TIMEOUT_MS = 180_000;

/** Worker entry (runInWorker): deflates the entries into one ZIP. */
export async function run(entries: ZipEntry[]): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const entry of entries) zip.file(entry.nome, entry.conteudo, { date: entry.data });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

/** Builds a ZIP in a worker thread, so compressing hundreds of MB never blocks the API's event loop. */
export async function buildZipInWorker(entries: ZipEntry[], maxInputBytes: number): Promise<Buffer> {
  const bytes = await runInWorker<ZipEntry[], Uint8Array>(new URL(import.meta.url), entries, {
    timeoutMs: ZIP_TIMEOUT_MS,
    maxInputBytes,
    // Two-byte strings of up to 300 MB of XML plus the deflated output.
    maxHeapMb: 2048,
    timeoutMessage:
      'A geração do arquivo ZIP demorou demais e foi interrompida. Gere um arquivo por quinzena ou por tipo de documento.',
  });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
