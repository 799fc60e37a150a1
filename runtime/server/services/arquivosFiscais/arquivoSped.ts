import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { analiticoDocumento, cfopSaida } from './analiticoDocumento.ts';
import {
  apuracaoDifal,
  apuracaoSt,
  assertCodigosReceitaSubstituicao,
  type CodigosReceitaSubstituicao,
  escreverApuracaoSubstituicao,
  proximoMesDia10,
} from './apuracaoSubstituicao.ts';
import { type ContadorFiscal, contadorFiscal } from './cadastrosFiscais.ts';
import type { EmitenteFiscal } from './emitenteFiscal.ts';
import { EscritaSped } from './escritaSped.ts';
import { escrituracaoSimples, stSemCreditoNasEntradas } from './escrituracaoSimples.ts';
import { limitesMes, round, spedData, spedTexto as t, spedNumero as v } from './formatoArquivo.ts';
import {
  type AvisoFiscal,
  assertCodigosItens,
  type MovimentoFiscal,
  movimentoFiscal,
} from './movimentoFiscal.ts';
import { escreverBlocoC } from './registrosC.ts';
import { escreverCadastros } from './registrosCadastro.ts';

/** What the user chose on Fiscais › Arquivo SPED. */
export interface PedidoSped extends CodigosReceitaSubstituicao {
  filialId: number;
  /** AAAA-MM */
  periodo: string;
  finalidade: 0 | 1;
  perfil: 'A' | 'B' | 'C';
  codigoReceita?: string;
  dataVencimentoIcms?: string;
  saldoCredorAnterior?: number;
  /** IND_ATIV of 0000: 0 industrial or equiparado (IPI taxpayer), 1 outros (default). */
  indicadorAtividade?: 0 | 1;
  /** COD_CTA of H010: code of the stock's conta contábil (Contas contábeis do SPED), perfis A and B. */
  contaEstoque?: string;
  /**
   * Block K: 'sem' (default) declares it without movement; 'saldos' writes the layout restricted to stock
   * balances (K010 IND_TP_LEIAUTE 2, K100 and one K200 per item with own stock at the end of the period).
   */
  blocoK?: 'sem' | 'saldos';
}

/** A conta contábil the file cites (register 0500). */
export interface ContaContabilFiscal {
  codigo: string;
  descricao: string;
  natureza: string;
  tipo: string;
  nivel: number;
  dataAlteracao: string;
}

/** Totals of the ICMS assessment (E110). */
export interface ApuracaoIcms {
  debitos: number;
  creditos: number;
  saldoCredorAnterior: number;
  saldoApurado: number;
  icmsRecolher: number;
  saldoCredorTransportar: number;
}

/**
 * COD_VER of register 0000 by the year of DT_FIN (Ato COTEPE/ICMS 44/2018 e alterações: 013 for 2019,
 * one more each year). 020 for 2026 on is our assumption (not verified against a published table).
 */
export function versaoLeiaute(ano: number): string {
  return String(Math.min(Math.max(ano - 2006, 13), 20)).padStart(3, '0');
}

export const PERIODO_SPED = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** 400 unless `periodo` is a month AAAA-MM from 2009 (first EFD) up to the current month. */
export function validarPeriodoSped(periodo: string): { inicio: string; fim: string } {
  const match = PERIODO_SPED.exec(periodo ?? '');
  const atual = new Date().toISOString().slice(0, 7);
  if (!match || Number(match[1]) < 2009 || periodo > atual)
    throw new HttpError(
      400,
      'PERIODO_INVALIDO',
      'Período inválido: informe um mês (mês/ano) a partir de 01/2009 e que não seja futuro.',
    );
  return limitesMes(periodo);
}

/** E110 from the C190 totals: debits of the saídas, credits of the entradas. */
export function apuracaoIcms(movimento: MovimentoFiscal, saldoCredorAnterior: number): ApuracaoIcms {
  let debitos = 0;
  let creditos = 0;
  for (const documento of movimento.documentos) {
    if (documento.cancelado) continue;
    for (const linha of analiticoDocumento(documento)) {
      if (cfopSaida(linha.cfop)) debitos = round(debitos + linha.valorIcms);
      else creditos = round(creditos + linha.valorIcms);
    }
  }
  const saldo = round(debitos - creditos - saldoCredorAnterior);
  return {
    debitos,
    creditos,
    saldoCredorAnterior,
    saldoApurado: Math.max(0, saldo),
    icmsRecolher: Math.max(0, saldo),
    saldoCredorTransportar: Math.max(0, -saldo),
  };
}

function escreverApuracao(
  escrita: EscritaSped,
  pedido: PedidoSped,
  periodo: { inicio: string; fim: string },
  apuracao: ApuracaoIcms,
  substituicao: () => void,
) {
  escrita.bloco('E', () => {
    escrita.add('E100', spedData(periodo.inicio), spedData(periodo.fim));
    const a = apuracao;
    escrita.add(
      'E110',
      v(a.debitos),
      v(0),
      v(0),
      v(0),
      v(a.creditos),
      v(0),
      v(0),
      v(0),
      v(a.saldoCredorAnterior),
      v(a.saldoApurado),
      v(0),
      v(a.icmsRecolher),
      v(a.saldoCredorTransportar),
      v(0),
    );
    if (a.icmsRecolher > 0) {
      const [ano, mes] = pedido.periodo.split('-');
      escrita.add(
        'E116',
        '000',
        v(a.icmsRecolher),
        spedData(pedido.dataVencimentoIcms || proximoMesDia10(periodo.fim)),
        t(pedido.codigoReceita),
        '',
        '',
        '',
        '',
        `${mes}${ano}`,
      );
    }
    substituicao();
  });
}

function escreverInventario(
  escrita: EscritaSped,
  movimento: MovimentoFiscal,
  conta: ContaContabilFiscal | null,
) {
  escrita.bloco('H', () => {
    for (const inventario of movimento.inventarios) {
      const itens = inventario.itens.map((item) => ({
        ...item,
        valorItem: round(item.quantidade * item.valorUnitario),
        produto: movimento.produtos.get(item.produtoId),
      }));
      const total = round(itens.reduce((soma, item) => soma + item.valorItem, 0));
      escrita.add('H005', spedData(inventario.data), v(total), inventario.motivo);
      for (const item of itens)
        escrita.add(
          'H010',
          t(item.produto?.codigo ?? String(item.produtoId), 60),
          t(item.produto?.unidade || 'UN', 6),
          v(item.quantidade, 3),
          v(item.valorUnitario, 6),
          v(item.valorItem),
          '0',
          '',
          '',
          t(conta?.codigo, 60),
          '',
        );
    }
  });
}

/**
 * Block K restricted to stock balances (Guia Prático, leiaute 017 on: K010 IND_TP_LEIAUTE 2 — only K200 and
 * K280), for establishments obliged to it: the own stock in the branch's depósitos at the end of the
 * period (IND_EST 0, no COD_PART). Without `estoqueFinal`, the block is declared without movement.
 */
function escreverBlocoK(escrita: EscritaSped, movimento: MovimentoFiscal) {
  escrita.bloco('K', () => {
    if (!movimento.estoqueFinal) return;
    escrita.add('K010', '2');
    escrita.add('K100', spedData(movimento.inicio), spedData(movimento.fim));
    for (const item of movimento.estoqueFinal) {
      const produto = movimento.produtos.get(item.produtoId);
      escrita.add(
        'K200',
        spedData(movimento.fim),
        t(produto?.codigo ?? String(item.produtoId), 60),
        v(item.quantidade, 3),
        '0',
        '',
      );
    }
  });
}

/**
 * The EFD ICMS/IPI (SPED Fiscal) of one branch and month: blocks 0, B, C, D, E, G, H, K, 1 and 9 as the
 * Guia Prático 3.1.x lays them out. D and G carry no data (no transport documents or CIAP here); K is
 * declared without movement unless the user asks for the stock balances (escreverBlocoK); B is only for
 * the Distrito Federal's ISS.
 */
export async function arquivoSped(tx: Tx, emitente: EmitenteFiscal, pedido: PedidoSped) {
  const periodo = validarPeriodoSped(pedido.periodo);
  const contador = await contadorFiscal(tx);
  if (!contador)
    throw new HttpError(
      400,
      'CONTADOR_AUSENTE',
      'Nenhum contador ativo cadastrado: cadastre o contador da empresa em Contábil › Contadores antes de gerar o arquivo SPED.',
    );
  const lido = await movimentoFiscal(tx, emitente.filialId, periodo.inicio, periodo.fim, {
    estoqueFinal: pedido.blocoK === 'saldos',
  });
  const movimento = emitente.simplesNacional ? escrituracaoSimples(lido) : lido;
  assertCodigosItens(movimento);
  const apuracao = apuracaoIcms(movimento, round(pedido.saldoCredorAnterior ?? 0));
  if (apuracao.icmsRecolher > 0 && !pedido.codigoReceita?.trim())
    throw new HttpError(
      400,
      'CODIGO_RECEITA_AUSENTE',
      `Há ICMS a recolher (R$ ${apuracao.icmsRecolher.toFixed(2).replace('.', ',')}): informe o código de receita (campo COD_REC do registro E116) antes de gerar o arquivo.`,
    );
  assertCodigosReceitaSubstituicao(
    pedido,
    apuracaoSt(movimento, emitente.uf),
    apuracaoDifal(movimento, emitente.uf),
  );
  const conta = await contaEstoque(tx, pedido, movimento);
  return escreverSped(emitente, contador, movimento, pedido, conta);
}

/**
 * The lines of the EFD from data already loaded and checked (no database): what arquivoSped writes, and
 * what the property tests feed with random documents.
 */
export function escreverSped(
  emitente: EmitenteFiscal,
  contador: ContadorFiscal,
  movimento: MovimentoFiscal,
  pedido: PedidoSped,
  conta: ContaContabilFiscal | null,
) {
  movimento = emitente.simplesNacional ? escrituracaoSimples(movimento) : stSemCreditoNasEntradas(movimento);
  const periodo = { inicio: movimento.inicio, fim: movimento.fim };
  const apuracao = apuracaoIcms(movimento, round(pedido.saldoCredorAnterior ?? 0));
  const avisos = [...movimento.avisos, ...avisosContador(contador)];
  if (!emitente.codigoMunicipio)
    avisos.push({
      tipo: 'cadastro',
      referencia: emitente.nome,
      mensagem: 'Filial sem município (código IBGE).',
    });
  const escrita = new EscritaSped();
  escrita.add(
    '0000',
    versaoLeiaute(Number(pedido.periodo.slice(0, 4))),
    pedido.finalidade,
    spedData(periodo.inicio),
    spedData(periodo.fim),
    t(emitente.nome, 100),
    emitente.cnpj,
    '',
    emitente.uf,
    emitente.ie,
    emitente.codigoMunicipio ?? '',
    t(emitente.im),
    '',
    pedido.perfil,
    String(pedido.indicadorAtividade ?? 1),
  );
  escreverCadastros(escrita, emitente, contador, movimento, conta);
  escrita.bloco('B', () => {});
  escreverBlocoC(escrita, movimento, { indicadorAtividade: pedido.indicadorAtividade ?? 1 });
  escrita.bloco('D', () => {});
  const st = apuracaoSt(movimento, emitente.uf);
  const difal = apuracaoDifal(movimento, emitente.uf);
  escreverApuracao(escrita, pedido, periodo, apuracao, () =>
    escreverApuracaoSubstituicao(escrita, pedido, periodo, emitente.uf, st, difal),
  );
  escrita.bloco('G', () => {});
  escreverInventario(escrita, movimento, conta);
  escreverBlocoK(escrita, movimento);
  escrita.bloco('1', () => {
    escrita.add('1010', ...Array<string>(13).fill('N'));
  });
  escrita.encerrar();
  const ativos = movimento.documentos.filter((documento) => !documento.cancelado);
  return {
    nomeArquivo: `SPED-EFD-${emitente.cnpj}-${pedido.periodo.replace('-', '')}.txt`,
    linhas: escrita.linhas,
    registros: [...escrita.porRegistro].map(([registro, quantidade]) => ({ registro, quantidade })),
    totais: {
      documentos: movimento.documentos.length,
      cancelados: movimento.documentos.length - ativos.length,
      itens: ativos.reduce((soma, documento) => soma + documento.itens.length, 0),
      ...apuracao,
      icmsStRecolher: round(st.reduce((soma, uf) => soma + uf.recolher, 0)),
      difalRecolher: round(difal.reduce((soma, uf) => soma + uf.recolherDifal, 0)),
      fcpRecolher: round(difal.reduce((soma, uf) => soma + uf.recolherFcp, 0)),
    },
    avisos,
  };
}

/**
 * The conta contábil of the stock for H010 COD_CTA: required in perfis A and B when the period has an
 * inventory with items (400 naming what to fill otherwise); it must exist and be analítica.
 */
async function contaEstoque(
  tx: Tx,
  pedido: PedidoSped,
  movimento: MovimentoFiscal,
): Promise<ContaContabilFiscal | null> {
  const temInventario = movimento.inventarios.some((inventario) => inventario.itens.length > 0);
  const codigo = pedido.contaEstoque?.trim();
  if (!temInventario) return null;
  if (!codigo) {
    if (pedido.perfil === 'C') return null;
    throw new HttpError(
      400,
      'CONTA_CONTABIL_AUSENTE',
      `O inventário do período exige a conta contábil do estoque no perfil ${pedido.perfil} (campo COD_CTA do registro H010): informe a conta do estoque, cadastrada em Configurações › Fiscal › Contas contábeis do SPED.`,
    );
  }
  const row = await tx.maybeOne<Record<string, unknown>>(
    `SELECT codigo, descricao, natureza_conta_contabil, tipo_conta_contabil, nivel,
            to_char(LEAST((alterado_em AT TIME ZONE 'America/Sao_Paulo')::date, $2::date), 'YYYY-MM-DD') AS data_alteracao
       FROM conta_contabil_sped WHERE codigo = $1`,
    [codigo, movimento.fim],
  );
  if (!row || String(row.tipo_conta_contabil) !== 'A')
    throw new HttpError(
      400,
      'CONTA_CONTABIL_INVALIDA',
      `A conta contábil do estoque "${codigo}" não está cadastrada como conta analítica em Configurações › Fiscal › Contas contábeis do SPED.`,
    );
  return {
    codigo: String(row.codigo),
    descricao: String(row.descricao),
    natureza: String(row.natureza_conta_contabil).padStart(2, '0'),
    tipo: 'A',
    nivel: Number(row.nivel),
    dataAlteracao: String(row.data_alteracao ?? movimento.inicio),
  };
}

function avisosContador(contador: ContadorFiscal): AvisoFiscal[] {
  const faltam = [
    contador.cpf.length === 11 ? null : 'CPF',
    contador.crc ? null : 'CRC',
    contador.email ? null : 'e-mail',
    contador.codigoMunicipio ? null : 'município (código IBGE)',
  ].filter(Boolean);
  return faltam.length === 0
    ? []
    : [{ tipo: 'cadastro', referencia: contador.nome, mensagem: `Contador sem ${faltam.join(', ')}.` }];
}

export type ResultadoSped = Awaited<ReturnType<typeof arquivoSped>>;
