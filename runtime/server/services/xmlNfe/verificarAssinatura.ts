import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';

/** What checking an NF-e's XML-DSig found: valid, or why not (pt-BR, ready for the user). */
export type ResultadoAssinatura = { valida: true } | { valida: false; motivo: string };

const pem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${(base64.replace(/\s+/g, '').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;

/**
 * Checks the emitente's enveloped signature of an NF-e/NFC-e (fiscal.md: C14N 2001, RSA-SHA1, digest SHA-1,
 * Reference `#NFe<chave>` over infNFe, certificate in KeyInfo/X509Data): the digest of infNFe as it is now
 * and the signature over SignedInfo with the certificate the note carries. It proves the note was not
 * changed after it was signed; it does not check the certificate's chain to ICP-Brasil (offline here).
 * `xml` is the file's text exactly as received: any change, even of whitespace inside infNFe, fails.
 */
export function verificarAssinaturaNfe(xml: string): ResultadoAssinatura {
  let doc: Document;
  try {
    doc = new DOMParser({ errorHandler: () => {} }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    return { valida: false, motivo: 'o XML não pôde ser lido para conferir a assinatura' };
  }
  const nfe = doc.getElementsByTagNameNS(NFE_NS, 'NFe')[0];
  const filhos = nfe ? (Array.from(nfe.childNodes) as Element[]) : [];
  const infNFe = filhos.find((n) => n.localName === 'infNFe');
  const signature = filhos.find((n) => n.localName === 'Signature' && n.namespaceURI === DS_NS);
  if (!infNFe || !signature)
    return { valida: false, motivo: 'o XML não tem a assinatura digital do emitente' };
  const id = infNFe.getAttribute('Id') ?? '';
  const references = signature.getElementsByTagNameNS(DS_NS, 'Reference');
  if (references.length !== 1 || references[0]?.getAttribute('URI') !== `#${id}`)
    return { valida: false, motivo: 'a assinatura não se refere ao grupo infNFe desta nota' };
  const certificado = signature.getElementsByTagNameNS(DS_NS, 'X509Certificate')[0]?.textContent?.trim();
  if (!certificado) return { valida: false, motivo: 'a assinatura não traz o certificado do emitente' };
  const signed = new SignedXml({ publicCert: pem(certificado) });
  try {
    signed.loadSignature(signature as unknown as Node);
    if (signed.checkSignature(xml)) return { valida: true };
  } catch {
    // Falls through: a digest or signature mismatch, or a certificate that cannot be read.
  }
  return {
    valida: false,
    motivo: 'não confere, o conteúdo da nota foi alterado depois de assinado pelo emitente',
  };
}
