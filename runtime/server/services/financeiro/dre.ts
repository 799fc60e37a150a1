import { type Comparacao, periodoComparado, variacaoPercentual } from '../../../core/financeiro/periodos.ts';
import type { Tx } from '../../db/database.ts';
import { money } from '../dashboard/dashboardKpis.ts';
import { DRE_CAIXA_SQL, DRE_COMPETENCIA_SQL } from './dreSql.ts';

export type RegimeDre = 'competencia' | 'caixa';

/** A DRE group as the grupoDre enumeration declares it (label, DRE order). */
export interface GrupoDre {
  code: string;
  label: string;
  ordem: number;
}

export interface DreValores {
  valor: number;
  anterior: number;
  /** Change over the compared period in %, null when it had nothing. */
  variacao: number | null;
}

export interface DreLinha extends DreValores {
  /** grupo: a group's subtotal; linha: a category (or Juros e multas, Descontos); resultado: the net result. */
  nivel: 'grupo' | 'linha' | 'resultado';
  grupo: string;
  descricao: string;
  categoriaFinanceiraId: number | null;
}

export interface Dre {
  regime: RegimeDre;
  de: string;
  ate: string;
  comparacao: { tipo: Comparacao; de: string; ate: string };
  resultado: DreValores;
  /** Top to bottom: each group's subtotal followed by its lines, then the result. */
  linhas: DreLinha[];
}

interface Row {
  grupo: string;
  chave: string;
  descricao: string;
  categoria_id: number | null;
  valor: string;
  anterior: string;
}

const valores = (valor: number, anterior: number): DreValores => ({
  valor: money(valor),
  anterior: money(anterior),
  variacao: variacaoPercentual(money(valor), money(anterior)),
});

/**
 * DRE (flows.md §2 F7) of the branch for `de`..`ate` beside the compared period: by competência the titles
 * (not cancelled) by data de competência (else emissão), by caixa the movements by date with each baixa's
 * juros + multa and desconto on lines of their own; transfers never count. Receitas are positive, despesas
 * negative; lines are grouped by the category's grupo do DRE (none: receitas in Receita bruta, despesas in
 * Despesas operacionais) in the order of `grupos`.
 */
export async function dre(
  tx: Tx,
  input: { regime: RegimeDre; de: string; ate: string; comparacao: Comparacao },
  grupos: GrupoDre[],
): Promise<Dre> {
  const comparado = periodoComparado(input.de, input.ate, input.comparacao);
  const rows = await tx.query<Row>(input.regime === 'caixa' ? DRE_CAIXA_SQL : DRE_COMPETENCIA_SQL, [
    input.de,
    input.ate,
    comparado.de,
    comparado.ate,
  ]);
  const ordem = new Map(grupos.map((grupo) => [grupo.code, grupo]));
  const byGroup = new Map<string, Row[]>();
  for (const row of rows) byGroup.set(row.grupo, [...(byGroup.get(row.grupo) ?? []), row]);
  const sorted = [...byGroup.keys()].sort(
    (a, b) => (ordem.get(a)?.ordem ?? 99) - (ordem.get(b)?.ordem ?? 99) || a.localeCompare(b),
  );
  const linhas: DreLinha[] = [];
  let total = 0;
  let totalAnterior = 0;
  for (const grupo of sorted) {
    const items = (byGroup.get(grupo) ?? []).sort((a, b) => a.descricao.localeCompare(b.descricao, 'pt-BR'));
    const soma = items.reduce((sum, row) => sum + Number(row.valor), 0);
    const somaAnterior = items.reduce((sum, row) => sum + Number(row.anterior), 0);
    total += soma;
    totalAnterior += somaAnterior;
    linhas.push({
      nivel: 'grupo',
      grupo,
      descricao: ordem.get(grupo)?.label ?? grupo,
      categoriaFinanceiraId: null,
      ...valores(soma, somaAnterior),
    });
    for (const row of items)
      linhas.push({
        nivel: 'linha',
        grupo,
        descricao: row.descricao,
        categoriaFinanceiraId: row.categoria_id === null ? null : Number(row.categoria_id),
        ...valores(Number(row.valor), Number(row.anterior)),
      });
  }
  const resultado = valores(total, totalAnterior);
  linhas.push({
    nivel: 'resultado',
    grupo: '',
    descricao: 'Resultado líquido',
    categoriaFinanceiraId: null,
    ...resultado,
  });
  return {
    regime: input.regime,
    de: input.de,
    ate: input.ate,
    comparacao: { tipo: input.comparacao, ...comparado },
    resultado,
    linhas,
  };
}
