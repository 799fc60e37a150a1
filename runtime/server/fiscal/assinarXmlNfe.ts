import { createHash, createSign } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import { type IdentificacaoDestinatarioQr, qrCodeNfce } from '../../core/fiscal/qrCodeNfce.ts';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const INF_NFE = "//*[local-name(.)='infNFe']";

export interface SuplementoNfce {
  urlQrCode: string;
  /** infNFeSupl/urlChave: the UF's consultation address. */
  urlChave: string;
  versaoQrCode: 2 | 3;
  cscId?: string | null;
  csc?: string | null;
  ambiente: 1 | 2;
  /**
   * tpEmis 9 (offline contingency): the QR code carries day and vNF, and v2 the DigestValue, v3 the
   * destinatário's identification and the RSA-SHA1 signature of its fields with the same A1.
   */
  offline?: { dia: number; vNF: number; destinatario?: IdentificacaoDestinatarioQr | null } | null;
}

export interface EntradaAssinatura {
  xml: string;
  chave: string;
  privateKeyPem: string;
  certificatePem: string;
  nfce?: SuplementoNfce | null;
}

/**
 * Signs the `<infNFe>` of an unsigned `<NFe>` with the A1 key (fiscal.md: xmldsig-core-schema_v1.01 profile —
 * enveloped + C14N 2001 transforms, C14N, RSA-SHA1, SHA-1 digest, Reference #NFe<chave>, KeyInfo with only
 * X509Data/X509Certificate); Signature is the last child of NFe. For an NFC-e, infNFeSupl (qrCode, urlChave)
 * is inserted between infNFe and Signature afterwards: it is outside the signed infNFe, and the offline
 * QR code needs the DigestValue (v2) or a signature of its own fields (v3). CPU-bound: the API runs it through assinarXmlNfeInWorker.
 */
export function assinarXmlNfe(entrada: EntradaAssinatura): string {
  const signed = new SignedXml({
    privateKey: entrada.privateKeyPem,
    publicCert: entrada.certificatePem,
    canonicalizationAlgorithm: C14N,
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  });
  signed.addReference({
    xpath: INF_NFE,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', C14N],
    digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
  });
  signed.computeSignature(entrada.xml, { location: { reference: INF_NFE, action: 'after' } });
  const xml = signed.getSignedXml();
  const nfce = entrada.nfce;
  if (!nfce) return xml;
  const digestValue = /<DigestValue>([^<]+)<\/DigestValue>/.exec(xml)?.[1] ?? '';
  const qrCode = qrCodeNfce(
    {
      chave: entrada.chave,
      ambiente: nfce.ambiente,
      urlQrCode: nfce.urlQrCode,
      versao: nfce.versaoQrCode,
      cscId: nfce.cscId,
      csc: nfce.csc,
      offline: nfce.offline ? { ...nfce.offline, digestValue } : null,
    },
    (text) => createHash('sha1').update(text, 'utf8').digest('hex'),
    (text) => createSign('RSA-SHA1').update(text, 'utf8').sign(entrada.privateKeyPem, 'base64'),
  );
  const supl = `<infNFeSupl><qrCode><![CDATA[${qrCode}]]></qrCode><urlChave>${nfce.urlChave}</urlChave></infNFeSupl>`;
  return xml.replace('</infNFe>', `</infNFe>${supl}`);
}
