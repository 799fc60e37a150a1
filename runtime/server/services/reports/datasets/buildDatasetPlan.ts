import type { ReportColumn, ReportDefinition } from '../../../../core/reportDefinition.ts';
import { resolveReportFilters } from '../../../../core/resolveReportFilters.ts';
import type { SchemaFiles } from '../../../../core/validateSchemaSet.ts';
import { recordEntity } from '../../records/recordEntity.ts';
import type { PlanColumn, ReportPlan } from '../reportPlan.ts';
import { dreDataset } from './dreDataset.ts';
import { fluxoCaixaDataset } from './fluxoCaixaDataset.ts';
import type { ReportDataset } from './reportDataset.ts';

/** The server-side queries a report's `source.dataset` may name. */
export const REPORT_DATASETS: Record<string, ReportDataset> = {
  dre: dreDataset,
  'fluxo-caixa': fluxoCaixaDataset,
};

/** What buildReportPlan hands over (its own input). */
export interface DatasetPlanInput {
  definition: ReportDefinition;
  schemas: SchemaFiles;
  formato: 'pdf' | 'xlsx';
  filtros: unknown;
  relatorioId: number;
  tenant: ReportPlan['tenant'];
}

/**
 * The plan of a report over a dataset: the filters checked as for any report (required, types, enum codes;
 * 400 in words), their values handed to the dataset by `field`, the declared columns mapped onto the
 * dataset's fields (label, width, total, format) and the dataset's groups.
 */
export function buildDatasetPlan(input: DatasetPlanInput): ReportPlan {
  const { definition, schemas } = input;
  const name = definition.source.dataset as string;
  const dataset = REPORT_DATASETS[name];
  if (!dataset) throw new Error(`relatório ${definition.name}: conjunto de dados "${name}" não existe`);
  const { enums } = recordEntity(schemas, definition.source.entity);
  const resolved = resolveReportFilters(definition, input.filtros, enums);
  const values: Record<string, unknown> = {};
  for (const condition of resolved.where.and ?? [])
    for (const [field, value] of Object.entries(condition)) values[field] = value;
  for (const [key, filter] of Object.entries(definition.filters ?? {}))
    if (filter.op !== 'eq') throw new Error(`relatório ${definition.name}: filtro "${key}" deve usar eq`);
  const query = dataset(values, schemas);
  const columns: PlanColumn[] = (Object.entries(definition.columns) as Array<[string, ReportColumn]>).map(
    ([key, column]) => {
      const field = query.fields[column.field ?? key];
      if (!field) throw new Error(`relatório ${definition.name}: campo "${column.field ?? key}" não existe`);
      const format = column.format ?? field.format;
      const numeric = format === 'money' || format === 'number' || format === 'percent';
      return {
        key,
        alias: field.alias,
        label: column.label,
        format,
        align: column.align ?? (numeric ? 'right' : 'left'),
        width: column.width ?? 14,
        ...(column.total ? { total: column.total } : {}),
      };
    },
  );
  return {
    relatorioId: input.relatorioId,
    formato: input.formato,
    title: definition.title,
    orientation: definition.orientation ?? 'portrait',
    filters: resolved.applied,
    columns,
    groups: query.groups,
    sql: query.sql,
    params: query.params,
    tenant: input.tenant,
  };
}
