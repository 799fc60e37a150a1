export interface RegraVersaoQrCode {
  /** Asked for this emission (API parameter); wins over the configuração. */
  pedida?: 2 | 3 | null;
  /** Configuração fiscal › Versão do QR Code da NFC-e; null = automatic. */
  configurada?: number | null;
  /** Whether the filial has both the CSC id and token. */
  temCsc: boolean;
  /** Emitente identified by CPF (produtor rural pessoa física). */
  emitenteCpf?: boolean;
}

/**
 * The NFC-e QR code version, the same for the normal emission and its offline contingency (NT 2025.001:
 * every SEFAZ takes v3 in produção since 01/09/2025; v2 stays valid with no end date):
 * - an emitente pessoa física (CPF) must use v3 (it has no CSC);
 * - otherwise the version asked for, else the configuração's;
 * - else automatic: v2 while the filial keeps a CSC, v3 without one (v3 needs no CSC).
 */
export function versaoQrCodeNfce(regra: RegraVersaoQrCode): 2 | 3 {
  if (regra.emitenteCpf) return 3;
  if (regra.pedida === 2 || regra.pedida === 3) return regra.pedida;
  if (regra.configurada === 2 || regra.configurada === 3) return regra.configurada;
  return regra.temCsc ? 2 : 3;
}
