/** Worker entry (runInWorker): opens a PKCS#12 file off the API's event loop. */
import { type CertificadoInfo, readPkcs12 } from './readPkcs12.ts';

export default function readPkcs12Task(input: { bytes: Uint8Array; senha: string }): CertificadoInfo {
  return readPkcs12(Buffer.from(input.bytes), input.senha);
}
