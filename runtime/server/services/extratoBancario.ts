import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';

/** Longest period one statement covers (a year and a day: a whole leap year). */
export const EXTRATO_MAX_DAYS = 366;

export interface ExtratoMovimento {
  /** The movimentoFinanceiro id. */
  id: number;
  data: string;
  descricao: string;
  pessoa: string | null;
  origem:
    | 'recebimento'
    | 'pagamento'
    | 'transferencia-entrada'
    | 'transferencia-saida'
    | 'avulso'
    | 'estorno';
  /** The title (receita, despesa, transferência) it settles or carries out; null for an avulso movement. */
  lancamentoId: number | null;
  baixaId: number | null;
  /** The movement this row reverses (origem estorno). */
  estornoDe: number | null;
  /** Reconciled with a statement line (OFX). */
  conciliado: boolean;
  valor: number;
  saldo: number;
}

export interface Extrato {
  conta: { id: number; descricao: string; saldoInicial: number; dataSaldoInicial: string | null };
  inicio: string;
  fim: string;
  saldoAnterior: number;
  entradas: number;
  saidas: number;
  saldoFinal: number;
  movimentos: ExtratoMovimento[];
}

const DAY_MS = 86_400_000;
const cents = (value: number) => Math.round(value * 100);

/** Checks the period (ISO dates, start ≤ end, at most EXTRATO_MAX_DAYS) with messages a person can act on. */
export function checkPeriod(inicio: string, fim: string): void {
  const start = Date.parse(`${inicio}T00:00:00Z`);
  const end = Date.parse(`${fim}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) {
    throw new HttpError(400, 'PERIODO_INVALIDO', 'Informe datas válidas para o início e o fim do período.');
  }
  if (end < start) {
    throw new HttpError(400, 'PERIODO_INVALIDO', 'A data final deve ser igual ou posterior à data inicial.');
  }
  if ((end - start) / DAY_MS + 1 > EXTRATO_MAX_DAYS) {
    throw new HttpError(
      400,
      'PERIODO_LONGO',
      `O período do extrato pode ter no máximo ${EXTRATO_MAX_DAYS} dias. Consulte um período menor.`,
    );
  }
}

/**
 * The account's movements from the ledger movimento_financeiro (baixas, transfer legs, avulso movements and
 * the reversing rows of estornos), signed (money in positive). None precedes the account's saldo inicial.
 */
const MOVEMENTS = `
  SELECT m.id, m.data, coalesce(m.descricao, l.descricao) AS descricao, p.nome AS pessoa, m.lancamento_id,
         m.baixa_id, m.estorno_de, m.extrato_linha_id IS NOT NULL AS conciliado, m.valor,
         CASE WHEN m.estorno_de IS NOT NULL THEN 'estorno'
              WHEN m.origem_tipo = 'avulso' THEN 'avulso'
              WHEN m.origem_tipo = 'transferencia' AND m.valor >= 0 THEN 'transferencia-entrada'
              WHEN m.origem_tipo = 'transferencia' THEN 'transferencia-saida'
              WHEN m.valor >= 0 THEN 'recebimento' ELSE 'pagamento' END AS origem
    FROM movimento_financeiro m
    LEFT JOIN lancamento l ON l.id = m.lancamento_id
    LEFT JOIN pessoa p ON p.id = coalesce(m.pessoa_id, l.pessoa_id)
   WHERE m.conta_id = $1`;

/**
 * The statement of one account of the selected branch for [inicio, fim] (F3): the balance before the
 * period (saldo inicial plus every earlier movement), the movements with the running balance in (data, id)
 * order, the totals in and out and the closing balance. Runs in the tenant transaction, so RLS limits it to the branch.
 */
export async function extratoBancario(
  tx: Tx,
  contaId: number,
  inicio: string,
  fim: string,
): Promise<Extrato> {
  checkPeriod(inicio, fim);
  const conta = (await tx.maybeOne(
    `SELECT id, descricao, saldo_inicial, to_char(data_saldo_inicial, 'YYYY-MM-DD') AS data_saldo_inicial
       FROM conta WHERE id = $1`,
    [contaId],
  )) as
    | { id: string; descricao: string; saldo_inicial: string | null; data_saldo_inicial: string | null }
    | undefined;
  if (!conta) throw new HttpError(404, 'CONTA_NAO_ENCONTRADA', 'Conta não encontrada nesta filial.');
  const before = (await tx.one(
    'SELECT coalesce(sum(valor), 0) AS total FROM movimento_financeiro WHERE conta_id = $1 AND data < $2::date',
    [contaId, inicio],
  )) as { total: string };
  const rows = (await tx.query(
    `SELECT m.id, to_char(m.data, 'YYYY-MM-DD') AS data, m.descricao, m.pessoa, m.lancamento_id, m.baixa_id,
            m.estorno_de, m.conciliado, m.origem, m.valor
       FROM (${MOVEMENTS}) m
      WHERE m.data BETWEEN $2::date AND $3::date
      ORDER BY m.data, m.id`,
    [contaId, inicio, fim],
  )) as Array<{
    id: string;
    data: string;
    descricao: string | null;
    pessoa: string | null;
    lancamento_id: string | null;
    baixa_id: string | null;
    estorno_de: string | null;
    conciliado: boolean;
    origem: ExtratoMovimento['origem'];
    valor: string;
  }>;
  // Sums in cents: no binary-fraction drift over a year of movements.
  let balance = cents(Number(conta.saldo_inicial ?? 0)) + cents(Number(before.total));
  const saldoAnterior = balance;
  let entradas = 0;
  let saidas = 0;
  const movimentos = rows.map((row) => {
    const value = cents(Number(row.valor));
    balance += value;
    if (value >= 0) entradas += value;
    else saidas -= value;
    return {
      id: Number(row.id),
      data: row.data,
      descricao: row.descricao ?? '',
      pessoa: row.pessoa,
      origem: row.origem,
      lancamentoId: row.lancamento_id === null ? null : Number(row.lancamento_id),
      baixaId: row.baixa_id === null ? null : Number(row.baixa_id),
      estornoDe: row.estorno_de === null ? null : Number(row.estorno_de),
      conciliado: row.conciliado,
      valor: value / 100,
      saldo: balance / 100,
    };
  });
  return {
    conta: {
      id: Number(conta.id),
      descricao: conta.descricao,
      saldoInicial: Number(conta.saldo_inicial ?? 0),
      dataSaldoInicial: conta.data_saldo_inicial,
    },
    inicio,
    fim,
    saldoAnterior: saldoAnterior / 100,
    entradas: entradas / 100,
    saidas: saidas / 100,
    saldoFinal: balance / 100,
    movimentos,
  };
}
