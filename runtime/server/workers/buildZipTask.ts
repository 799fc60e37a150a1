/** Worker entry (runInWorker): deflates files into one ZIP off the API's event loop. */
import JSZip from 'jszip';

export interface ZipEntry {
  nome: string;
  conteudo: string;
  /** ISO date-time of the entry. */
  data: string;
}

export default async function buildZipTask(input: { entries: ZipEntry[] }): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const entry of input.entries) zip.file(entry.nome, entry.conteudo, { date: new Date(entry.data) });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
