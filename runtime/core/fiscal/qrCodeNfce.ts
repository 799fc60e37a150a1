/** Data for the NFC-e QR code (infNFeSupl/qrCode), per the patterns of leiauteNFe_v4.00 (PL_010). */
export interface DadosQrCodeNfce {
  chave: string;
  ambiente: 1 | 2;
  /** URL of the UF's QR code service (without ?p=). */
  urlQrCode: string;
  /** Version 2 (with CSC) or 3 (NT 2025.001, no CSC; offline signed with the emitente's certificate). */
  versao: 2 | 3;
  /** Version 2: CSC id (up to 6 digits) and the CSC itself. */
  cscId?: string | null;
  csc?: string | null;
  /**
   * Offline contingency (tpEmis 9): day of emission and vNF; version 2 also the signature's DigestValue
   * (base64), version 3 the destinatário's identification.
   */
  offline?: {
    dia: number;
    vNF: number;
    digestValue?: string;
    destinatario?: IdentificacaoDestinatarioQr | null;
  } | null;
}

/** tpIdDest of the v3 offline QR code: 1 CNPJ, 2 CPF, 3 foreigner (idEstrangeiro, printed without the id). */
export interface IdentificacaoDestinatarioQr {
  tipo: 1 | 2 | 3;
  documento: string;
}

/** The signed part of a v3 offline QR code: chave|3|tpAmb|dia|vNF|tpIdDest|idDest (NT 2025.001). */
export function textoAssinadoQrCodeV3(dados: DadosQrCodeNfce): string {
  const offline = dados.offline;
  if (!offline) throw new Error('O QR Code v3 só é assinado na contingência offline');
  const dest = offline.destinatario ?? null;
  // Manual DANFE NFC-e 6.0: a foreign or unidentified destinatário leaves the id empty (only the "|").
  const idDest = dest && dest.tipo !== 3 ? dest.documento : '';
  return [
    dados.chave,
    '3',
    String(dados.ambiente),
    String(offline.dia).padStart(2, '0'),
    offline.vNF.toFixed(2),
    dest ? String(dest.tipo) : '',
    idDest,
  ].join('|');
}

/**
 * The `?p=` parameter of an NFC-e QR code (MOC 4.00 anexo I; NT 2025.001 and Manual DANFE NFC-e 6.0 for v3):
 * - v2 online: chave|2|tpAmb|idCSC|hash, hash = SHA-1 hex (upper) of "chave|2|tpAmb|idCSC" + CSC;
 * - v2 offline: chave|2|tpAmb|dia|vNF|hex(DigestValue)|idCSC|hash, hash over the first 7 fields + CSC;
 * - v3 online: chave|3|tpAmb (no CSC);
 * - v3 offline: chave|3|tpAmb|dia|vNF|tpIdDest|idDest|assinatura, the assinatura being the RSA-SHA1
 *   signature (base64) of the first seven fields with the emitente's certificate (textoAssinadoQrCodeV3).
 * `sha1Hex` and `assinarRsaSha1Base64` are injected (node:crypto on the server) so this stays pure.
 */
export function qrCodeNfce(
  dados: DadosQrCodeNfce,
  sha1Hex: (text: string) => string,
  assinarRsaSha1Base64?: (text: string) => string,
): string {
  const base = dados.urlQrCode.replace(/\?.*$/, '');
  if (dados.versao === 3) {
    if (!dados.offline) return `${base}?p=${dados.chave}|3|${dados.ambiente}`;
    if (!assinarRsaSha1Base64)
      throw new Error('O QR Code v3 em contingência offline precisa da chave privada do certificado');
    const texto = textoAssinadoQrCodeV3(dados);
    return `${base}?p=${texto}|${assinarRsaSha1Base64(texto)}`;
  }
  const cscId = String(Number(dados.cscId ?? ''));
  if (!dados.csc || !/^[0-9]{1,6}$/.test(dados.cscId ?? '') || cscId === '0')
    throw new Error('CSC e identificador do CSC são obrigatórios no QR Code da NFC-e versão 2');
  const campos = dados.offline
    ? [
        dados.chave,
        '2',
        String(dados.ambiente),
        String(dados.offline.dia).padStart(2, '0'),
        dados.offline.vNF.toFixed(2),
        Array.from(new TextEncoder().encode(dados.offline.digestValue ?? ''), (byte) =>
          byte.toString(16).padStart(2, '0'),
        ).join(''),
        cscId,
      ]
    : [dados.chave, '2', String(dados.ambiente), cscId];
  const texto = campos.join('|');
  return `${base}?p=${texto}|${sha1Hex(texto + dados.csc).toUpperCase()}`;
}
