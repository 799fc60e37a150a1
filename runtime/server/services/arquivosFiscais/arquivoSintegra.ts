import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { analiticoDocumento, cstItem, valorOperacaoItens } from './analiticoDocumento.ts';
import { type ContadorFiscal, contadorFiscal } from './cadastrosFiscais.ts';
import type { DocumentoFiscal, ItemFiscal } from './documentosFiscais.ts';
import type { EmitenteFiscal } from './emitenteFiscal.ts';
import { alfa, num, round, sintegraData } from './formatoArquivo.ts';
import {
  type AvisoFiscal,
  assertCodigosItens,
  codigoItem,
  type MovimentoFiscal,
  movimentoFiscal,
} from './movimentoFiscal.ts';

/** What the user chose on Fiscais › Arquivo Sintegra. */
export interface PedidoSintegra {
  filialId: number;
  dataInicial: string;
  dataFinal: string;
  finalidade: 1 | 2 | 3 | 5;
  /** 1 interestaduais com ST, 2 interestaduais com ou sem ST, 3 totalidade das operações. */
  natureza: 1 | 2 | 3;
}

const DATA = /^\d{4}-\d{2}-\d{2}$/;
const valida = (iso: string) => DATA.test(iso) && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso);

/** 400 unless both dates exist, start ≤ end, both in the same month (the file is monthly) and not future. */
export function validarPeriodoSintegra(pedido: Pick<PedidoSintegra, 'dataInicial' | 'dataFinal'>) {
  const { dataInicial, dataFinal } = pedido;
  const hoje = new Date().toISOString().slice(0, 10);
  if (
    !valida(dataInicial ?? '') ||
    !valida(dataFinal ?? '') ||
    dataInicial > dataFinal ||
    dataInicial.slice(0, 7) !== dataFinal.slice(0, 7) ||
    dataInicial.slice(0, 7) > hoje.slice(0, 7)
  )
    throw new HttpError(
      400,
      'PERIODO_INVALIDO',
      'Período inválido: a data inicial deve ser anterior ou igual à final e as duas devem estar no mesmo mês, que não pode ser futuro.',
    );
}

/**
 * An interstate operation: a CFOP of group 2 or 6 with a participant of another UF. Groups 1/5 (internal)
 * and 3/7 (exterior) never are.
 */
export const interestadual = (cfop: string, ufParticipante: string | undefined, ufEmitente: string) =>
  (cfop.startsWith('2') || cfop.startsWith('6')) && !!ufParticipante && ufParticipante !== ufEmitente;

/** Which CFOP lines the natureza das operações (campo 11 do registro 10) keeps. */
export function naturezaAceita(
  natureza: PedidoSintegra['natureza'],
  cfop: string,
  valorIcmsSt: number,
  ufParticipante: string | undefined,
  ufEmitente: string,
): boolean {
  if (natureza === 3) return true;
  if (!interestadual(cfop, ufParticipante, ufEmitente)) return false;
  return natureza === 2 || valorIcmsSt > 0;
}

/** Isentas/não tributadas (CST 30, 40, 41) and outras (the rest of the value without an ICMS base). */
function isentasOutras(cst: string, valor: number, base: number) {
  const tabelaB = cst.slice(-2);
  if (['30', '40', '41'].includes(tabelaB)) return { isentas: valor, outras: 0 };
  return { isentas: 0, outras: round(Math.max(0, valor - base)) };
}

/** One registro 50 line: a note's values per CFOP and alíquota (the CSTs of the items summed together). */
export interface Analitico50 {
  cfop: string;
  aliquota: number;
  valorOperacao: number;
  baseIcms: number;
  valorIcms: number;
  isentas: number;
  outras: number;
  baseIcmsSt: number;
  valorIcmsSt: number;
}

/** The note's registro 50 lines: one per CFOP + alíquota, isentas/outras classified item by item. */
export function analitico50(documento: DocumentoFiscal): Analitico50[] {
  const grupos = new Map<string, Analitico50>();
  for (const linha of analiticoDocumento(documento)) {
    const key = `${linha.cfop}|${linha.aliquota}`;
    const grupo = grupos.get(key) ?? {
      cfop: linha.cfop,
      aliquota: linha.aliquota,
      valorOperacao: 0,
      baseIcms: 0,
      valorIcms: 0,
      isentas: 0,
      outras: 0,
      baseIcmsSt: 0,
      valorIcmsSt: 0,
    };
    const { isentas, outras } = isentasOutras(linha.cst, linha.valorOperacao, linha.baseIcms);
    grupo.valorOperacao = round(grupo.valorOperacao + linha.valorOperacao);
    grupo.baseIcms = round(grupo.baseIcms + linha.baseIcms);
    grupo.valorIcms = round(grupo.valorIcms + linha.valorIcms);
    grupo.isentas = round(grupo.isentas + isentas);
    grupo.outras = round(grupo.outras + outras);
    grupo.baseIcmsSt = round(grupo.baseIcmsSt + linha.baseIcmsSt);
    grupo.valorIcmsSt = round(grupo.valorIcmsSt + linha.valorIcmsSt);
    grupos.set(key, grupo);
  }
  return [...grupos.values()];
}

/**
 * The items of a note that the natureza keeps: those of the registro 50 lines it keeps (per CFOP and
 * alíquota), so the 54 items, their 75 and the 50 line always add up alike.
 */
export function itensAceitos(
  documento: DocumentoFiscal,
  natureza: PedidoSintegra['natureza'],
  uf: string | undefined,
  ufEmitente: string,
): ItemFiscal[] {
  const aceitas = new Set(
    analitico50(documento)
      .filter((linha) => naturezaAceita(natureza, linha.cfop, linha.valorIcmsSt, uf, ufEmitente))
      .map((linha) => `${linha.cfop}|${linha.aliquota}`),
  );
  return documento.itens.filter((item) => aceitas.has(`${item.cfop}|${round(item.aliquotaIcms)}`));
}

function cabecalhoNota(
  tipo: '50' | '53',
  documento: DocumentoFiscal,
  emitente: EmitenteFiscal,
  movimento: MovimentoFiscal,
) {
  const participante =
    documento.participanteId === null ? undefined : movimento.participantes.get(documento.participanteId);
  const data = documento.indEmit === 1 ? documento.dataEntradaSaida : documento.dataEmissao;
  return [
    tipo,
    num(participante?.cpfCnpj ?? emitente.cnpj, 14),
    alfa(participante?.ie || 'ISENTO', 14),
    sintegraData(data),
    alfa(participante?.uf || emitente.uf, 2),
    num(documento.modelo, 2),
    alfa(documento.serie ?? '', 3),
    num(documento.numero, 6),
  ].join('');
}

const ufParticipante = (documento: DocumentoFiscal, movimento: MovimentoFiscal) =>
  documento.participanteId === null ? undefined : movimento.participantes.get(documento.participanteId)?.uf;

function registro50(
  documento: DocumentoFiscal,
  emitente: EmitenteFiscal,
  movimento: MovimentoFiscal,
  natureza: PedidoSintegra['natureza'],
): string[] {
  const cabeca = cabecalhoNota('50', documento, emitente, movimento);
  const uf = ufParticipante(documento, movimento);
  const emit = documento.indEmit === 0 ? 'P' : 'T';
  if (documento.cancelado) {
    const cfop = documento.itens[0]?.cfop ?? (documento.indOper === 1 ? '5102' : '1102');
    // A cancelled note has no ST to tell natureza 1 from 2: kept in both when interstate.
    if (natureza !== 3 && !interestadual(cfop, uf, emitente.uf)) return [];
    return [`${cabeca}${num(cfop, 4)}${emit}${num(0, 13).repeat(5)}${num(0, 4)}S`];
  }
  return analitico50(documento)
    .filter((linha) => naturezaAceita(natureza, linha.cfop, linha.valorIcmsSt, uf, emitente.uf))
    .map((linha) =>
      [
        cabeca,
        num(linha.cfop, 4),
        emit,
        num(linha.valorOperacao, 13, 2),
        num(linha.baseIcms, 13, 2),
        num(linha.valorIcms, 13, 2),
        num(linha.isentas, 13, 2),
        num(linha.outras, 13, 2),
        num(linha.aliquota, 4, 2),
        'N',
      ].join(''),
    );
}

/**
 * Registro 53: a note with ICMS retained by substituição tributária, one line per CFOP (base and ICMS-ST
 * summed; código da antecipação blank: ST informed by the substitute).
 */
function registros53(
  documento: DocumentoFiscal,
  emitente: EmitenteFiscal,
  movimento: MovimentoFiscal,
  natureza: PedidoSintegra['natureza'],
): string[] {
  if (documento.cancelado) return [];
  const uf = ufParticipante(documento, movimento);
  const porCfop = new Map<string, { base: number; valor: number }>();
  for (const linha of analitico50(documento)) {
    if (linha.valorIcmsSt <= 0) continue;
    if (!naturezaAceita(natureza, linha.cfop, linha.valorIcmsSt, uf, emitente.uf)) continue;
    const grupo = porCfop.get(linha.cfop) ?? { base: 0, valor: 0 };
    grupo.base = round(grupo.base + linha.baseIcmsSt);
    grupo.valor = round(grupo.valor + linha.valorIcmsSt);
    porCfop.set(linha.cfop, grupo);
  }
  const cabeca = cabecalhoNota('53', documento, emitente, movimento);
  const emit = documento.indEmit === 0 ? 'P' : 'T';
  return [...porCfop].map(([cfop, grupo]) =>
    [
      cabeca,
      num(cfop, 4),
      emit,
      num(grupo.base, 13, 2),
      num(grupo.valor, 13, 2),
      num(0, 13, 2),
      'N',
      ' ',
      ' '.repeat(29),
    ].join(''),
  );
}

function registros54(
  documento: DocumentoFiscal,
  emitente: EmitenteFiscal,
  movimento: MovimentoFiscal,
  natureza: PedidoSintegra['natureza'],
): string[] {
  const participante =
    documento.participanteId === null ? undefined : movimento.participantes.get(documento.participanteId);
  const cabeca = [
    '54',
    num(participante?.cpfCnpj ?? emitente.cnpj, 14),
    num(documento.modelo, 2),
    alfa(documento.serie ?? '', 3),
    num(documento.numero, 6),
  ].join('');
  const linhas: string[] = [];
  const uf = participante?.uf;
  const itens = itensAceitos(documento, natureza, uf, emitente.uf);
  for (const item of itens)
    linhas.push(
      [
        cabeca,
        num(item.cfop, 4),
        alfa(cstItem(item), 3),
        num(item.numeroItem, 3),
        alfa(codigoItem(item, movimento.produtos), 14),
        num(item.quantidade, 11, 3),
        num(item.valorTotal, 12, 2),
        num(item.valorDesconto, 12, 2),
        num(item.baseIcms, 12, 2),
        num(item.baseIcmsSt, 12, 2),
        num(item.valorIpi, 12, 2),
        num(item.aliquotaIcms, 4, 2),
      ].join(''),
    );
  // Item 991: the document's freight, in the field of "desconto / despesa acessória".
  if (documento.valorFrete > 0 && itens.length > 0)
    linhas.push(
      [
        cabeca,
        num(itens[0]!.cfop, 4),
        alfa('', 3),
        '991',
        alfa('', 14),
        num(0, 11),
        num(0, 12),
        num(documento.valorFrete, 12, 2),
        num(0, 12).repeat(3),
        num(0, 4),
      ].join(''),
    );
  return linhas;
}

/** Registro 61: NFC-e (modelo 65) summed per day, série and alíquota (numbers first and last). */
function registros61(documentos: DocumentoFiscal[]): string[] {
  const grupos = new Map<
    string,
    { data: string; serie: string; aliquota: number; nums: number[]; tot: number[] }
  >();
  for (const documento of documentos) {
    if (documento.modelo !== '65' || documento.cancelado) continue;
    for (const linha of analiticoDocumento(documento)) {
      const key = `${documento.dataEmissao}|${documento.serie ?? ''}|${linha.aliquota}`;
      const grupo = grupos.get(key) ?? {
        data: documento.dataEmissao,
        serie: String(documento.serie ?? ''),
        aliquota: linha.aliquota,
        nums: [],
        tot: [0, 0, 0, 0, 0],
      };
      const { isentas, outras } = isentasOutras(linha.cst, linha.valorOperacao, linha.baseIcms);
      grupo.nums.push(documento.numero);
      [linha.valorOperacao, linha.baseIcms, linha.valorIcms, isentas, outras].forEach((valor, index) => {
        grupo.tot[index] = round((grupo.tot[index] ?? 0) + valor);
      });
      grupos.set(key, grupo);
    }
  }
  // In date order (then série and alíquota), whichever table each NFC-e came from (a cupom of the POS program
  // or a nota emitted as modelo 65): the validator wants each type's records by date.
  const ordenados = [...grupos.values()].sort(
    (a, b) => a.data.localeCompare(b.data) || a.serie.localeCompare(b.serie) || a.aliquota - b.aliquota,
  );
  return ordenados.map((g) =>
    [
      '61',
      ' '.repeat(28),
      sintegraData(g.data),
      '65',
      alfa(g.serie, 3),
      alfa('', 2),
      num(Math.min(...g.nums), 6),
      num(Math.max(...g.nums), 6),
      num(g.tot[0], 13, 2),
      num(g.tot[1], 13, 2),
      num(g.tot[2], 12, 2),
      num(g.tot[3], 13, 2),
      num(g.tot[4], 13, 2),
      num(g.aliquota, 4, 2),
      ' ',
    ].join(''),
  );
}

/**
 * Registro 61R: the month's summary per produto and alíquota of the NFC-e items summed in the 61 lines
 * (quantidade, valor bruto, base de cálculo). Their produtos get a 75 like the notes' ones.
 */
function registros61R(movimento: MovimentoFiscal, mesAno: string) {
  const grupos = new Map<
    string,
    { codigo: string; item: ItemFiscal; quantidade: number; valor: number; base: number }
  >();
  for (const documento of movimento.documentos) {
    if (documento.modelo !== '65' || documento.cancelado) continue;
    for (const item of documento.itens) {
      const codigo = codigoItem(item, movimento.produtos);
      const key = `${codigo}|${round(item.aliquotaIcms)}`;
      const grupo = grupos.get(key) ?? { codigo, item, quantidade: 0, valor: 0, base: 0 };
      grupo.quantidade = round(grupo.quantidade + item.quantidade, 3);
      grupo.valor = round(grupo.valor + item.valorTotal - item.valorDesconto);
      grupo.base = round(grupo.base + item.baseIcms);
      grupos.set(key, grupo);
    }
  }
  return [...grupos.values()].map((g) => ({
    ...g,
    linha: [
      '61R',
      mesAno,
      alfa(g.codigo, 14),
      num(g.quantidade, 13, 3),
      num(g.valor, 16, 2),
      num(g.base, 16, 2),
      num(g.item.aliquotaIcms, 4, 2),
      ' '.repeat(54),
    ].join(''),
  }));
}

/** Registro 90: counts per type (up to nine pairs a line) and 99 = every line of the file. */
function registros90(emitente: EmitenteFiscal, contagens: Array<[string, number]>, linhasAntes: number) {
  const cabeca = `90${num(emitente.cnpj, 14)}${alfa(emitente.ie, 14)}`;
  const pares = contagens.filter(([, quantidade]) => quantidade > 0);
  const quantas90 = Math.ceil((pares.length + 1) / 9);
  const todos = [...pares, ['99', linhasAntes + quantas90] as [string, number]];
  const linhas: string[] = [];
  for (let i = 0; i < todos.length; i += 9) {
    const corpo = todos
      .slice(i, i + 9)
      .map(([tipo, quantidade]) => `${tipo}${num(quantidade, 8)}`)
      .join('');
    linhas.push(`${cabeca}${corpo.padEnd(95, ' ')}${quantas90}`);
  }
  return linhas;
}

/**
 * The Sintegra file (Convênio ICMS 57/95) of one branch and period: registros 10, 11, 50 (NF-e per CFOP
 * and alíquota), 54 (their items), 61 (NFC-e per day), 74 (inventory dated in the period), 75 (the
 * produtos cited) and 90. Every line has exactly 126 characters.
 */
export async function arquivoSintegra(tx: Tx, emitente: EmitenteFiscal, pedido: PedidoSintegra) {
  validarPeriodoSintegra(pedido);
  const movimento = await movimentoFiscal(tx, emitente.filialId, pedido.dataInicial, pedido.dataFinal);
  assertCodigosItens(movimento);
  const contador = await contadorFiscal(tx);
  return escreverSintegra(emitente, contador, movimento, pedido);
}

/** The Sintegra lines from data already loaded and checked (no database). */
export function escreverSintegra(
  emitente: EmitenteFiscal,
  contador: ContadorFiscal | null,
  movimento: MovimentoFiscal,
  pedido: PedidoSintegra,
) {
  const avisos: AvisoFiscal[] = [...movimento.avisos];
  if (!emitente.municipio)
    avisos.push({
      tipo: 'cadastro',
      referencia: emitente.nome,
      mensagem: 'Filial sem município (código IBGE).',
    });
  const r10 = [
    '10',
    num(emitente.cnpj, 14),
    alfa(emitente.ie, 14),
    alfa(emitente.nome, 35),
    alfa(emitente.municipio, 30),
    alfa(emitente.uf, 2),
    num(0, 10),
    sintegraData(pedido.dataInicial),
    sintegraData(pedido.dataFinal),
    '3',
    String(pedido.natureza),
    String(pedido.finalidade),
  ].join('');
  const r11 = [
    '11',
    alfa(emitente.logradouro, 34),
    num(emitente.numero, 5),
    alfa(emitente.complemento, 22),
    alfa(emitente.bairro, 15),
    num(emitente.cep, 8),
    alfa(contador?.nome ?? emitente.nome, 28),
    num(emitente.telefone, 12),
  ].join('');
  const notas = movimento.documentos.filter((documento) => documento.modelo === '55');
  const r50 = notas.flatMap((documento) => registro50(documento, emitente, movimento, pedido.natureza));
  const r53 = notas.flatMap((documento) => registros53(documento, emitente, movimento, pedido.natureza));
  const r54 = notas
    .filter((documento) => !documento.cancelado)
    .flatMap((documento) => registros54(documento, emitente, movimento, pedido.natureza));
  const r61 = pedido.natureza === 3 ? registros61(movimento.documentos) : [];
  const resumo61 =
    pedido.natureza === 3
      ? registros61R(movimento, `${pedido.dataInicial.slice(5, 7)}${pedido.dataInicial.slice(0, 4)}`)
      : [];
  const r74: string[] = [];
  const produtos75 = new Map<
    string,
    { ncm: string; descricao: string; unidade: string; ipi: number; icms: number; baseSt: number }
  >();
  for (const documento of notas) {
    if (documento.cancelado) continue;
    const uf = ufParticipante(documento, movimento);
    for (const item of itensAceitos(documento, pedido.natureza, uf, emitente.uf)) {
      const produto = item.produtoId === null ? undefined : movimento.produtos.get(item.produtoId);
      const codigo = codigoItem(item, movimento.produtos);
      // Unit ST base of a product under substituição tributária (campo 12 of registro 75).
      const baseSt =
        item.baseIcmsSt > 0 && item.quantidade > 0 ? round(item.baseIcmsSt / item.quantidade) : 0;
      const atual = produtos75.get(codigo);
      if (!atual)
        produtos75.set(codigo, {
          ncm: produto?.ncm || item.ncm || '',
          descricao: produto?.descricao ?? item.descricao,
          unidade: produto?.unidade || item.unidade || 'UN',
          ipi: item.aliquotaIpi,
          icms: item.aliquotaIcms,
          baseSt,
        });
      else if (atual.baseSt === 0 && baseSt > 0) atual.baseSt = baseSt;
    }
  }
  if (pedido.natureza === 3)
    for (const inventario of movimento.inventarios)
      for (const item of inventario.itens) {
        const produto = movimento.produtos.get(item.produtoId);
        const codigo = produto?.codigo ?? String(item.produtoId);
        r74.push(
          [
            '74',
            sintegraData(inventario.data),
            alfa(codigo, 14),
            num(item.quantidade, 13, 3),
            num(item.quantidade * item.valorUnitario, 13, 2),
            // Posse 1 (own goods in own possession): no possessor, so CNPJ zeros and IE blank.
            '1',
            num(0, 14),
            alfa('', 14),
            alfa(emitente.uf, 2),
            ' '.repeat(45),
          ].join(''),
        );
        if (!produtos75.has(codigo))
          produtos75.set(codigo, {
            ncm: produto?.ncm ?? '',
            descricao: produto?.descricao ?? codigo,
            unidade: produto?.unidade || 'UN',
            ipi: 0,
            icms: 0,
            baseSt: 0,
          });
      }
  for (const { codigo, item } of resumo61)
    if (!produtos75.has(codigo)) {
      const produto = item.produtoId === null ? undefined : movimento.produtos.get(item.produtoId);
      produtos75.set(codigo, {
        ncm: produto?.ncm || item.ncm || '',
        descricao: produto?.descricao ?? item.descricao,
        unidade: produto?.unidade || item.unidade || 'UN',
        ipi: 0,
        icms: item.aliquotaIcms,
        baseSt: 0,
      });
    }
  const r75 = [...produtos75].map(([codigo, p]) =>
    [
      '75',
      sintegraData(pedido.dataInicial),
      sintegraData(pedido.dataFinal),
      alfa(codigo, 14),
      alfa(p.ncm, 8),
      alfa(p.descricao, 53),
      alfa(p.unidade, 6),
      num(p.ipi, 5, 2),
      num(p.icms, 4, 2),
      num(0, 5, 2),
      num(p.baseSt, 13, 2),
    ].join(''),
  );
  const r61R = resumo61.map((grupo) => grupo.linha);
  const corpo = [r10, r11, ...r50, ...r53, ...r54, ...r61, ...r61R, ...r74, ...r75];
  const contagens: Array<[string, number]> = [
    ['50', r50.length],
    ['53', r53.length],
    ['54', r54.length],
    // 61R lines are records of type 61 (the 90 totals count them together).
    ['61', r61.length + r61R.length],
    ['74', r74.length],
    ['75', r75.length],
  ];
  const linhas = [...corpo, ...registros90(emitente, contagens, corpo.length)];
  const ativos = notas.filter((documento) => !documento.cancelado);
  const soma = (filtro: (d: DocumentoFiscal) => boolean, campo: 'valorIcms' | 'baseIcms') =>
    round(
      ativos
        .filter(filtro)
        .flatMap((d) => analiticoDocumento(d))
        .reduce((total, linha) => total + linha[campo], 0),
    );
  const saida = (d: DocumentoFiscal) => d.indOper === 1;
  const registros = [
    { registro: '10', quantidade: 1 },
    { registro: '11', quantidade: 1 },
    ...contagens.map(([registro, quantidade]) => ({ registro, quantidade })),
    { registro: '90', quantidade: linhas.length - corpo.length },
  ].filter((linha) => linha.quantidade > 0);
  return {
    nomeArquivo: `SINTEGRA-${emitente.cnpj}-${pedido.dataInicial.slice(0, 7).replace('-', '')}.txt`,
    linhas,
    registros,
    totais: {
      documentos: notas.length,
      cupons: movimento.documentos.filter((d) => d.modelo === '65').length,
      valorContabil: round(
        ativos.reduce((total, d) => total + valorOperacaoItens(d).reduce((a, b) => a + b, 0), 0),
      ),
      icmsSaidas: soma(saida, 'valorIcms'),
      icmsEntradas: soma((d) => !saida(d), 'valorIcms'),
    },
    avisos,
  };
}

export type ResultadoSintegra = Awaited<ReturnType<typeof arquivoSintegra>>;
