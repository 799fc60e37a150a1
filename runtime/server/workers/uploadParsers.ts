/**
 * Parsers fed by uploads (README "Segurança": untrusted input), run in a worker thread with time, size and
 * heap caps so a crafted file never holds the API's event loop: suppliers' NF-e XML, bank CNAB return files
 * and the IBPT CSV tables. Errors the parsers raise for the user (HttpError) come back unchanged.
 */
import { decodeCsvBytes } from '../../core/decodeCsvBytes.ts';
import { CnabError, parseRetornoCnab, type RetornoCnab } from '../../core/parseRetornoCnab.ts';
import { HttpError } from '../errors.ts';
import { readCsvUpload, type UploadColumn, type UploadLine } from '../services/ibpt/readCsvUpload.ts';
import { lerXmlNfe, type NfeLida } from '../services/xmlNfe/lerXmlNfe.ts';
import { runInWorker } from './runInWorker.ts';

type Task =
  | { kind: 'nfe'; xml: string }
  | { kind: 'cnab'; base64: string }
  | { kind: 'csv'; bytes: Uint8Array; columns: UploadColumn[] };

/** Worker entry (runInWorker). */
export function run(task: Task): unknown {
  switch (task.kind) {
    case 'nfe':
      return lerXmlNfe(task.xml);
    case 'cnab':
      try {
        return parseRetornoCnab(decodeCsvBytes(new Uint8Array(Buffer.from(task.base64, 'base64'))).text);
      } catch (error) {
        if (error instanceof CnabError) throw new HttpError(400, 'ARQUIVO_RETORNO_INVALIDO', error.message);
        throw error;
      }
    case 'csv':
      return readCsvUpload(task.bytes, task.columns);
  }
}

const SELF = new URL(import.meta.url);
const CAPS = {
  timeoutMs: 30_000,
  // Bodies are capped at 2 MB by the app; base64 and UTF-16 strings stay well below this.
  maxInputBytes: 8 * 1024 * 1024,
  timeoutMessage:
    'A leitura do arquivo demorou demais e foi interrompida. Confira se é o arquivo certo e envie novamente.',
};

/** lerXmlNfe in a worker thread. */
export function lerXmlNfeInWorker(xml: string): Promise<NfeLida> {
  return runInWorker<Task, NfeLida>(SELF, { kind: 'nfe', xml }, CAPS);
}

/** A CNAB return file (base64 of its bytes) read in a worker thread. */
export function parseRetornoInWorker(base64: string): Promise<RetornoCnab> {
  return runInWorker<Task, RetornoCnab>(SELF, { kind: 'cnab', base64 }, CAPS);
}

/** readCsvUpload in a worker thread. */
export function readCsvUploadInWorker(
  bytes: Uint8Array,
  columns: UploadColumn[],
): Promise<{ encoding: string; lines: UploadLine[] }> {
  return runInWorker<Task, { encoding: string; lines: UploadLine[] }>(
    SELF,
    { kind: 'csv', bytes, columns },
    CAPS,
  );
}
