import { asciiText, centavos, padRight, zeros } from './textoArquivo.ts';

/** Scale models whose loading file is generated (Toledo MGV5/MGV6, Filizola Smart). */
export type ModeloBalanca = 'toledoMgv6' | 'toledoMgv5' | 'filizola';

/** One product as it goes to the scale. */
export interface ItemBalanca {
  plu: number;
  descricao: string;
  preco: number;
  /** 0 por peso (kg), 1 por unidade (enum tipoVendaBalanca). */
  tipo: 0 | 1;
  validadeDias: number;
}

export interface LayoutBalanca {
  label: string;
  /** Name the loading program looks for. */
  nomeArquivo: string;
  /** Largest price the price field holds, in reais. */
  precoMaximo: number;
  /** Characters of the description the file carries. */
  descricaoMaxima: number;
  usaDepartamento: boolean;
  linha: (item: ItemBalanca, departamento: number) => string;
}

/**
 * Toledo ITENSMGV.TXT, common start of MGV5 and MGV6 (positions 1–68): departamento (2), tipo de venda
 * (1: 0 peso, 1 unidade), código do item/PLU (6), preço por kg ou unidade em centavos (6), dias de
 * validade (3), descritivo 1ª linha (25) e 2ª linha (25).
 */
function toledoInicio(item: ItemBalanca, departamento: number): string {
  const descricao = asciiText(item.descricao, '|').toUpperCase();
  return [
    zeros(departamento, 2),
    String(item.tipo),
    zeros(item.plu, 6),
    zeros(centavos(item.preco), 6),
    zeros(item.validadeDias, 3),
    padRight(descricao, 25),
    padRight(descricao.slice(25), 25),
  ].join('');
}

/**
 * Positions 69–114: código da informação extra (6), da imagem (4), da informação nutricional (6),
 * imprime data de validade (1), imprime data de embalagem (1), código do fornecedor (4), lote (12),
 * código EAN-13 especial (11), versão do preço (1). Validity is printed only when the product has one.
 */
function toledoComplemento(item: ItemBalanca): string {
  const imprimeValidade = item.validadeDias > 0 ? '1' : '0';
  return `${'0'.repeat(16)}${imprimeValidade}1${'0'.repeat(27)}1`;
}

/**
 * MGV6 extension after position 114: som, tara, fracionador, extra 1, extra 2, conservação (4 each),
 * EAN-13 do fornecedor (12), percentual de glaciamento (6); |departamentos associados|; descritivo 3ª
 * e 4ª linhas (35 + 35); extra 3, extra 4, mídia, preço promocional (6 each); utiliza fornecedor
 * associado (1) |fornecedores associados| solicita tara (1) |balanças onde o item não fica ativo|.
 */
function toledoMgv6Extensao(departamento: number): string {
  return `${'0'.repeat(42)}|${zeros(departamento, 2)}|${' '.repeat(70)}${'0'.repeat(24)}0||0||`;
}

/** The layouts by model; lines without the CRLF. */
export const LAYOUTS_BALANCA: Record<ModeloBalanca, LayoutBalanca> = {
  toledoMgv6: {
    label: 'Toledo MGV6 (ITENSMGV.TXT)',
    nomeArquivo: 'ITENSMGV.TXT',
    precoMaximo: 9999.99,
    descricaoMaxima: 50,
    usaDepartamento: true,
    linha: (item, departamento) =>
      toledoInicio(item, departamento) + toledoComplemento(item) + toledoMgv6Extensao(departamento),
  },
  toledoMgv5: {
    label: 'Toledo MGV5 (ITENSMGV.TXT)',
    nomeArquivo: 'ITENSMGV.TXT',
    precoMaximo: 9999.99,
    descricaoMaxima: 50,
    usaDepartamento: true,
    linha: (item, departamento) => toledoInicio(item, departamento) + toledoComplemento(item),
  },
  /**
   * Filizola Smart CADTXT.TXT: código/PLU (6), P peso ou U unidade (1), descrição (22), preço em
   * centavos (7), dias de validade (3) — 39 characters.
   */
  filizola: {
    label: 'Filizola Smart (CADTXT.TXT)',
    nomeArquivo: 'CADTXT.TXT',
    precoMaximo: 99999.99,
    descricaoMaxima: 22,
    usaDepartamento: false,
    linha: (item) =>
      [
        zeros(item.plu, 6),
        item.tipo === 1 ? 'U' : 'P',
        padRight(asciiText(item.descricao).toUpperCase(), 22),
        zeros(centavos(item.preco), 7),
        zeros(item.validadeDias, 3),
      ].join(''),
  },
};
