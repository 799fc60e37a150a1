import {
  type Agrupamento,
  addDias,
  inicioDoPeriodo,
  periodosEntre,
} from '../../../core/financeiro/periodos.ts';
import { hojeBrasilia } from '../../../core/hojeBrasilia.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { money, SITUACOES_ABERTAS } from '../dashboard/dashboardKpis.ts';
import { saldoContas } from './saldoContas.ts';

export type TipoFluxo = 'realizado' | 'projetado';

export interface FluxoPeriodo {
  periodo: string;
  inicio: string;
  fim: string;
  entradas: number;
  saidas: number;
  /** entradas − saídas of the period. */
  resultado: number;
  /** The balance at the end of the period. */
  saldo: number;
}

export interface FluxoCaixa {
  tipo: TipoFluxo;
  agrupamento: Agrupamento;
  de: string;
  ate: string;
  saldoInicial: number;
  saldoFinal: number;
  totais: { entradas: number; saidas: number };
  /** Projetado: open titles due before today, apart from the periods (null for realizado). */
  vencidos: { receber: number; pagar: number } | null;
  periodos: FluxoPeriodo[];
}

/** Most periods one answer carries (a daily series of ~3 years). */
export const FLUXO_MAX_PERIODOS = 1100;

const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const rotulo = (inicio: string, fim: string, agrupamento: Agrupamento) =>
  agrupamento === 'dia'
    ? br(inicio)
    : agrupamento === 'mes'
      ? `${inicio.slice(5, 7)}/${inicio.slice(0, 4)}`
      : `${br(inicio).slice(0, 5)} a ${br(fim).slice(0, 5)}`;

/**
 * Fluxo de caixa of the branch, by day, week (Monday first) or month. Realizado: the movements dated in
 * the range (transfers left out: they move money between the company's own accounts), from the balance of
 * the day before. Projetado: from today's balance, the valor aberto of the open titles by vencimento
 * (receitas in, despesas out) from today on; titles already overdue are summed apart in `vencidos`.
 */
export async function fluxoCaixa(
  tx: Tx,
  input: { tipo: TipoFluxo; de: string; ate: string; agrupamento: Agrupamento },
  hoje = hojeBrasilia(),
): Promise<FluxoCaixa> {
  const { tipo, agrupamento } = input;
  const de = tipo === 'projetado' && input.de < hoje ? hoje : input.de;
  const ate = input.ate;
  if (ate < de)
    throw new HttpError(
      400,
      'PERIODO_INVALIDO',
      tipo === 'projetado'
        ? `O fluxo projetado vai de hoje (${br(hoje)}) em diante: informe uma data final a partir de hoje.`
        : 'A data final do período é anterior à inicial.',
    );
  const periodos = periodosEntre(de, ate, agrupamento);
  if (periodos.length > FLUXO_MAX_PERIODOS)
    throw new HttpError(
      400,
      'PERIODO_LONGO_DEMAIS',
      `O período tem ${periodos.length} intervalos; escolha um agrupamento maior ou um período menor (até ${FLUXO_MAX_PERIODOS}).`,
    );
  const saldoInicial = (await saldoContas(tx, tipo === 'projetado' ? hoje : addDias(de, -1))).total;
  const rows =
    tipo === 'realizado'
      ? await tx.query<{ dia: string; entradas: string; saidas: string }>(
          `SELECT data::text AS dia, COALESCE(sum(valor) FILTER (WHERE valor > 0), 0) AS entradas,
                  COALESCE(-sum(valor) FILTER (WHERE valor < 0), 0) AS saidas
             FROM movimento_financeiro
            WHERE origem_tipo IS DISTINCT FROM 'transferencia' AND data BETWEEN $1::date AND $2::date
            GROUP BY data`,
          [de, ate],
        )
      : await tx.query<{ dia: string; entradas: string; saidas: string }>(
          `SELECT data_vencimento::text AS dia,
                  COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 1), 0) AS entradas,
                  COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 2), 0) AS saidas
             FROM lancamento
            WHERE tipo IN (1, 2) AND situacao = ANY($3::int[]) AND valor_aberto > 0
              AND data_vencimento BETWEEN $1::date AND $2::date
            GROUP BY data_vencimento`,
          [de, ate, [...SITUACOES_ABERTAS]],
        );
  const byStart = new Map<string, { entradas: number; saidas: number }>();
  for (const row of rows) {
    const start = inicioDoPeriodo(row.dia, agrupamento);
    const key = start < de ? de : start;
    const sum = byStart.get(key) ?? { entradas: 0, saidas: 0 };
    sum.entradas += Number(row.entradas);
    sum.saidas += Number(row.saidas);
    byStart.set(key, sum);
  }
  let saldo = saldoInicial;
  let entradas = 0;
  let saidas = 0;
  const lista = periodos.map(({ inicio, fim }) => {
    const sum = byStart.get(inicio) ?? { entradas: 0, saidas: 0 };
    saldo += sum.entradas - sum.saidas;
    entradas += sum.entradas;
    saidas += sum.saidas;
    return {
      periodo: rotulo(inicio, fim, agrupamento),
      inicio,
      fim,
      entradas: money(sum.entradas),
      saidas: money(sum.saidas),
      resultado: money(sum.entradas - sum.saidas),
      saldo: money(saldo),
    };
  });
  let vencidos: FluxoCaixa['vencidos'] = null;
  if (tipo === 'projetado') {
    const row = await tx.one<{ receber: string; pagar: string }>(
      `SELECT COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 1), 0) AS receber,
              COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 2), 0) AS pagar
         FROM lancamento
        WHERE tipo IN (1, 2) AND situacao = ANY($2::int[]) AND valor_aberto > 0 AND data_vencimento < $1::date`,
      [hoje, [...SITUACOES_ABERTAS]],
    );
    vencidos = { receber: money(row.receber), pagar: money(row.pagar) };
  }
  return {
    tipo,
    agrupamento,
    de,
    ate,
    saldoInicial: money(saldoInicial),
    saldoFinal: money(saldo),
    totais: { entradas: money(entradas), saidas: money(saidas) },
    vencidos,
    periodos: lista,
  };
}
