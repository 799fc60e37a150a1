import { runInWorker } from '../workers/runInWorker.ts';
import { assinarXmlNfe, type EntradaAssinatura } from './assinarXmlNfe.ts';

/** Worker entry (runInWorker). */
export function run(entrada: EntradaAssinatura): string {
  return assinarXmlNfe(entrada);
}

/** assinarXmlNfe in a worker thread: RSA signing and C14N of a 990-item note never block the API. */
export function assinarXmlNfeInWorker(entrada: EntradaAssinatura): Promise<string> {
  return runInWorker<EntradaAssinatura, string>(new URL(import.meta.url), entrada, {
    timeoutMs: 30_000,
    maxInputBytes: 8 * 1024 * 1024,
    timeoutMessage: 'A assinatura da nota demorou demais e foi interrompida. Tente novamente.',
  });
}
