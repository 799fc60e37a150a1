import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';

/** Longest period one statement covers (a year and a day: a whole leap year). */
export const EXTRATO_MAX_DAYS = 366;

export interface ExtratoMovimento {
  /** The settlement (baixa) id, or the transfer's entry id: unique together with origem. */
  id: number;
  data: string;
  descricao: string;
  pessoa: string | null;
  origem: 'recebimento' | 'pagamento' | 'transferencia-entrada' | 'transferencia-saida';
  lancamentoId: number;
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
 * Every movement that hit an account, as signed amounts (money in positive): the settlements (baixas) of
 * receitas and despesas booked on the account (the baixa's own account, else its entry's), and the
 * transfers out of and into it on their due date (issue date when there is none), cancelled ones left out.
 * Movements before the account's opening-balance date are already in that balance.
 */
const MOVEMENTS = `
  SELECT b.data_pagamento AS data, l.descricao, p.nome AS pessoa, l.id AS lancamento_id, b.id AS ordem,
         CASE WHEN l.tipo = 1 THEN 'recebimento' ELSE 'pagamento' END AS origem,
         CASE WHEN l.tipo = 1 THEN b.valor_pago ELSE -b.valor_pago END AS valor
    FROM baixa b
    JOIN lancamento l ON l.id = b.lancamento_id
    LEFT JOIN pessoa p ON p.id = l.pessoa_id
   WHERE coalesce(b.conta_id, l.conta_id) = $1 AND l.tipo IN (1, 2) AND b.data_pagamento IS NOT NULL
  UNION ALL
  SELECT coalesce(l.data_vencimento, l.data_emissao), l.descricao, NULL, l.id, l.id,
         'transferencia-saida', -l.valor
    FROM lancamento l
   WHERE l.tipo = 3 AND l.conta_id = $1 AND l.situacao IS DISTINCT FROM 3
  UNION ALL
  SELECT coalesce(l.data_vencimento, l.data_emissao), l.descricao, NULL, l.id, l.id,
         'transferencia-entrada', l.valor
    FROM lancamento l
   WHERE l.tipo = 3 AND l.conta_destino_id = $1 AND l.situacao IS DISTINCT FROM 3`;

/**
 * The statement of one account of the selected branch for [inicio, fim]: the balance before the period
 * (opening balance plus every earlier movement), the movements with the running balance, the totals in
 * and out and the closing balance. Runs in the tenant transaction, so RLS limits it to the branch.
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
  const since = `(m.data >= $2::date OR $2::date IS NULL)`;
  const before = (await tx.one(
    `SELECT coalesce(sum(m.valor), 0) AS total FROM (${MOVEMENTS}) m WHERE ${since} AND m.data < $3::date`,
    [contaId, conta.data_saldo_inicial, inicio],
  )) as { total: string };
  const rows = (await tx.query(
    `SELECT m.ordem AS id, to_char(m.data, 'YYYY-MM-DD') AS data, m.descricao, m.pessoa, m.lancamento_id,
            m.origem, m.valor
       FROM (${MOVEMENTS}) m
      WHERE ${since} AND m.data BETWEEN $3::date AND $4::date
      ORDER BY m.data, m.ordem, m.origem`,
    [contaId, conta.data_saldo_inicial, inicio, fim],
  )) as Array<{
    id: string;
    data: string;
    descricao: string | null;
    pessoa: string | null;
    lancamento_id: string;
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
      lancamentoId: Number(row.lancamento_id),
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
