import { SignedXml } from 'xml-crypto';
import { createPersistentWorker } from '../workers/createPersistentWorker.ts';
import { openA1 } from './openedA1.ts';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

/** What is signed besides the NFe: an event's infEvento or an inutilização's infInut. */
export type ElementoAssinado = 'infEvento' | 'infInut';

export type EntradaDfe =
  | { acao: 'assinar'; xml: string; elemento: ElementoAssinado; pfx: Uint8Array; senha: string }
  | { acao: 'pem'; pfx: Uint8Array; senha: string };

export type SaidaDfe = { xml: string } | { privateKeyPem: string; certificatePem: string };

/**
 * Signs `elemento` of an event or inutilização with the NF-e profile (fiscal.md: enveloped + C14N 2001,
 * RSA-SHA1, SHA-1 digest, Reference #<Id>, KeyInfo X509Data/X509Certificate), the Signature placed right
 * after the signed element (the XSDs of evento and inutNFe put it there).
 */
export function assinarXmlDfe(
  xml: string,
  elemento: ElementoAssinado,
  privateKeyPem: string,
  certificatePem: string,
): string {
  const xpath = `//*[local-name(.)='${elemento}']`;
  const signed = new SignedXml({
    privateKey: privateKeyPem,
    publicCert: certificatePem,
    canonicalizationAlgorithm: C14N,
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  });
  signed.addReference({
    xpath,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', C14N],
    digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
  });
  signed.computeSignature(xml, { location: { reference: xpath, action: 'after' } });
  return signed.getSignedXml();
}

/** Worker entry: opens the PKCS#12 (node-forge) and signs, or hands the PEMs for the TLS client. */
export function run(entrada: EntradaDfe): SaidaDfe {
  const { privateKeyPem, certificatePem } = openA1(
    Buffer.from(entrada.pfx.buffer, entrada.pfx.byteOffset, entrada.pfx.byteLength),
    entrada.senha,
  );
  if (entrada.acao === 'pem') return { privateKeyPem, certificatePem };
  return { xml: assinarXmlDfe(entrada.xml, entrada.elemento, privateKeyPem, certificatePem) };
}

const trabalhador = createPersistentWorker<EntradaDfe, SaidaDfe>(new URL(import.meta.url), {
  timeoutMs: 30_000,
  timeoutMessage: 'A assinatura do evento demorou demais e foi interrompida. Tente novamente.',
});

/** Signs an event or inutilização in the long-lived worker (the PKCS#12 derivation stays off the loop). */
export async function assinarXmlDfeInWorker(
  xml: string,
  elemento: ElementoAssinado,
  pfx: Uint8Array,
  senha: string,
): Promise<string> {
  const saida = (await trabalhador.call({ acao: 'assinar', xml, elemento, pfx, senha })) as { xml: string };
  return saida.xml;
}

/** The A1's key and certificate as PEM (for the mutual TLS of the SEFAZ client), opened in the worker. */
export async function pemDoCertificadoInWorker(
  pfx: Uint8Array,
  senha: string,
): Promise<{ privateKeyPem: string; certificatePem: string }> {
  return (await trabalhador.call({ acao: 'pem', pfx, senha })) as {
    privateKeyPem: string;
    certificatePem: string;
  };
}
