import type { DocumentoFiscal, ItemFiscal } from './documentosFiscais.ts';
import { round } from './formatoArquivo.ts';

/** One analytic line of a document: the C190 of SPED, the 50 of Sintegra (per CST, CFOP and alíquota). */
export interface AnaliticoDocumento {
  cst: string;
  cfop: string;
  aliquota: number;
  valorOperacao: number;
  baseIcms: number;
  valorIcms: number;
  baseIcmsSt: number;
  valorIcmsSt: number;
  reducaoBase: number;
  valorIpi: number;
}

/**
 * The 3-digit CST_ICMS of an item: origem (Tabela A) + Tabela B, or the CSOSN of a Simples Nacional item
 * without CST. An item with neither is reported as 90 (outras) and the caller warns about it.
 */
export function cstItem(item: ItemFiscal): string {
  const csosn = item.csosn?.replace(/\D/g, '') ?? '';
  // Simples Nacional: the CSOSN (Tabela B do CSOSN) fills CST_ICMS when the item has no CST.
  if (!item.cstIcms && csosn.length === 3) return csosn;
  const origem = String(item.origem ?? 0).slice(0, 1);
  const tabelaB = (item.cstIcms ?? '').replace(/\D/g, '').slice(-2);
  return `${origem}${tabelaB.length === 2 ? tabelaB : '90'}`;
}

/**
 * Value of each item in the operation: goods − discount + ICMS-ST (also when booked in the goods' value,
 * stSemCredito) + IPI + its share of the document's freight (split by item value, the rounding left on the
 * last item), as the Guia Prático defines VL_OPR.
 */
export function valorOperacaoItens(documento: DocumentoFiscal): number[] {
  const liquidos = documento.itens.map(
    (item) =>
      item.valorTotal - item.valorDesconto + item.valorIcmsSt + (item.stSemCredito ?? 0) + item.valorIpi,
  );
  const frete = round(documento.valorFrete);
  if (frete <= 0 || documento.itens.length === 0) return liquidos.map((valor) => round(valor));
  const base = documento.itens.reduce((total, item) => total + item.valorTotal, 0);
  let distribuido = 0;
  return liquidos.map((valor, index) => {
    const ultimo = index === liquidos.length - 1;
    const parte = ultimo
      ? round(frete - distribuido)
      : round(base > 0 ? (frete * documento.itens[index]!.valorTotal) / base : 0);
    distribuido = round(distribuido + parte);
    return round(valor + parte);
  });
}

/** The analytic lines of a document, in order of first appearance of each CST/CFOP/alíquota. */
export function analiticoDocumento(documento: DocumentoFiscal): AnaliticoDocumento[] {
  const grupos = new Map<string, AnaliticoDocumento>();
  const valores = valorOperacaoItens(documento);
  documento.itens.forEach((item, index) => {
    const cst = cstItem(item);
    const aliquota = round(item.aliquotaIcms);
    const key = `${cst}|${item.cfop}|${aliquota}`;
    const grupo = grupos.get(key) ?? {
      cst,
      cfop: item.cfop,
      aliquota,
      valorOperacao: 0,
      baseIcms: 0,
      valorIcms: 0,
      baseIcmsSt: 0,
      valorIcmsSt: 0,
      reducaoBase: 0,
      valorIpi: 0,
    };
    grupo.valorOperacao = round(grupo.valorOperacao + (valores[index] ?? 0));
    grupo.baseIcms = round(grupo.baseIcms + item.baseIcms);
    grupo.valorIcms = round(grupo.valorIcms + item.valorIcms);
    grupo.baseIcmsSt = round(grupo.baseIcmsSt + item.baseIcmsSt);
    grupo.valorIcmsSt = round(grupo.valorIcmsSt + item.valorIcmsSt);
    grupo.valorIpi = round(grupo.valorIpi + item.valorIpi);
    // Reduced base (CST 20 and 70): what the base left out of the goods' value.
    if (cst.endsWith('20') || cst.endsWith('70'))
      grupo.reducaoBase = round(
        grupo.reducaoBase + Math.max(0, item.valorTotal - item.valorDesconto - item.baseIcms),
      );
    grupos.set(key, grupo);
  });
  return [...grupos.values()];
}

/** Saídas are CFOPs 5, 6 and 7; entradas 1, 2 and 3. */
export const cfopSaida = (cfop: string): boolean => ['5', '6', '7'].includes(cfop.charAt(0));
