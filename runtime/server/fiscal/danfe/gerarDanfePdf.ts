import type { OpcoesDanfe } from './danfeModelo.ts';
import { desenharDanfe } from './desenharDanfe.ts';
import { lerNotaParaDanfe } from './lerNotaParaDanfe.ts';

/** The DANFE (NF-e, A4) or DANFCE (NFC-e, 80 mm) PDF of an NF-e/NFC-e XML, signed NFe or nfeProc. */
export async function gerarDanfePdf(xml: string, opcoes: OpcoesDanfe = {}): Promise<Buffer> {
  const nota = lerNotaParaDanfe(xml);
  if (nota.modelo === 55) return desenharDanfe(nota, opcoes);
  // Only the DANFCE draws a QR code (bwip-js): loaded when an NFC-e is printed.
  const { desenharDanfce } = await import('./desenharDanfce.ts');
  return desenharDanfce(nota, opcoes);
}

/** Worker entry (runInWorker): the PDF of `xml`, drawn off the API's event loop. */
export async function run(input: { xml: string } & OpcoesDanfe): Promise<Uint8Array> {
  const { xml, ...opcoes } = input;
  return new Uint8Array(await gerarDanfePdf(xml, opcoes));
}
