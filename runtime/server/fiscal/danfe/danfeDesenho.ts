import PDFDocument from 'pdfkit';

/** Drawing helpers shared by the DANFE and the DANFCE layouts (pdfkit, points, top-left origin). */

export type Pdf = PDFKit.PDFDocument;

export const FONTE = 'Helvetica';
export const FONTE_NEGRITO = 'Helvetica-Bold';

/** A pdfkit document whose bytes are gathered; `fim()` ends it and resolves with the whole PDF. */
export function novoPdf(opcoes: { titulo: string; autor: string; semCompressao?: boolean }) {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: !opcoes.semCompressao,
    info: { Title: opcoes.titulo, Author: opcoes.autor, Creator: 'ERP' },
  });
  const partes: Buffer[] = [];
  doc.on('data', (parte: Buffer) => partes.push(parte));
  const terminado = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
  });
  return {
    doc,
    fim: () => {
      doc.end();
      return terminado;
    },
  };
}

export interface OpcoesTexto {
  tamanho?: number;
  negrito?: boolean;
  alinhamento?: 'left' | 'center' | 'right';
  /** Lines the text may take (the rest is cut with an ellipsis); 1 by default. */
  linhas?: number;
}

/** Text inside a width, cut with an ellipsis past `linhas` lines; never adds a page. */
export function texto(
  doc: Pdf,
  valor: string,
  x: number,
  y: number,
  largura: number,
  opcoes: OpcoesTexto = {},
) {
  const tamanho = opcoes.tamanho ?? 7;
  const linhas = opcoes.linhas ?? 1;
  doc.font(opcoes.negrito ? FONTE_NEGRITO : FONTE).fontSize(tamanho);
  doc.text(valor, x, y, {
    width: largura,
    height: tamanho * 1.18 * linhas,
    align: opcoes.alinhamento ?? 'left',
    // Wrapped within `height`: what does not fit is cut with an ellipsis instead of running over the next box.
    ellipsis: true,
  });
}

/** A bordered field of the DANFE: its label (small caps-like, 5 pt) on top, the value under it. */
export function campo(
  doc: Pdf,
  x: number,
  y: number,
  largura: number,
  altura: number,
  rotulo: string,
  valor: string,
  opcoes: OpcoesTexto = {},
) {
  doc.lineWidth(0.5).rect(x, y, largura, altura).stroke();
  texto(doc, rotulo, x + 2, y + 1.5, largura - 4, { tamanho: 4.6 });
  texto(doc, valor, x + 2, y + altura - (opcoes.tamanho ?? 7.5) * 1.18 - 1.5, largura - 4, {
    tamanho: 7.5,
    ...opcoes,
  });
}

/** A block title above a group of fields (e.g. "DESTINATÁRIO / REMETENTE"). */
export function tituloBloco(doc: Pdf, rotulo: string, x: number, y: number, largura: number) {
  texto(doc, rotulo, x, y + 1, largura, { tamanho: 6, negrito: true });
}

/** Big diagonal text across the page (SEM VALOR FISCAL, CANCELADA), translucent so the data stays legible. */
export function marcaDagua(doc: Pdf, valor: string, cor: string, tamanho: number, yCentro?: number) {
  const { width, height } = doc.page;
  const cy = yCentro ?? height / 2;
  doc.save();
  doc.rotate(-30, { origin: [width / 2, cy] });
  doc.fillColor(cor).fillOpacity(0.28).font(FONTE_NEGRITO).fontSize(tamanho);
  doc.text(valor, 0, cy - tamanho / 2, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillColor('black').fillOpacity(1);
}

/**
 * Code 128 modules ('1' bar, '0' space) as filled rectangles of `modulo` points each, `altura` tall — plain
 * vector bars, so a test can read them back from the page's content stream.
 */
export function barras(doc: Pdf, modulos: string, x: number, y: number, modulo: number, altura: number) {
  // The colour is set before the path: no colour operator may sit between its rectangles and the fill.
  doc.fillColor('black');
  let inicio = -1;
  for (let i = 0; i <= modulos.length; i++) {
    const barra = modulos[i] === '1';
    if (barra && inicio < 0) inicio = i;
    if (!barra && inicio >= 0) {
      doc.rect(x + inicio * modulo, y, (i - inicio) * modulo, altura);
      inicio = -1;
    }
  }
  doc.fill();
}
