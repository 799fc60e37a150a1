import type { ReportColumnFormat } from '../../../core/reportDefinition.ts';

/** One output column of a report, ready for the writers (no schema lookups left). */
export interface PlanColumn {
  key: string;
  /** Alias of the value in the SQL row; absent for a computed column. */
  alias?: string;
  label: string;
  format: ReportColumnFormat;
  align: 'left' | 'center' | 'right';
  /** Relative width (characters in the XLSX; share of the page in the PDF). */
  width: number;
  total?: 'sum' | 'count' | 'avg';
  /** Computed column: product of these columns (indexes into the plan's columns). */
  multiply?: number[];
  /** A whole number (codes, order numbers): no decimals, no thousands separator. */
  integer?: boolean;
  /** Code → label for enum columns. */
  labels?: Record<string, string>;
}

/** A grouping level: rows arrive sorted by it; each group ends with subtotals. */
export interface PlanGroup {
  alias: string;
  label: string;
  labels?: Record<string, string>;
}

/**
 * Everything a report worker needs, serialisable across threads and processes: the SQL (run as the
 * tenant under RLS), the columns and how to write them, and the texts of the header.
 */
export interface ReportPlan {
  relatorioId: number;
  formato: 'pdf' | 'xlsx';
  title: string;
  orientation: 'portrait' | 'landscape';
  filters: Array<{ label: string; value: string }>;
  columns: PlanColumn[];
  groups: PlanGroup[];
  sql: string;
  params: unknown[];
  tenant: { empresaId: number; filialId: number | null; usuarioId: number };
}
