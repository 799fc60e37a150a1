import type { Pdf } from './danfeDesenho.ts';

/** Elements whose effect this drawing cannot reproduce: a logo with any of them is left out. */
const NAO_SUPORTADO =
  /<(image|use|symbol|clipPath|marker|foreignObject|linearGradient|radialGradient|pattern|mask|style|filter|textPath)\b/i;

/**
 * Draws an SVG logo with pdfkit's own vector operators (its `path` takes SVG path data): the shapes a logo
 * is made of — path, rect, circle, ellipse, line, polyline, polygon inside nested g — with fill, stroke,
 * stroke-width, stroke-linecap/linejoin, opacity, fill-rule and transform (matrix, translate, scale, rotate),
 * and text in Helvetica (bold from font-weight 600; text-anchor), fitted and centred in the box by the
 * viewBox (or width/height). A logo using anything else (embedded images, gradients, patterns, clip paths,
 * <use>/<symbol>, CSS classes) is not drawn at all and `false` is returned, so the DANFE leaves the box to the emitente's name
 * instead of printing a logo missing parts.
 */
export function desenharLogoSvg(
  doc: Pdf,
  svg: string,
  x: number,
  y: number,
  largura: number,
  altura: number,
): boolean {
  const raiz = /<svg\b([^>]*)>/i.exec(svg);
  if (!raiz) return false;
  if (NAO_SUPORTADO.test(svg) || /\bclass\s*=|url\(/i.test(svg)) return false;
  const atributosRaiz = atributos(raiz[1]!);
  const caixa = caixaSvg(atributosRaiz);
  if (!caixa) return false;
  const [vx, vy, vw, vh] = caixa;
  const escala = Math.min(largura / vw, altura / vh);
  const corpo = svg.slice(raiz.index + raiz[0].length);
  const elementos = [...corpo.matchAll(/<(\/?)([a-zA-Z]+)\b([^>]*?)(\/?)>/g)];
  doc.save();
  doc.translate(x + (largura - vw * escala) / 2, y + (altura - vh * escala) / 2);
  doc.scale(escala);
  doc.translate(-vx, -vy);
  const pilha: Estilo[] = [
    estilo(atributosRaiz, { fill: 'black', stroke: 'none', strokeWidth: 1, opacidade: 1 }),
  ];
  let desenhou = false;
  try {
    for (const elemento of elementos) {
      const [, fecha, nomeLido, texto, autoFecha] = elemento;
      const nome = nomeLido!.toLowerCase();
      if (nome === 'svg' && fecha) break;
      if (nome === 'text' && !fecha && !autoFecha) {
        const fim = corpo.indexOf('</text>', elemento.index);
        const conteudo = corpo.slice(elemento.index + elemento[0].length, fim < 0 ? undefined : fim);
        const a = atributos(texto!);
        doc.save();
        if (a.transform) aplicarTransformacao(doc, a.transform);
        desenhou = desenharTexto(doc, a, estilo(a, pilha[pilha.length - 1]!), conteudo) || desenhou;
        doc.restore();
        continue;
      }
      if (nome !== 'g' && !FORMAS.has(nome)) continue;
      if (fecha) {
        if (nome === 'g' && pilha.length > 1) {
          pilha.pop();
          doc.restore();
        }
        continue;
      }
      const a = atributos(texto!);
      const atual = estilo(a, pilha[pilha.length - 1]!);
      doc.save();
      if (a.transform) aplicarTransformacao(doc, a.transform);
      if (nome === 'g') {
        if (autoFecha) doc.restore();
        else pilha.push(atual);
        continue;
      }
      desenhou = desenharForma(doc, nome, a, atual) || desenhou;
      doc.restore();
    }
  } finally {
    while (pilha.length > 1) {
      pilha.pop();
      doc.restore();
    }
    doc.restore();
    doc.fillColor('black').strokeColor('black').fillOpacity(1).strokeOpacity(1).lineWidth(0.5);
  }
  return desenhou;
}

/** The user-space box of the <svg> (viewBox, else 0 0 width height), or null when it has none. */
function caixaSvg(a: Record<string, string>): [number, number, number, number] | null {
  const caixa = (a.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const [vx, vy, vw, vh] =
    caixa.length === 4 && caixa.every(Number.isFinite)
      ? caixa
      : [0, 0, Number.parseFloat(a.width ?? ''), Number.parseFloat(a.height ?? '')];
  return vw! > 0 && vh! > 0 ? [vx!, vy!, vw!, vh!] : null;
}

/** Width ÷ height of an SVG's box, null when it declares none. */
export function proporcaoSvg(svg: string): number | null {
  const raiz = /<svg\b([^>]*)>/i.exec(svg);
  const caixa = raiz ? caixaSvg(atributos(raiz[1]!)) : null;
  return caixa ? caixa[2] / caixa[3] : null;
}

interface Estilo {
  fill: string;
  stroke: string;
  strokeWidth: number;
  opacidade: number;
  regra?: 'even-odd' | 'non-zero';
  linecap?: 'butt' | 'round' | 'square';
  linejoin?: 'miter' | 'round' | 'bevel';
  negrito?: boolean;
  tamanhoFonte?: number;
  ancora?: 'start' | 'middle' | 'end';
}

const FORMAS = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);

function atributos(texto: string): Record<string, string> {
  const mapa: Record<string, string> = {};
  for (const m of texto.matchAll(/([a-zA-Z:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g))
    mapa[m[1]!] = m[3] ?? m[4] ?? '';
  // style="fill:#fff;stroke-width:2" wins over the presentation attributes, as in CSS.
  for (const declaracao of (mapa.style ?? '').split(';')) {
    const [chave, valor] = declaracao.split(':').map((parte) => parte.trim());
    if (chave && valor) mapa[chave] = valor;
  }
  return mapa;
}

function estilo(a: Record<string, string>, pai: Estilo): Estilo {
  const opacidade = Number.parseFloat(a.opacity ?? a['fill-opacity'] ?? '');
  const largura = Number.parseFloat(a['stroke-width'] ?? '');
  const regra =
    a['fill-rule'] === 'evenodd' ? 'even-odd' : a['fill-rule'] === 'nonzero' ? 'non-zero' : pai.regra;
  const linecap = a['stroke-linecap'];
  const linejoin = a['stroke-linejoin'];
  const peso = a['font-weight'];
  const tamanhoFonte = Number.parseFloat(a['font-size'] ?? '');
  const ancora = a['text-anchor'];
  return {
    ...pai,
    fill: cor(a.fill) ?? pai.fill,
    stroke: cor(a.stroke) ?? pai.stroke,
    strokeWidth: Number.isFinite(largura) ? largura : pai.strokeWidth,
    opacidade: Number.isFinite(opacidade) ? pai.opacidade * opacidade : pai.opacidade,
    ...(regra ? { regra } : {}),
    ...(linecap === 'butt' || linecap === 'round' || linecap === 'square' ? { linecap } : {}),
    ...(linejoin === 'miter' || linejoin === 'round' || linejoin === 'bevel' ? { linejoin } : {}),
    ...(peso ? { negrito: peso === 'bold' || peso === 'bolder' || Number(peso) >= 600 } : {}),
    ...(Number.isFinite(tamanhoFonte) ? { tamanhoFonte } : {}),
    ...(ancora === 'start' || ancora === 'middle' || ancora === 'end' ? { ancora } : {}),
  };
}

const ENTIDADES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A <text> (its tspans flattened) at its x/y baseline, in Helvetica; the SVG's font-family is not embedded. */
function desenharTexto(doc: Pdf, a: Record<string, string>, e: Estilo, conteudo: string): boolean {
  const valor = conteudo
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-fA-F]+|[a-z]+);/g, (todo, ref: string) =>
      ref.startsWith('#')
        ? String.fromCodePoint(ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1)))
        : (ENTIDADES[ref] ?? todo),
    )
    .replace(/\s+/g, ' ')
    .trim();
  if (!valor || e.fill === 'none') return false;
  doc.font(e.negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(e.tamanhoFonte ?? 16);
  const largura = doc.widthOfString(valor);
  const x = Number.parseFloat(a.x ?? '0') || 0;
  const deslocamento = e.ancora === 'middle' ? largura / 2 : e.ancora === 'end' ? largura : 0;
  doc.fillColor(e.fill).fillOpacity(e.opacidade);
  doc.text(valor, x - deslocamento, Number.parseFloat(a.y ?? '0') || 0, {
    baseline: 'alphabetic',
    lineBreak: false,
  });
  return true;
}

/** A colour pdfkit takes (#hex or a CSS name), 'none', or undefined to inherit. */
function cor(valor: string | undefined): string | undefined {
  if (valor === undefined || valor === '' || valor === 'inherit') return undefined;
  if (valor === 'currentColor') return 'black';
  const rgb = /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/i.exec(valor);
  if (rgb)
    return `#${rgb
      .slice(1, 4)
      .map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0'))
      .join('')}`;
  return valor;
}

function numeros(texto: string): number[] {
  return (texto.match(/-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/gi) ?? []).map(Number);
}

function aplicarTransformacao(doc: Pdf, transformacao: string) {
  for (const [, nome, argumentos] of transformacao.matchAll(
    /(matrix|translate|scale|rotate)\s*\(([^)]*)\)/g,
  )) {
    const n = numeros(argumentos!);
    if (nome === 'matrix' && n.length === 6) doc.transform(n[0]!, n[1]!, n[2]!, n[3]!, n[4]!, n[5]!);
    else if (nome === 'translate') doc.translate(n[0] ?? 0, n[1] ?? 0);
    else if (nome === 'scale') doc.scale(n[0] ?? 1, n[1] ?? n[0] ?? 1);
    else if (nome === 'rotate') doc.rotate(n[0] ?? 0, n.length >= 3 ? { origin: [n[1]!, n[2]!] } : undefined);
  }
}

function desenharForma(doc: Pdf, nome: string, a: Record<string, string>, e: Estilo): boolean {
  const n = (chave: string) => Number.parseFloat(a[chave] ?? '0') || 0;
  switch (nome) {
    case 'path':
      if (!a.d) return false;
      doc.path(a.d);
      break;
    case 'rect':
      if (n('rx') > 0 || n('ry') > 0)
        doc.roundedRect(n('x'), n('y'), n('width'), n('height'), n('rx') || n('ry'));
      else doc.rect(n('x'), n('y'), n('width'), n('height'));
      break;
    case 'circle':
      doc.circle(n('cx'), n('cy'), n('r'));
      break;
    case 'ellipse':
      doc.ellipse(n('cx'), n('cy'), n('rx'), n('ry'));
      break;
    case 'line':
      doc.moveTo(n('x1'), n('y1')).lineTo(n('x2'), n('y2'));
      return pintar(doc, { ...e, fill: 'none' });
    default: {
      const p = numeros(a.points ?? '');
      if (p.length < 4) return false;
      doc.moveTo(p[0]!, p[1]!);
      for (let i = 2; i + 1 < p.length; i += 2) doc.lineTo(p[i]!, p[i + 1]!);
      if (nome === 'polygon') doc.closePath();
    }
  }
  return pintar(doc, e);
}

function pintar(doc: Pdf, e: Estilo): boolean {
  const preenche = e.fill !== 'none';
  const contorna = e.stroke !== 'none' && e.strokeWidth > 0;
  doc.fillOpacity(e.opacidade).strokeOpacity(e.opacidade);
  if (contorna) doc.lineWidth(e.strokeWidth);
  if (e.linecap) doc.lineCap(e.linecap);
  if (e.linejoin) doc.lineJoin(e.linejoin);
  if (preenche && contorna) doc.fillAndStroke(e.fill, e.stroke, e.regra);
  else if (preenche) doc.fill(e.fill, e.regra);
  else if (contorna) doc.stroke(e.stroke);
  return preenche || contorna;
}
