import type { OpcoesDanfe } from './danfeModelo.ts';
import { desenharDanfce } from './desenharDanfce.ts';
import { desenharDanfe } from './desenharDanfe.ts';
import { lerNotaParaDanfe } from './lerNotaParaDanfe.ts';

/** The DANFE (NF-e, A4) or DANFCE (NFC-e, 80 mm) PDF of an NF-e/NFC-e XML, signed NFe or nfeProc. */
export function gerarDanfePdf(xml: string, opcoes: OpcoesDanfe = {}): Promise<Buffer> {
  const nota = lerNotaParaDanfe(xml);
  return nota.modelo === 65 ? desenharDanfce(nota, opcoes) : desenharDanfe(nota, opcoes);
}

/** Worker entry (runInWorker): the PDF of `xml`, drawn off the API's event loop. */
export async function run(input: { xml: string } & OpcoesDanfe): Promise<Uint8Array> {
  const { xml, ...opcoes } = input;
  return new Uint8Array(await gerarDanfePdf(xml, opcoes));
}
