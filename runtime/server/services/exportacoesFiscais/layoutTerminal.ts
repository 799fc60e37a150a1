import { asciiText, centavos, padRight, zeros } from './textoArquivo.ts';

/** One produto as it goes to the collector or price checker. */
export interface ItemTerminal {
  /** GTIN, or the internal code when the produto has none. */
  codigo: string;
  descricao: string;
  preco: number;
  estoque?: number;
}

/** How the lines are laid out. */
export interface LayoutTerminal {
  tipo: 'delimitado' | 'fixo';
  /** Field separator of the delimited layout. */
  separador: ';' | '|' | ',' | 'tab';
  /** Decimal separator of price and stock in the delimited layout. */
  separadorDecimal: ',' | '.';
  incluirEstoque: boolean;
}

/** Widths of the fixed layout: código 14, descrição 40, preço 10 (centavos), estoque 10 (milésimos). */
export const LARGURAS_FIXAS = { codigo: 14, descricao: 40, preco: 10, estoque: 10 } as const;

const separadorDe = (layout: LayoutTerminal) => (layout.separador === 'tab' ? '\t' : layout.separador);

/** A decimal with `casas` places and the chosen separator, e.g. 9.9 → "9,90". */
function decimal(value: number, casas: number, separadorDecimal: string): string {
  return value.toFixed(casas).replace('.', separadorDecimal);
}

/** pt-BR problem with the layout, or null. */
export function problemaLayoutTerminal(layout: LayoutTerminal): string | null {
  if (layout.tipo === 'delimitado' && separadorDe(layout) === layout.separadorDecimal)
    return 'O separador de campos e o separador decimal não podem ser iguais.';
  return null;
}

/** The code field of the fixed layout: digits right-aligned with zeros (GTIN-14), other codes left-aligned. */
function codigoFixo(codigo: string): string {
  return /^\d+$/.test(codigo)
    ? codigo.slice(-LARGURAS_FIXAS.codigo).padStart(LARGURAS_FIXAS.codigo, '0')
    : padRight(codigo, LARGURAS_FIXAS.codigo);
}

/**
 * One line of the terminal file (without the CRLF). Delimited: código;descrição;preço[;estoque], price
 * with 2 and stock with 3 decimals. Fixed: código (14), descrição (40), preço em centavos (10) and
 * estoque em milésimos (10; a negative balance goes as zero, the terminal shows what is on the shelf).
 */
export function linhaTerminal(item: ItemTerminal, layout: LayoutTerminal): string {
  const estoque = item.estoque ?? 0;
  if (layout.tipo === 'fixo') {
    const campos = [
      codigoFixo(asciiText(item.codigo)),
      padRight(asciiText(item.descricao).toUpperCase(), LARGURAS_FIXAS.descricao),
      zeros(centavos(item.preco), LARGURAS_FIXAS.preco),
    ];
    if (layout.incluirEstoque) campos.push(zeros(Math.round(estoque * 1000), LARGURAS_FIXAS.estoque));
    return campos.join('');
  }
  const separador = separadorDe(layout);
  const campos = [
    asciiText(item.codigo, separador),
    asciiText(item.descricao, separador).toUpperCase(),
    decimal(item.preco, 2, layout.separadorDecimal),
  ];
  if (layout.incluirEstoque) campos.push(decimal(estoque, 3, layout.separadorDecimal));
  return campos.join(separador);
}
