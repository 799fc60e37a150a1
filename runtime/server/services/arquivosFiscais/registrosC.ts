import { analiticoDocumento, cstItem } from './analiticoDocumento.ts';
import { difalDocumento, levaC101 } from './apuracaoSubstituicao.ts';
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

/** How block C books the IPI: only an IPI taxpayer (IND_ATIV 0, industrial) takes credit on entradas. */
export interface OpcoesBlocoC {
  /** IND_ATIV of 0000: 0 industrial or equiparado (IPI taxpayer), 1 outros. */
  indicadorAtividade: 0 | 1;
}

/** SER of C100 for every model: three positions, zero-filled; 000 when the document has no série. */
export const serieSped = (serie: number | null): string =>
  String(serie ?? 0)
    .padStart(3, '0')
    .slice(-3);

/**
 * Whether the item's IPI is a credit the file shows in the IPI fields. On an entrada of a company that is
 * not an IPI taxpayer (IND_ATIV 1) the IPI is part of the cost: it goes into the item value instead.
 */
export const ipiDestacado = (documento: DocumentoFiscal, opcoes: OpcoesBlocoC): boolean =>
  documento.indOper === 1 || opcoes.indicadorAtividade === 0;

/**
 * DT_E_S of C100: empty when the saída or entrada falls after the period (the note is booked by its
 * emission date, DT_DOC, in this period's apuração), as the Guia Prático asks.
 */
export const dataEntradaSaidaSped = (documento: DocumentoFiscal, fim: string): string =>
  documento.dataEntradaSaida > fim ? '' : spedData(documento.dataEntradaSaida);

function c100(
  escrita: EscritaSped,
  documento: DocumentoFiscal,
  movimento: MovimentoFiscal,
  opcoes: OpcoesBlocoC,
) {
  const serie = serieSped(documento.serie);
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
  const ipi = ipiDestacado(documento, opcoes);
  const ipiNoItem = ipi ? 0 : soma('valorIpi');
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
    dataEntradaSaidaSped(documento, movimento.fim),
    v(documento.valorTotal),
    nfce ? '0' : '2',
    v(documento.valorDesconto),
    v(0),
    v(documento.valorProdutos + ipiNoItem + soma('stSemCredito')),
    nfce ? '9' : indicadorFrete(documento),
    v(documento.valorFrete),
    v(0),
    v(0),
    v(soma('baseIcms')),
    v(soma('valorIcms')),
    nfce ? '' : v(soma('baseIcmsSt')),
    nfce ? '' : v(soma('valorIcmsSt')),
    nfce ? '' : v(ipi ? soma('valorIpi') : 0),
    nfce ? '' : v(soma('valorPis')),
    nfce ? '' : v(soma('valorCofins')),
    nfce ? '' : v(0),
    nfce ? '' : v(0),
  );
}

function c170(escrita: EscritaSped, item: ItemFiscal, movimento: MovimentoFiscal, destacaIpi: boolean) {
  const ipi = destacaIpi && item.valorIpi > 0;
  const valorItem =
    (destacaIpi ? item.valorTotal : item.valorTotal + item.valorIpi) + (item.stSemCredito ?? 0);
  const baseContribuicao = (aliquota: number) =>
    aliquota > 0 ? v(item.valorTotal - item.valorDesconto) : v(0);
  escrita.add(
    'C170',
    item.numeroItem,
    t(codigoItem(item, movimento.produtos), 60),
    t(item.descricao),
    v(item.quantidade, 5),
    t(unidadeItem(item, movimento), 6),
    v(valorItem),
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

/** Block C: C100 per document, C101 with its DIFAL/FCP, C170 for third parties' notes, C190 per CST/CFOP/alíquota. */
export function escreverBlocoC(escrita: EscritaSped, movimento: MovimentoFiscal, opcoes: OpcoesBlocoC) {
  escrita.bloco('C', () => {
    for (const documento of movimento.documentos) {
      c100(escrita, documento, movimento, opcoes);
      if (documento.cancelado) continue;
      if (levaC101(documento)) {
        const difal = difalDocumento(documento);
        escrita.add('C101', v(difal.fcpDestino), v(difal.icmsDestino), v(difal.icmsRemetente));
      }
      const ipi = ipiDestacado(documento, opcoes);
      if (levaC170(documento)) for (const item of documento.itens) c170(escrita, item, movimento, ipi);
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
          v(ipi ? linha.valorIpi : 0),
          '',
        );
    }
  });
}
