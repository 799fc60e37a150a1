/**
 * A report definition (schemas/reports/<name>.report.json, validated by schemas/_meta/report.schema.json)
 * as the server and the browser read it.
 */
import type { ReportFormat } from './constants.ts';

export type ReportFilterType = 'string' | 'integer' | 'number' | 'date' | 'boolean' | 'enum';
export type ReportFilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'inq';
export type ReportColumnFormat =
  | 'text'
  | 'money'
  | 'percent'
  | 'number'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'boolean'
  | 'cpfCnpj';

export interface ReportFilter {
  label: string;
  field: string;
  op: ReportFilterOp;
  type?: ReportFilterType;
  enum?: string;
  required?: boolean;
}

export interface ReportColumn {
  label: string;
  field?: string;
  format?: ReportColumnFormat;
  enum?: string;
  width?: number;
  align?: 'left' | 'center' | 'right';
  total?: 'sum' | 'count' | 'avg';
  multiply?: string[];
}

export interface ReportAggregate {
  entity: string;
  foreignKey: string;
  sum: string;
  negateWhen?: { field: string; values: Array<string | number | boolean> };
}

export interface ReportDefinition {
  name: string;
  title: string;
  description?: string;
  menu: 'estoque' | 'vendas' | 'financeiro' | 'pessoas';
  permission: string;
  event?: string;
  formats?: ReportFormat[];
  orientation?: 'portrait' | 'landscape';
  source: {
    entity: string;
    where?: Record<string, unknown>;
    order?: string;
    aggregates?: Record<string, ReportAggregate>;
    /** A server-side query (dre, fluxo-caixa) whose parameters are the filters by `field`. */
    dataset?: 'dre' | 'fluxo-caixa';
  };
  filters?: Record<string, ReportFilter>;
  columns: Record<string, ReportColumn>;
  groupBy?: string[];
}

/** The websocket event prefix of a report: its `event`, else `relatorio-<name>` ('<prefix>-<format>' on completion). */
export function reportEvent(definition: Pick<ReportDefinition, 'name' | 'event'>): string {
  return definition.event ?? `relatorio-${definition.name}`;
}
