/** Data for the NFC-e QR code (infNFeSupl/qrCode), per the patterns of leiauteNFe_v4.00 (PL_010b). */
export interface DadosQrCodeNfce {
  chave: string;
  ambiente: 1 | 2;
  /** URL of the UF's QR code service (without ?p=). */
  urlQrCode: string;
  /** Version 2 (with CSC) or 3 (NT 2025.001, no CSC, online only here). */
  versao: 2 | 3;
  /** Version 2: CSC id (up to 6 digits) and the CSC itself. */
  cscId?: string | null;
  csc?: string | null;
  /** Version 2 offline (tpEmis 9): day of emission, vNF and the signature's DigestValue (base64). */
  offline?: { dia: number; vNF: number; digestValue: string } | null;
}

/**
 * The `?p=` parameter of an NFC-e QR code (MOC 4.00 anexo I, NT 2025.001 for v3):
 * - v2 online: chave|2|tpAmb|idCSC|hash, hash = SHA-1 hex (upper) of "chave|2|tpAmb|idCSC" + CSC;
 * - v2 offline: chave|2|tpAmb|dia|vNF|hex(DigestValue)|idCSC|hash, hash over the first 7 fields + CSC;
 * - v3 online: chave|3|tpAmb (no CSC).
 * `sha1Hex` is injected (node:crypto on the server) so this stays pure.
 */
export function qrCodeNfce(dados: DadosQrCodeNfce, sha1Hex: (text: string) => string): string {
  const base = dados.urlQrCode.replace(/\?.*$/, '');
  if (dados.versao === 3) {
    if (dados.offline)
      throw new Error('QR Code v3 em contingência offline ainda não é gerado (use a versão 2)');
    return `${base}?p=${dados.chave}|3|${dados.ambiente}`;
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
        Array.from(new TextEncoder().encode(dados.offline.digestValue), (byte) =>
          byte.toString(16).padStart(2, '0'),
        ).join(''),
        cscId,
      ]
    : [dados.chave, '2', String(dados.ambiente), cscId];
  const texto = campos.join('|');
  return `${base}?p=${texto}|${sha1Hex(texto + dados.csc).toUpperCase()}`;
}
