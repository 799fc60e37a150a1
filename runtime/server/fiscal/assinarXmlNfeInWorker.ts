import { readPkcs12Pem } from '../services/certificados/readPkcs12.ts';
import { runInWorker } from '../workers/runInWorker.ts';
import { assinarXmlNfe, type EntradaAssinatura } from './assinarXmlNfe.ts';

/** What the worker receives: the note and the A1 file with its password (opened inside the worker). */
export interface EntradaAssinaturaA1 extends Omit<EntradaAssinatura, 'privateKeyPem' | 'certificatePem'> {
  pfx: Uint8Array;
  senha: string;
}

/** Worker entry (runInWorker): opens the PKCS#12 (node-forge) and signs. */
export function run({ pfx, senha, ...nota }: EntradaAssinaturaA1): string {
  const { privateKeyPem, certificatePem } = readPkcs12Pem(
    Buffer.from(pfx.buffer, pfx.byteOffset, pfx.byteLength),
    senha,
  );
  return assinarXmlNfe({ ...nota, privateKeyPem, certificatePem });
}

/**
 * Opens the branch's A1 and signs the note in a worker thread: the PKCS#12 key derivation, the RSA
 * signature and the C14N of a 990-item note never run on the API's event loop.
 */
export function assinarXmlNfeInWorker(entrada: EntradaAssinaturaA1): Promise<string> {
  return runInWorker<EntradaAssinaturaA1, string>(new URL(import.meta.url), entrada, {
    timeoutMs: 30_000,
    maxInputBytes: 8 * 1024 * 1024,
    timeoutMessage: 'A assinatura da nota demorou demais e foi interrompida. Tente novamente.',
  });
}
