import type { Agrupamento } from '../../../../core/financeiro/periodos.ts';
import { hojeBrasilia } from '../../../../core/hojeBrasilia.ts';
import type { ReportDataset } from './reportDataset.ts';

const UNIT: Record<Agrupamento, string> = { dia: 'day', semana: 'week', mes: 'month' };

/** Saldo of the active accounts (F3) at the end of the day before `$1`-style parameter `data`. */
const saldoAte = (data: string, inclusive: boolean) => `
  (SELECT COALESCE(sum(COALESCE(c.saldo_inicial, 0)), 0)
          + COALESCE((SELECT sum(m.valor) FROM movimento_financeiro m JOIN conta c2 ON c2.id = m.conta_id
                       WHERE c2.ativo IS NOT FALSE AND m.data ${inclusive ? '<=' : '<'} ${data}), 0)
     FROM conta c WHERE c.ativo IS NOT FALSE)`;

/**
 * The fluxo de caixa as an export (schemas/reports/fluxo-caixa.report.json), the same figures as
 * GET /api/RelatoriosFinanceiros/fluxo-caixa: one row per day, week (Monday first, date_trunc) or month
 * with entradas, saídas, resultado and the running saldo. Realizado: movements without transfers from the
 * balance of the day before `de`. Projetado: the valor aberto of open titles from today on, from today's
 * balance, with the overdue titles in a group of their own (not in the running saldo).
 */
export const fluxoCaixaDataset: ReportDataset = (values) => {
  const agrupamento = (values.agrupamento as Agrupamento | undefined) ?? 'dia';
  const unit = UNIT[agrupamento] ?? 'day';
  const projetado = values.tipo === 'projetado';
  const hoje = hojeBrasilia();
  const de = projetado && String(values.de) < hoje ? hoje : String(values.de);
  const params = [de, String(values.ate), hoje];
  const periodos = `
    per AS (SELECT greatest(g::date, $1::date) AS inicio,
                   least((g + interval '1 ${unit}')::date - 1, $2::date) AS fim
              FROM generate_series(date_trunc('${unit}', $1::date), $2::date, interval '1 ${unit}') g)`;
  const bucket = (column: string) => `greatest(date_trunc('${unit}', ${column})::date, $1::date)`;
  const fonte = projetado
    ? `fonte AS (SELECT ${bucket('data_vencimento')} AS inicio,
                        COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 1), 0) AS entradas,
                        COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 2), 0) AS saidas
                   FROM lancamento
                  WHERE tipo IN (1, 2) AND situacao IN (0, 2) AND valor_aberto > 0
                    AND data_vencimento BETWEEN $1::date AND $2::date
                  GROUP BY 1)`
    : `fonte AS (SELECT ${bucket('data')} AS inicio,
                        COALESCE(sum(valor) FILTER (WHERE valor > 0), 0) AS entradas,
                        COALESCE(-sum(valor) FILTER (WHERE valor < 0), 0) AS saidas
                   FROM movimento_financeiro
                  WHERE origem_tipo IS DISTINCT FROM 'transferencia' AND data BETWEEN $1::date AND $2::date
                  GROUP BY 1)`;
  const saldoInicial = projetado ? saldoAte('$3::date', true) : saldoAte('$1::date', false);
  const linhas = `
    SELECT 1 AS ordem, 'periodo' AS g0, per.inicio, per.fim,
           COALESCE(fonte.entradas, 0) AS entradas, COALESCE(fonte.saidas, 0) AS saidas,
           COALESCE(fonte.entradas, 0) - COALESCE(fonte.saidas, 0) AS resultado,
           ${saldoInicial} + sum(COALESCE(fonte.entradas, 0) - COALESCE(fonte.saidas, 0)) OVER (ORDER BY per.inicio)
             AS saldo
      FROM per LEFT JOIN fonte ON fonte.inicio = per.inicio`;
  const vencidos = `
    SELECT 0 AS ordem, 'vencidos' AS g0, NULL::date AS inicio, ($3::date - 1) AS fim,
           COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 1), 0) AS entradas,
           COALESCE(sum(valor_aberto) FILTER (WHERE tipo = 2), 0) AS saidas,
           COALESCE(sum(CASE WHEN tipo = 1 THEN valor_aberto ELSE -valor_aberto END), 0) AS resultado,
           NULL::numeric AS saldo
      FROM lancamento
     WHERE tipo IN (1, 2) AND situacao IN (0, 2) AND valor_aberto > 0 AND data_vencimento < $3::date`;
  return {
    sql: `WITH ${periodos}, ${fonte}
          SELECT * FROM (${linhas}${projetado ? ` UNION ALL ${vencidos}` : ''}) x
           ORDER BY x.ordem, x.inicio`,
    params,
    fields: {
      inicio: { alias: 'inicio', format: 'date' },
      fim: { alias: 'fim', format: 'date' },
      entradas: { alias: 'entradas', format: 'money' },
      saidas: { alias: 'saidas', format: 'money' },
      resultado: { alias: 'resultado', format: 'money' },
      saldo: { alias: 'saldo', format: 'money' },
    },
    groups: [
      {
        alias: 'g0',
        label: projetado ? 'Títulos' : 'Movimentos',
        labels: { vencidos: 'vencidos antes de hoje (à parte do saldo)', periodo: 'no período' },
      },
    ],
  };
};
