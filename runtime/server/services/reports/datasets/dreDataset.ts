import { type Comparacao, periodoComparado } from '../../../../core/financeiro/periodos.ts';
import { DRE_CAIXA_SQL, DRE_COMPETENCIA_SQL } from '../../financeiro/dreSql.ts';
import { enumLabels, type ReportDataset } from './reportDataset.ts';

/**
 * The DRE as an export (schemas/reports/dre.report.json): one row per line, grouped by grupo do DRE in DRE
 * order (group subtotals and the grand total = the resultado líquido), beside the compared period.
 * Parameters: regime, de, ate, comparacao.
 */
export const dreDataset: ReportDataset = (values, schemas) => {
  const de = String(values.de);
  const ate = String(values.ate);
  const comparado = periodoComparado(de, ate, (values.comparacao as Comparacao | undefined) ?? 'anterior');
  const labels = enumLabels(schemas, 'grupoDre');
  const base = values.regime === 'caixa' ? DRE_CAIXA_SQL : DRE_COMPETENCIA_SQL;
  return {
    sql: `SELECT x.grupo AS g0, x.descricao, x.valor, x.anterior,
                 CASE WHEN x.anterior = 0 THEN NULL
                      ELSE round((x.valor - x.anterior) / abs(x.anterior) * 100, 1) END AS variacao
            FROM (${base}) x
           ORDER BY COALESCE(array_position($5::text[], x.grupo), 99), x.descricao`,
    params: [de, ate, comparado.de, comparado.ate, Object.keys(labels)],
    fields: {
      descricao: { alias: 'descricao', format: 'text' },
      valor: { alias: 'valor', format: 'money' },
      anterior: { alias: 'anterior', format: 'money' },
      variacao: { alias: 'variacao', format: 'percent' },
    },
    groups: [{ alias: 'g0', label: 'Grupo', labels }],
  };
};
