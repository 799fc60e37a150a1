import type { DocumentoFiscal, ItemFiscal } from './documentosFiscais.ts';
import { round } from './formatoArquivo.ts';
import type { MovimentoFiscal } from './movimentoFiscal.ts';

/**
 * CSOSN of an item seen by a Simples Nacional declarant (Guia Prático EFD ICMS/IPI: saídas by the Tabela B
 * of the CSOSN, entradas "sob o enfoque do declarante"): the CSOSN typed on the item, else the one that
 * matches the supplier's CST — ST retained or charged before (10, 30, 70 → 202; 60 → 500), not taxed
 * (40, 41, 50 → 400), otherwise taxed without credit (102). A supplier's 101/201 (with credit) is 102/202
 * for the buyer, who takes no credit.
 */
export function csosnDeclarante(item: ItemFiscal, entrada: boolean): string {
  const csosn = item.csosn?.replace(/\D/g, '');
  if (csosn && csosn.length === 3) {
    if (!entrada) return csosn;
    return csosn === '101' ? '102' : csosn === '201' ? '202' : csosn;
  }
  const cst = (item.cstIcms ?? '').replace(/\D/g, '').slice(-2);
  if (['10', '30', '70'].includes(cst)) return '202';
  if (cst === '60') return '500';
  if (['40', '41', '50'].includes(cst)) return '400';
  return '102';
}

/**
 * The month as a Simples Nacional company books it in the EFD: no ICMS of its own apuração (every ICMS
 * field zero, so E110 is zero), items by CSOSN, and on entradas the ICMS-ST paid, a cost without credit,
 * added to the goods' value (Guia Prático, C100, pergunta 3). Saídas keep the ST they retain. Applying it
 * twice changes nothing.
 */
export function escrituracaoSimples(movimento: MovimentoFiscal): MovimentoFiscal {
  const documentos = movimento.documentos.map((documento): DocumentoFiscal => {
    if (documento.cancelado) return documento;
    const entrada = documento.indOper === 0;
    let stNoValor = 0;
    const itens = documento.itens.map((item): ItemFiscal => {
      const st = entrada ? item.valorIcmsSt : 0;
      stNoValor = round(stNoValor + st);
      return {
        ...item,
        cstIcms: null,
        csosn: csosnDeclarante(item, entrada),
        baseIcms: 0,
        aliquotaIcms: 0,
        valorIcms: 0,
        valorTotal: round(item.valorTotal + st),
        baseIcmsSt: entrada ? 0 : item.baseIcmsSt,
        valorIcmsSt: entrada ? 0 : item.valorIcmsSt,
      };
    });
    return { ...documento, valorProdutos: round(documento.valorProdutos + stNoValor), itens };
  });
  return { ...movimento, documentos };
}
