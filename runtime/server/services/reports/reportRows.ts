import { formatCpfCnpj } from '../../../core/formatCpfCnpj.ts';
import type { PlanColumn, PlanGroup, ReportPlan } from './reportPlan.ts';

/** A cell as the writers receive it: numbers for money/number/percent, 'YYYY-MM-DD' for dates, Date for date-times. */
export type CellValue = string | number | Date | null;

/** How the rows of a report reach a writer, in order. */
export interface ReportSink {
  groupStart(label: string, depth: number): void;
  row(values: CellValue[]): void;
  subtotal(label: string, totals: Array<number | null>, depth: number): void;
  total(totals: Array<number | null>): void;
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Converts one SQL value to its cell value by the column's format. */
function cellOf(column: PlanColumn, value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  switch (column.format) {
    case 'money':
    case 'number':
    case 'percent':
      return toNumber(value);
    case 'date':
      if (value instanceof Date) return value.toISOString().slice(0, 10);
      return String(value).slice(0, 10);
    case 'datetime':
      return value instanceof Date ? value : new Date(String(value));
    case 'enum':
      return column.labels?.[String(value)] ?? String(value);
    case 'boolean':
      return value === true ? 'Sim' : value === false ? 'Não' : String(value);
    case 'cpfCnpj':
      return formatCpfCnpj(String(value)) || String(value);
    default:
      return String(value);
  }
}

/** Running sums and counts of the columns with a total. */
class Totals {
  private sums: number[];
  private counts: number[];
  constructor(private readonly columns: PlanColumn[]) {
    this.sums = columns.map(() => 0);
    this.counts = columns.map(() => 0);
  }
  add(values: CellValue[]): void {
    this.columns.forEach((column, i) => {
      if (!column.total) return;
      const value = values[i];
      if (value === null || value === undefined) return;
      this.counts[i] = (this.counts[i] ?? 0) + 1;
      if (typeof value === 'number') this.sums[i] = (this.sums[i] ?? 0) + value;
    });
  }
  result(): Array<number | null> {
    return this.columns.map((column, i) => {
      const count = this.counts[i] ?? 0;
      if (column.total === 'count') return count;
      if (column.total === 'sum') return Math.round((this.sums[i] ?? 0) * 1e6) / 1e6;
      if (column.total === 'avg') return count > 0 ? (this.sums[i] ?? 0) / count : null;
      return null;
    });
  }
}

const groupText = (group: PlanGroup, value: unknown) =>
  value === null || value === undefined ? 'Não informado' : (group.labels?.[String(value)] ?? String(value));

/**
 * Feeds SQL rows to a sink: cell values by format, computed columns, group headers and subtotals when
 * a groupBy value changes (rows arrive sorted by the groups), and the grand total at the end.
 */
export class ReportRows {
  readonly columns: PlanColumn[];
  private readonly groups: PlanGroup[];
  private readonly grand: Totals;
  private readonly open: Array<{ key: unknown; label: string; totals: Totals }> = [];
  private readonly hasTotals: boolean;
  count = 0;

  constructor(
    plan: Pick<ReportPlan, 'columns' | 'groups'>,
    private readonly sink: ReportSink,
  ) {
    this.columns = plan.columns;
    this.groups = plan.groups;
    this.grand = new Totals(plan.columns);
    this.hasTotals = plan.columns.some((column) => column.total);
  }

  push(row: Record<string, unknown>): void {
    const values = this.columns.map((column) => (column.alias ? cellOf(column, row[column.alias]) : null));
    this.columns.forEach((column, i) => {
      if (!column.multiply) return;
      let product: number | null = 1;
      for (const factor of column.multiply) {
        const value = values[factor];
        product = typeof value === 'number' && product !== null ? product * value : null;
      }
      values[i] = product === null ? null : Math.round(product * 100) / 100;
    });
    this.groups.forEach((group, depth) => {
      const key = row[group.alias];
      const current = this.open[depth];
      if (current && current.key === key) return;
      this.closeGroups(depth);
      const label = groupText(group, key);
      this.open.push({ key, label, totals: new Totals(this.columns) });
      this.sink.groupStart(`${group.label}: ${label}`, depth);
    });
    for (const group of this.open) group.totals.add(values);
    this.grand.add(values);
    this.count += 1;
    this.sink.row(values);
  }

  private closeGroups(fromDepth: number): void {
    while (this.open.length > fromDepth) {
      const group = this.open.pop();
      if (group && this.hasTotals)
        this.sink.subtotal(`Subtotal ${group.label}`, group.totals.result(), this.open.length);
    }
  }

  /** Closes the open groups and writes the grand total (when a column has a total). */
  end(): void {
    this.closeGroups(0);
    if (this.hasTotals) this.sink.total(this.grand.result());
  }
}
