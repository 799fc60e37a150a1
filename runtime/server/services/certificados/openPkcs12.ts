import { MAX_CERTIFICADO_BYTES } from '../../routes/CertificadosDigitais/schemas.ts';
import { runInWorker } from '../../workers/runInWorker.ts';
import type { CertificadoInfo } from './readPkcs12.ts';

const TASK = new URL('./readPkcs12Task.ts', import.meta.url);

/**
 * Opens an uploaded PKCS#12 file in a worker thread with size, time and iteration caps (readPkcs12 refuses
 * hostile iteration counts before deriving any key), so a crafted certificate never stalls other users.
 */
export function openPkcs12(bytes: Buffer, senha: string): Promise<CertificadoInfo> {
  return runInWorker<CertificadoInfo>(
    TASK,
    { bytes, senha },
    {
      timeoutMs: 15_000,
      timeoutMessage:
        'O certificado demorou demais para ser aberto e o envio foi interrompido. Exporte o certificado A1 novamente e envie outra vez.',
      maxInputBytes: MAX_CERTIFICADO_BYTES + Buffer.byteLength(senha),
      tooLargeMessage:
        'O arquivo do certificado é grande demais (máximo 64 KB). Envie o arquivo .pfx ou .p12 do certificado A1.',
    },
  );
}
