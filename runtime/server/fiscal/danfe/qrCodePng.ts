import type { RenderOptions } from 'bwip-js';

/** The NFC-e QR code (infNFeSupl/qrCode) as a PNG, error correction M (Manual DANFE NFC-e), via bwip-js. */
export async function qrCodePng(conteudo: string): Promise<Buffer> {
  // Loaded on first use: only the DANFCE draws a QR code.
  const bwipjs = (await import('bwip-js')).default;
  // scale and eclevel are BWIPP options the typings do not list.
  const opcoes = { bcid: 'qrcode', text: conteudo, scale: 4, eclevel: 'M' } as RenderOptions;
  return bwipjs.toBuffer(opcoes);
}
