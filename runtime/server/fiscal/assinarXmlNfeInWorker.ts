import { HttpError } from '../errors.ts';
import { createPersistentWorker } from '../workers/createPersistentWorker.ts';
import { assinarXmlNfe, type EntradaAssinatura } from './assinarXmlNfe.ts';
import { openA1 } from './openedA1.ts';

/** What the worker receives: the note and the A1 file with its password (opened inside the worker). */
export interface EntradaAssinaturaA1 extends Omit<EntradaAssinatura, 'privateKeyPem' | 'certificatePem'> {
  pfx: Uint8Array;
  senha: string;
}

/** Worker entry (runInWorker): opens the PKCS#12 (node-forge; kept a few minutes, openedA1.ts) and signs. */
export function run({ pfx, senha, ...nota }: EntradaAssinaturaA1): string {
  const { privateKeyPem, certificatePem } = openA1(
    Buffer.from(pfx.buffer, pfx.byteOffset, pfx.byteLength),
    senha,
  );
  return assinarXmlNfe({ ...nota, privateKeyPem, certificatePem });
}

const assinador = createPersistentWorker<EntradaAssinaturaA1, string>(new URL(import.meta.url), {
  timeoutMs: 30_000,
  timeoutMessage: 'A assinatura da nota demorou demais e foi interrompida. Tente novamente.',
});

/**
 * Opens the branch's A1 and signs the note in a long-lived worker thread (one per process, calls in
 * order): the PKCS#12 key derivation, the RSA signature and the C14N of a 990-item note never run on the
 * API's event loop, and no thread is started per note. The opened key stays in the worker for a few
 * minutes after its last use (openedA1.ts), so a run of NFC-e does not derive it per sale.
 */
export function assinarXmlNfeInWorker(entrada: EntradaAssinaturaA1): Promise<string> {
  if (entrada.xml.length > 8 * 1024 * 1024)
    throw new HttpError(
      413,
      'ARQUIVO_GRANDE_DEMAIS',
      'A nota é grande demais para ser assinada (limite de 8 MB).',
    );
  return assinador.call(entrada);
}
