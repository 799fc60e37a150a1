import { addDias } from '../../../core/financeiro/periodos.ts';
import { hojeBrasilia } from '../../../core/hojeBrasilia.ts';
import type { Tx } from '../../db/database.ts';
import { saldoContas } from '../financeiro/saldoContas.ts';
import { money, SITUACOES_ABERTAS } from './dashboardKpis.ts';

/** The horizons of the dashboard's projection, in days from today. */
export const HORIZONTES = [30, 60, 90] as const;

export interface FluxoProjetado {
  hoje: string;
  /** The farthest horizon's date (the chart's link lists the titles due up to it). */
  limite: string;
  saldoHoje: number;
  /** Open titles already overdue: shown apart, not in the projection (their dates are no longer a forecast). */
  vencidos: { receber: number; pagar: number };
  /** Hoje (the balance) and each horizon: what falls due from today up to `ate`, and the projected balance. */
  pontos: Array<{ rotulo: string; dias: number; ate: string; receber: number; pagar: number; saldo: number }>;
}

/**
 * Fluxo de caixa projetado (flows.md §5): saldo em contas today + Σ valor aberto a receber − Σ valor aberto
 * a pagar of the open titles due from today up to today + d, for d = 30, 60 and 90 days; overdue titles
 * are summed apart.
 */
export async function fluxoProjetado(tx: Tx, hoje = hojeBrasilia()): Promise<FluxoProjetado> {
  const saldo = await saldoContas(tx, hoje);
  const limites = HORIZONTES.map((dias) => addDias(hoje, dias));
  const sums = HORIZONTES.flatMap((_, index) => [
    `COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 1 AND data_vencimento BETWEEN $1::date AND $${index + 3}::date), 0) AS r${index}`,
    `COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 2 AND data_vencimento BETWEEN $1::date AND $${index + 3}::date), 0) AS p${index}`,
  ]);
  const row = await tx.one<Record<string, string>>(
    `SELECT COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 1 AND data_vencimento < $1::date), 0) AS vr,
            COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 2 AND data_vencimento < $1::date), 0) AS vp,
            ${sums.join(',\n            ')}
       FROM lancamento
      WHERE tipo IN (1, 2) AND situacao = ANY($2::int[]) AND valor_aberto > 0`,
    [hoje, [...SITUACOES_ABERTAS], ...limites],
  );
  const pontos = [
    { rotulo: 'Hoje', dias: 0, ate: hoje, receber: 0, pagar: 0, saldo: saldo.total },
    ...HORIZONTES.map((dias, index) => {
      const receber = money(row[`r${index}`]);
      const pagar = money(row[`p${index}`]);
      return {
        rotulo: `${dias} dias`,
        dias,
        ate: limites[index] as string,
        receber,
        pagar,
        saldo: money(saldo.total + receber - pagar),
      };
    }),
  ];
  return {
    hoje,
    limite: limites[limites.length - 1] as string,
    saldoHoje: saldo.total,
    vencidos: { receber: money(row.vr), pagar: money(row.vp) },
    pontos,
  };
}
