/** The NFC-e QR code (infNFeSupl/qrCode) as a PNG, error correction M (Manual DANFE NFC-e), via bwip-js. */
export async function qrCodePng(conteudo: string): Promise<Buffer> {
  // Loaded on first use: only the DANFCE draws a QR code.
  const { default: bwipjs } = await import('bwip-js');
  return bwipjs.toBuffer({ bcid: 'qrcode', text: conteudo, scale: 4, eclevel: 'M' });
}
