import { variacaoPercentual } from '../../../core/financeiro/periodos.ts';
import { hojeBrasilia } from '../../../core/hojeBrasilia.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';

/** Sales that count in "vendas do mês" (flows.md §5): approved or invoiced (and delivered); orçamentos and cancelled ones do not. */
export const SITUACOES_VENDA = ['aprovado', 'faturado', 'entregue'] as const;
/** Open titles (situacaoLancamento ABERTO, PARCIAL): their valor aberto is what is still to settle. */
export const SITUACOES_ABERTAS = [0, 2] as const;
/** Most product ids one "abaixo do mínimo" answer lists (the card's link filters the product list by them). */
export const ESTOQUE_MINIMO_MAX_IDS = 500;

/** A reference month AAAA-MM: its first and last day and the previous month. */
export interface Referencia {
  referencia: string;
  inicio: string;
  fim: string;
  anterior: { referencia: string; inicio: string; fim: string };
}

const pad = (value: number) => String(value).padStart(2, '0');

function month(year: number, monthIndex: number): { referencia: string; inicio: string; fim: string } {
  const first = new Date(Date.UTC(year, monthIndex, 1));
  const last = new Date(Date.UTC(year, monthIndex + 1, 0));
  const y = first.getUTCFullYear();
  const m = pad(first.getUTCMonth() + 1);
  return { referencia: `${y}-${m}`, inicio: `${y}-${m}-01`, fim: `${y}-${m}-${pad(last.getUTCDate())}` };
}

/** The month `referencia` (AAAA-MM), or the current month in Brasília; 400 in words for anything else. */
export function resolveReferencia(referencia?: string): Referencia {
  if (referencia !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(referencia))
    throw new HttpError(
      400,
      'REFERENCIA_INVALIDA',
      `Mês de referência inválido: "${referencia}". Informe o ano e o mês como AAAA-MM, ex.: 2026-03.`,
    );
  const [year, monthNumber] = (referencia ?? hojeBrasilia().slice(0, 7)).split('-').map(Number) as [
    number,
    number,
  ];
  return { ...month(year, monthNumber - 1), anterior: month(year, monthNumber - 2) };
}

export const money = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;

export interface VendasMes {
  referencia: string;
  inicio: string;
  fim: string;
  valor: number;
  quantidade: number;
  ticketMedio: number;
  anterior: number;
  /** Change against the previous month in percent (one decimal); null when the previous month sold nothing. */
  variacao: number | null;
  /** Ticket médio of the previous month and the change of this month's over it (null: nothing to compare). */
  ticketMedioAnterior: number;
  variacaoTicket: number | null;
  situacoes: string[];
}

const VENDAS_SUM = `SELECT COALESCE(sum(valor_total), 0) AS valor, count(*)::int AS quantidade FROM pedido_venda
  WHERE situacao = ANY($1::text[]) AND data_emissao BETWEEN $2::date AND $3::date`;

/** Vendas do mês (flows.md §5): Σ valorTotal of the branch's approved, invoiced or delivered pedidos by emission date, against the previous month. */
export async function vendasMes(tx: Tx, ref: Referencia): Promise<VendasMes> {
  const situacoes = [...SITUACOES_VENDA];
  const atual = await tx.one<{ valor: string; quantidade: number }>(VENDAS_SUM, [
    situacoes,
    ref.inicio,
    ref.fim,
  ]);
  const anterior = await tx.one<{ valor: string; quantidade: number }>(VENDAS_SUM, [
    situacoes,
    ref.anterior.inicio,
    ref.anterior.fim,
  ]);
  const valor = money(atual.valor);
  const previous = money(anterior.valor);
  const ticketMedio = atual.quantidade === 0 ? 0 : money(valor / atual.quantidade);
  const ticketMedioAnterior = anterior.quantidade === 0 ? 0 : money(previous / anterior.quantidade);
  return {
    referencia: ref.referencia,
    inicio: ref.inicio,
    fim: ref.fim,
    valor,
    quantidade: atual.quantidade,
    ticketMedio,
    anterior: previous,
    variacao: variacaoPercentual(valor, previous),
    ticketMedioAnterior,
    variacaoTicket: variacaoPercentual(ticketMedio, ticketMedioAnterior),
    situacoes,
  };
}

/** Vendas por dia: every day of the reference month (days without sales at zero), same rule as vendasMes. */
export async function vendasPorDia(
  tx: Tx,
  ref: Referencia,
): Promise<{ referencia: string; dias: Array<{ dia: string; valor: number }> }> {
  const rows = await tx.query<{ dia: string; valor: string }>(
    `SELECT d::date::text AS dia, COALESCE(sum(p.valor_total), 0) AS valor
       FROM generate_series($2::date, $3::date, interval '1 day') AS d
       LEFT JOIN pedido_venda p ON p.data_emissao = d::date AND p.situacao = ANY($1::text[])
      GROUP BY d ORDER BY d`,
    [[...SITUACOES_VENDA], ref.inicio, ref.fim],
  );
  return { referencia: ref.referencia, dias: rows.map((row) => ({ dia: row.dia, valor: money(row.valor) })) };
}

export interface ContasResumo {
  hoje: string;
  fimMes: string;
  /** Σ valor aberto of every open title. */
  aberto: number;
  quantidadeAberta: number;
  /** Due before today. */
  vencido: number;
  quantidadeVencida: number;
  /** Due today. */
  venceHoje: number;
  /** Due after today up to the end of the current month. */
  restanteMes: number;
  situacoes: number[];
}

/**
 * A receber (tipo 1) or a pagar (tipo 2), flows.md §5: the `valor_aberto` (kept by the baixa postings:
 * valor − Σ principal of the active baixas) of the branch's open titles, split into vencidos, hoje and
 * restante do mês (days in Brasília).
 */
export async function contasResumo(tx: Tx, tipo: 1 | 2, hoje = hojeBrasilia()): Promise<ContasResumo> {
  const fimMes = resolveReferencia(hoje.slice(0, 7)).fim;
  const row = await tx.one<Record<string, string | number>>(
    `SELECT COALESCE(sum(valor_aberto), 0) AS aberto, count(*)::int AS quantidade_aberta,
            COALESCE(sum(valor_aberto) FILTER (WHERE data_vencimento < $3::date), 0) AS vencido,
            count(*) FILTER (WHERE data_vencimento < $3::date)::int AS quantidade_vencida,
            COALESCE(sum(valor_aberto) FILTER (WHERE data_vencimento = $3::date), 0) AS vence_hoje,
            COALESCE(sum(valor_aberto) FILTER (WHERE data_vencimento > $3::date AND data_vencimento <= $4::date), 0)
              AS restante_mes
       FROM lancamento
      WHERE tipo = $1 AND situacao = ANY($2::int[]) AND valor_aberto > 0`,
    [tipo, [...SITUACOES_ABERTAS], hoje, fimMes],
  );
  return {
    hoje,
    fimMes,
    aberto: money(row.aberto),
    quantidadeAberta: Number(row.quantidade_aberta),
    vencido: money(row.vencido),
    quantidadeVencida: Number(row.quantidade_vencida),
    venceHoje: money(row.vence_hoje),
    restanteMes: money(row.restante_mes),
    situacoes: [...SITUACOES_ABERTAS],
  };
}

/**
 * Abaixo do mínimo (flows.md §5): active products with an estoqueMinimo above zero whose disponível in the
 * branch (Σ over its deposits but those marked `desconsiderar`; none = 0) is at or below it; the ids (at
 * most ESTOQUE_MINIMO_MAX_IDS) feed the card's link to the product list.
 */
export async function estoqueMinimo(tx: Tx): Promise<{ quantidade: number; ids: number[] }> {
  const rows = await tx.query<{ id: number }>(
    `SELECT p.id FROM produto p
       LEFT JOIN (SELECT s.produto_id, sum(s.disponivel) AS disponivel
                    FROM saldo_estoque s JOIN deposito d ON d.id = s.deposito_id
                   WHERE d.desconsiderar IS NOT TRUE GROUP BY s.produto_id) s
         ON s.produto_id = p.id
      WHERE p.ativo AND p.estoque_minimo > 0 AND COALESCE(s.disponivel, 0) <= p.estoque_minimo
      ORDER BY p.id`,
  );
  return { quantidade: rows.length, ids: rows.slice(0, ESTOQUE_MINIMO_MAX_IDS).map((row) => Number(row.id)) };
}
