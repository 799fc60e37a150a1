import { createPersistentWorker } from '../workers/createPersistentWorker.ts';
import type { ResultadoValidacaoNfe } from './validacaoNfe.ts';

export type { ErroSchemaNfe, ResultadoValidacaoNfe } from './validacaoNfe.ts';

const validador = createPersistentWorker<{ xml: string; schema?: string }, ResultadoValidacaoNfe>(
  new URL('./validacaoNfe.ts', import.meta.url),
  {
    timeoutMs: 30_000,
    timeoutMessage: 'A validação do XML da nota demorou demais e foi interrompida. Tente novamente.',
  },
);

/**
 * Validates an NF-e/NFC-e (`<NFe>`, signed) against `nfe_v4.00.xsd` of the pinned PL (xsd/README.md) with
 * xmllint-wasm (libxml2 in WebAssembly) in a long-lived worker thread that keeps the XSD files and the
 * compiled WebAssembly: the API's event loop only waits. Errors come back in pt-BR with the field path.
 */
export function validarXmlNfe(xml: string): Promise<ResultadoValidacaoNfe> {
  return validador.call({ xml });
}

/**
 * Validates a SEFAZ message (enviNFe, envEvento, inutNFe, consSitNFe…) against its entry schema `schema`
 * of the pinned PL, in the same worker: the SEFAZ client checks events and inutilizações before sending,
 * and the local fake SEFAZ checks everything it receives.
 */
export function validarXmlSchema(xml: string, schema: string): Promise<ResultadoValidacaoNfe> {
  return validador.call({ xml, schema });
}
