import bwipjs from 'bwip-js';

/** The NFC-e QR code (infNFeSupl/qrCode) as a PNG, error correction M (Manual DANFE NFC-e), via bwip-js. */
export function qrCodePng(conteudo: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'qrcode', text: conteudo, scale: 4, eclevel: 'M' });
}
