import { UF_POR_CODIGO_IBGE } from '../../../core/fiscal/inscricaoEstadual.ts';
import { HttpError } from '../../errors.ts';
import { analiticoDocumento } from './analiticoDocumento.ts';
import type { DocumentoFiscal } from './documentosFiscais.ts';
import type { EscritaSped } from './escritaSped.ts';
import { round, spedData, spedTexto as t, spedNumero as v } from './formatoArquivo.ts';
import type { MovimentoFiscal } from './movimentoFiscal.ts';
import { CFOP_DEVOLUCAO_ST, CFOP_RESSARCIMENTO_ST, OBRIGACAO } from './tabelasSped.ts';

/**
 * The ICMS-ST (E200/E210/E250) and DIFAL/FCP (E300/E310/E316) assessments of block E, one per UF, from the
 * documents of the month (Guia Prático EFD ICMS/IPI 3.1.x). What is a debit and a credit:
 * - ST: VL_RETENCAO_ST is the ST retained on saídas (CFOP 5 → the company's UF, 6 → the participant's UF);
 *   VL_DEVOL_ST the ST of devoluções received (CFOP_DEVOLUCAO_ST of tabelasSped: x410, x411, x414, x415,
 *   x660, x661, x662); VL_RESSARC_ST the ST of ressarcimento notes (CFOP 1603, 2603). ST paid by a supplier
 *   on a purchase (the company is substituído, without credit) is booked in the goods' value and not as ST
 *   (stSemCreditoNasEntradas), so it reaches no E200/E210.
 * - DIFAL/FCP: the C101 of interstate sales to a consumidor final não contribuinte; the destination UF
 *   gets VL_ICMS_UF_DEST and VL_FCP_UF_DEST, the company's UF VL_ICMS_UF_REM (zero since 2019).
 * Balances of earlier months are not kept here: each month starts without saldo credor of ST or DIFAL.
 * C176 and C180–C186 are not written: the Guia asks for them only where the UF's legislation requires them
 * (ressarcimento claimed by a substituído; UFs that adopted C180), and no such claim is kept in the product.
 * The validator knows their layouts and rules (validadorRessarcimentoSt), for files completed elsewhere.
 */

/** The UF of a participant: from its município's IBGE code, else the pessoa's UF. */
export function ufParticipante(movimento: MovimentoFiscal, documento: DocumentoFiscal): string | null {
  const participante =
    documento.participanteId === null ? undefined : movimento.participantes.get(documento.participanteId);
  if (!participante) return null;
  const porMunicipio = participante.codigoMunicipio
    ? UF_POR_CODIGO_IBGE[String(participante.codigoMunicipio).slice(0, 2)]
    : undefined;
  return porMunicipio ?? (participante.uf || null);
}

/** The UF an operation with this CFOP belongs to: internal (1, 5) the company's, interstate the participant's. */
function ufOperacao(
  movimento: MovimentoFiscal,
  documento: DocumentoFiscal,
  cfop: string,
  ufEmitente: string,
): string {
  if (cfop.startsWith('1') || cfop.startsWith('5')) return ufEmitente;
  return ufParticipante(movimento, documento) ?? ufEmitente;
}

/** Balance of an assessment: what is owed, or the credit carried to the next month. */
function saldo(debitos: number, creditos: number) {
  const resultado = round(debitos - creditos);
  return { devedor: Math.max(0, resultado), transportar: Math.max(0, -resultado) };
}

export interface ApuracaoStUf {
  uf: string;
  retencao: number;
  devolucao: number;
  /** VL_RESSARC_ST: ST of the ressarcimento notes received (CFOP 1603, 2603). */
  ressarcimento: number;
  /** VL_SLD_DEV_ANT_ST (= VL_ICMS_RECOL_ST, no deductions). */
  recolher: number;
  credorTransportar: number;
}

/**
 * E210 per UF: one entry per UF with ST retained on saídas, returned on devoluções or claimed by a
 * ressarcimento note.
 */
export function apuracaoSt(movimento: MovimentoFiscal, ufEmitente: string): ApuracaoStUf[] {
  const porUf = new Map<string, { retencao: number; devolucao: number; ressarcimento: number }>();
  for (const documento of movimento.documentos) {
    if (documento.cancelado) continue;
    for (const linha of analiticoDocumento(documento)) {
      if (linha.valorIcmsSt <= 0) continue;
      const saida = /^[56]/.test(linha.cfop);
      const devolucao = CFOP_DEVOLUCAO_ST.has(linha.cfop);
      const ressarcimento = CFOP_RESSARCIMENTO_ST.has(linha.cfop);
      if (!saida && !devolucao && !ressarcimento) continue;
      const uf = ufOperacao(movimento, documento, linha.cfop, ufEmitente);
      const soma = porUf.get(uf) ?? { retencao: 0, devolucao: 0, ressarcimento: 0 };
      if (saida) soma.retencao = round(soma.retencao + linha.valorIcmsSt);
      else if (devolucao) soma.devolucao = round(soma.devolucao + linha.valorIcmsSt);
      else soma.ressarcimento = round(soma.ressarcimento + linha.valorIcmsSt);
      porUf.set(uf, soma);
    }
  }
  return [...porUf]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([uf, soma]) => {
      const { devedor, transportar } = saldo(soma.retencao, round(soma.devolucao + soma.ressarcimento));
      return { uf, ...soma, recolher: devedor, credorTransportar: transportar };
    });
}

export interface ApuracaoDifalUf {
  uf: string;
  debitosDifal: number;
  recolherDifal: number;
  debitosFcp: number;
  recolherFcp: number;
}

/** The C101 totals of one document (saídas only; zero when it has no DIFAL). */
export function difalDocumento(documento: DocumentoFiscal) {
  const soma = (campo: 'valorIcmsUfDestino' | 'valorFcpUfDestino' | 'valorIcmsUfRemetente') =>
    round(documento.itens.reduce((total, item) => total + (item[campo] ?? 0), 0));
  return {
    fcpDestino: soma('valorFcpUfDestino'),
    icmsDestino: soma('valorIcmsUfDestino'),
    icmsRemetente: soma('valorIcmsUfRemetente'),
  };
}

/** Whether the document carries a C101 (an NF-e de saída with DIFAL or FCP of the destination UF). */
export function levaC101(documento: DocumentoFiscal): boolean {
  if (documento.cancelado || documento.indOper !== 1 || documento.modelo !== '55') return false;
  const difal = difalDocumento(documento);
  return difal.fcpDestino + difal.icmsDestino + difal.icmsRemetente > 0;
}

/** E310 per UF: the destination UFs of the DIFAL and FCP, and the company's UF for its share. */
export function apuracaoDifal(movimento: MovimentoFiscal, ufEmitente: string): ApuracaoDifalUf[] {
  const porUf = new Map<string, { difal: number; fcp: number }>();
  const somar = (uf: string, difal: number, fcp: number) => {
    if (difal <= 0 && fcp <= 0) return;
    const soma = porUf.get(uf) ?? { difal: 0, fcp: 0 };
    soma.difal = round(soma.difal + difal);
    soma.fcp = round(soma.fcp + fcp);
    porUf.set(uf, soma);
  };
  for (const documento of movimento.documentos) {
    if (!levaC101(documento)) continue;
    const difal = difalDocumento(documento);
    somar(ufParticipante(movimento, documento) ?? ufEmitente, difal.icmsDestino, difal.fcpDestino);
    somar(ufEmitente, difal.icmsRemetente, 0);
  }
  return [...porUf]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([uf, soma]) => ({
      uf,
      debitosDifal: soma.difal,
      recolherDifal: soma.difal,
      debitosFcp: soma.fcp,
      recolherFcp: soma.fcp,
    }));
}

/** The códigos de receita of E250 and E316, typed on Fiscais › Arquivo SPED. */
export interface CodigosReceitaSubstituicao {
  codigoReceitaSt?: string;
  codigoReceitaDifal?: string;
  codigoReceitaFcp?: string;
}

const brl = (valor: number) => valor.toFixed(2).replace('.', ',');
const ufsCom = <T extends { uf: string }>(lista: T[], valor: (item: T) => number) =>
  lista.filter((item) => valor(item) > 0);

/**
 * 400 before any file when an E250 or E316 would be written without COD_REC: names the field to fill, the
 * UFs and the amounts.
 */
export function assertCodigosReceitaSubstituicao(
  pedido: CodigosReceitaSubstituicao,
  st: ApuracaoStUf[],
  difal: ApuracaoDifalUf[],
): void {
  const faltas: string[] = [];
  const conferir = (
    codigo: string | undefined,
    lista: { uf: string; valor: number }[],
    oque: string,
    campo: string,
  ) => {
    if (lista.length === 0 || codigo?.trim()) return;
    const ufs = lista.map((item) => `${item.uf} R$ ${brl(item.valor)}`).join(', ');
    faltas.push(`${oque} a recolher (${ufs}): informe o ${campo}`);
  };
  conferir(
    pedido.codigoReceitaSt,
    ufsCom(st, (item) => item.recolher).map((item) => ({ uf: item.uf, valor: item.recolher })),
    'ICMS-ST',
    'código de receita do ICMS-ST (campo COD_REC do registro E250)',
  );
  conferir(
    pedido.codigoReceitaDifal,
    ufsCom(difal, (item) => item.recolherDifal).map((item) => ({ uf: item.uf, valor: item.recolherDifal })),
    'DIFAL',
    'código de receita do DIFAL (campo COD_REC do registro E316)',
  );
  conferir(
    pedido.codigoReceitaFcp,
    ufsCom(difal, (item) => item.recolherFcp).map((item) => ({ uf: item.uf, valor: item.recolherFcp })),
    'FCP',
    'código de receita do FCP (campo COD_REC do registro E316)',
  );
  if (faltas.length > 0)
    throw new HttpError(400, 'CODIGO_RECEITA_AUSENTE', `Há ${faltas.join('; ')} antes de gerar o arquivo.`);
}

/** DT_VCTO of E116, E250 and E316 when none is typed: day 10 of the next month. */
export function proximoMesDia10(fim: string): string {
  const [ano, mes] = fim.split('-').map(Number) as [number, number];
  const seguinte = mes === 12 ? `${ano + 1}-01` : `${ano}-${String(mes + 1).padStart(2, '0')}`;
  return `${seguinte}-10`;
}

interface PedidoSubstituicao extends CodigosReceitaSubstituicao {
  periodo: string;
  dataVencimentoIcms?: string;
}

/** E200/E210/E250 then E300/E310/E316 of each UF with such operations (inside block E). */
export function escreverApuracaoSubstituicao(
  escrita: EscritaSped,
  pedido: PedidoSubstituicao,
  periodo: { inicio: string; fim: string },
  ufEmitente: string,
  st: ApuracaoStUf[],
  difal: ApuracaoDifalUf[],
): void {
  const [ano, mes] = pedido.periodo.split('-');
  const obrigacao = (registro: string, codigoObrigacao: string, valor: number, codigo?: string) =>
    escrita.add(
      registro,
      codigoObrigacao,
      v(valor),
      spedData(pedido.dataVencimentoIcms || proximoMesDia10(periodo.fim)),
      t(codigo),
      '',
      '',
      '',
      '',
      `${mes}${ano}`,
    );
  for (const a of st) {
    escrita.add('E200', a.uf, spedData(periodo.inicio), spedData(periodo.fim));
    escrita.add(
      'E210',
      '1',
      v(0),
      v(a.devolucao),
      v(a.ressarcimento),
      v(0),
      v(0),
      v(a.retencao),
      v(0),
      v(0),
      v(a.recolher),
      v(0),
      v(a.recolher),
      v(a.credorTransportar),
      v(0),
    );
    // Tabela 5.4: 002 ST pelas saídas para o Estado, 999 ST pelas saídas para outro Estado.
    if (a.recolher > 0)
      obrigacao(
        'E250',
        a.uf === ufEmitente ? OBRIGACAO.stSaidasEstado : OBRIGACAO.stSaidasOutroEstado,
        a.recolher,
        pedido.codigoReceitaSt,
      );
  }
  for (const a of difal) {
    escrita.add('E300', a.uf, spedData(periodo.inicio), spedData(periodo.fim));
    escrita.add(
      'E310',
      '1',
      v(0),
      v(a.debitosDifal),
      v(0),
      v(0),
      v(0),
      v(a.recolherDifal),
      v(0),
      v(a.recolherDifal),
      v(0),
      v(0),
      v(0),
      v(a.debitosFcp),
      v(0),
      v(0),
      v(0),
      v(a.recolherFcp),
      v(0),
      v(a.recolherFcp),
      v(0),
      v(0),
    );
    // Tabela 5.4: 000 ICMS a recolher (the DIFAL), 006 the Fundo de Combate à Pobreza.
    if (a.recolherDifal > 0)
      obrigacao('E316', OBRIGACAO.icmsRecolher, a.recolherDifal, pedido.codigoReceitaDifal);
    if (a.recolherFcp > 0) obrigacao('E316', OBRIGACAO.fcp, a.recolherFcp, pedido.codigoReceitaFcp);
  }
}
