import { runInWorker } from '../../workers/runInWorker.ts';
import { type CertificadoInfo, readPkcs12 } from './readPkcs12.ts';

interface Pkcs12Input {
  bytes: Uint8Array;
  senha: string;
}

/** Most time one certificate may take to open: a legitimate A1 opens in well under a second. */
export const PKCS12_TIMEOUT_MS = 15_000;

/** Worker entry (runInWorker): the bytes arrive as a Uint8Array (structured clone). */
export function run({ bytes, senha }: Pkcs12Input): CertificadoInfo {
  return readPkcs12(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), senha);
}

/** readPkcs12 in a worker thread: the API's event loop never runs node-forge's key derivation. */
export function readPkcs12InWorker(bytes: Buffer, senha: string): Promise<CertificadoInfo> {
  return runInWorker<Pkcs12Input, CertificadoInfo>(
    new URL(import.meta.url),
    { bytes, senha },
    {
      timeoutMs: PKCS12_TIMEOUT_MS,
      // The route accepts at most 64 KiB of certificate; the password is short.
      maxInputBytes: 128 * 1024,
      timeoutMessage:
        'O certificado demorou demais para ser aberto e foi recusado. Exporte o certificado A1 novamente (.pfx ou .p12) com as opções padrão.',
    },
  );
}
