import type { DocumentoFiscal, ItemFiscal } from './documentosFiscais.ts';
import { round } from './formatoArquivo.ts';
import type { MovimentoFiscal } from './movimentoFiscal.ts';
import { CFOP_DEVOLUCAO_ST, CFOP_RESSARCIMENTO_ST } from './tabelasSped.ts';

/**
 * The ICMS-ST of a regime-normal company's purchases as the EFD books it: the ST a supplier retained is a
 * cost the buyer (substituído) may not credit, so it goes into the goods' value (C100 VL_MERC, C170 VL_ITEM)
 * and the ST fields of C100, C170 and C190 stay zero (Guia Prático, C100, "Informações adicionais", pergunta
 * 3). Otherwise the C190 ST would oblige an E200 for the supplier's UF and count as VL_OUT_CRED_ST there
 * (E200 "Validação do Registro"; E210 campo 06). Devoluções with ST (CFOP_DEVOLUCAO_ST) and ressarcimentos
 * (CFOP_RESSARCIMENTO_ST) keep their ST: they are the credits of E210 campos 04 and 05. Applying it twice
 * changes nothing.
 */
export function stSemCreditoNasEntradas(movimento: MovimentoFiscal): MovimentoFiscal {
  const documentos = movimento.documentos.map((documento): DocumentoFiscal => {
    if (documento.cancelado || documento.indOper !== 0) return documento;
    const semCredito = (item: ItemFiscal) =>
      item.valorIcmsSt > 0 && !CFOP_DEVOLUCAO_ST.has(item.cfop) && !CFOP_RESSARCIMENTO_ST.has(item.cfop);
    if (!documento.itens.some(semCredito)) return documento;
    const itens = documento.itens.map(
      (item): ItemFiscal =>
        semCredito(item)
          ? {
              ...item,
              stSemCredito: round((item.stSemCredito ?? 0) + item.valorIcmsSt),
              baseIcmsSt: 0,
              valorIcmsSt: 0,
            }
          : item,
    );
    return { ...documento, itens };
  });
  return { ...movimento, documentos };
}

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
