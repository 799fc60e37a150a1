import { analiticoDocumento, cstItem } from './analiticoDocumento.ts';
import type { DocumentoFiscal, ItemFiscal } from './documentosFiscais.ts';
import type { EscritaSped } from './escritaSped.ts';
import { round, spedData, spedTexto as t, spedNumero as v } from './formatoArquivo.ts';
import { codigoItem, type MovimentoFiscal } from './movimentoFiscal.ts';

/** C170 is written for documents of third parties only (Guia Prático, C100, exceções 2 and 9). */
export const levaC170 = (documento: DocumentoFiscal): boolean =>
  !documento.cancelado && documento.indEmit === 1;

export const unidadeItem = (item: ItemFiscal, movimento: MovimentoFiscal): string =>
  (item.unidade || (item.produtoId !== null && movimento.produtos.get(item.produtoId)?.unidade) || 'UN')
    .trim()
    .toUpperCase();

/** IND_FRT (modFrete of the NF-e since 2018): the note's own value, else 9 without freight, 1 (FOB) with. */
function indicadorFrete(documento: DocumentoFiscal): string {
  if (documento.modalidadeFrete !== null) return String(documento.modalidadeFrete);
  return documento.valorFrete > 0 ? '1' : '9';
}

function c100(escrita: EscritaSped, documento: DocumentoFiscal, movimento: MovimentoFiscal) {
  const serie = documento.serie === null ? '' : String(documento.serie);
  if (documento.cancelado) {
    // Exceção 1: only REG, IND_OPER, IND_EMIT, COD_MOD, COD_SIT, SER, NUM_DOC and CHV_NFE.
    const vazios = Array<string>(20).fill('');
    escrita.add(
      'C100',
      documento.indOper,
      documento.indEmit,
      '',
      documento.modelo,
      '02',
      serie,
      documento.numero,
      documento.chave ?? '',
      ...vazios,
    );
    return;
  }
  const soma = (campo: keyof ItemFiscal) =>
    round(documento.itens.reduce((total, item) => total + Number(item[campo] ?? 0), 0));
  const nfce = documento.modelo === '65';
  const participante =
    documento.participanteId === null ? undefined : movimento.participantes.get(documento.participanteId);
  escrita.add(
    'C100',
    documento.indOper,
    documento.indEmit,
    nfce ? '' : (participante?.codigo ?? ''),
    documento.modelo,
    '00',
    serie,
    documento.numero,
    documento.chave ?? '',
    spedData(documento.dataEmissao),
    spedData(documento.dataEntradaSaida),
    v(documento.valorTotal),
    nfce ? '0' : '2',
    v(documento.valorDesconto),
    v(0),
    v(documento.valorProdutos),
    nfce ? '9' : indicadorFrete(documento),
    v(documento.valorFrete),
    v(0),
    v(0),
    v(soma('baseIcms')),
    v(soma('valorIcms')),
    nfce ? '' : v(soma('baseIcmsSt')),
    nfce ? '' : v(soma('valorIcmsSt')),
    nfce ? '' : v(soma('valorIpi')),
    nfce ? '' : v(soma('valorPis')),
    nfce ? '' : v(soma('valorCofins')),
    nfce ? '' : v(0),
    nfce ? '' : v(0),
  );
}

function c170(escrita: EscritaSped, item: ItemFiscal, movimento: MovimentoFiscal) {
  const ipi = item.valorIpi > 0;
  const baseContribuicao = (aliquota: number) =>
    aliquota > 0 ? v(item.valorTotal - item.valorDesconto) : v(0);
  escrita.add(
    'C170',
    item.numeroItem,
    t(codigoItem(item, movimento.produtos), 60),
    t(item.descricao),
    v(item.quantidade, 5),
    t(unidadeItem(item, movimento), 6),
    v(item.valorTotal),
    v(item.valorDesconto),
    '0',
    cstItem(item),
    item.cfop,
    '',
    v(item.baseIcms),
    v(item.aliquotaIcms),
    v(item.valorIcms),
    v(item.baseIcmsSt),
    item.valorIcmsSt > 0 ? v(0) : '',
    v(item.valorIcmsSt),
    ipi ? '0' : '',
    ipi ? '49' : '',
    '',
    ipi ? v(item.aliquotaIpi > 0 ? (item.valorIpi * 100) / item.aliquotaIpi : item.valorTotal) : '',
    ipi ? v(item.aliquotaIpi) : '',
    ipi ? v(item.valorIpi) : '',
    item.cstPis ?? '',
    baseContribuicao(item.aliquotaPis),
    v(item.aliquotaPis, 4),
    '',
    '',
    v(item.valorPis),
    item.cstCofins ?? '',
    baseContribuicao(item.aliquotaCofins),
    v(item.aliquotaCofins, 4),
    '',
    '',
    v(item.valorCofins),
    '',
    v(0),
  );
}

/** Block C: C100 per document, C170 for third parties' notes, C190 per CST/CFOP/alíquota. */
export function escreverBlocoC(escrita: EscritaSped, movimento: MovimentoFiscal) {
  escrita.bloco('C', () => {
    for (const documento of movimento.documentos) {
      c100(escrita, documento, movimento);
      if (documento.cancelado) continue;
      if (levaC170(documento)) for (const item of documento.itens) c170(escrita, item, movimento);
      for (const linha of analiticoDocumento(documento))
        escrita.add(
          'C190',
          linha.cst,
          linha.cfop,
          v(linha.aliquota),
          v(linha.valorOperacao),
          v(linha.baseIcms),
          v(linha.valorIcms),
          v(linha.baseIcmsSt),
          v(linha.valorIcmsSt),
          v(linha.reducaoBase),
          v(linha.valorIpi),
          '',
        );
    }
  });
}
