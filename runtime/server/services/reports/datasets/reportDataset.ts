import type { ReportColumnFormat } from '../../../../core/reportDefinition.ts';
import type { SchemaFiles } from '../../../../core/validateSchemaSet.ts';
import type { PlanGroup } from '../reportPlan.ts';

/** The SQL a dataset report runs (as the tenant, RLS) and what its rows hold. */
export interface DatasetQuery {
  sql: string;
  params: unknown[];
  /** SQL output column of each field a report column may name, with its default format. */
  fields: Record<string, { alias: string; format: ReportColumnFormat }>;
  groups: PlanGroup[];
}

/** A server-side query of the report engine: the filter values by field → its SQL. */
export type ReportDataset = (values: Record<string, unknown>, schemas: SchemaFiles) => DatasetQuery;

/** Code → label of an enumeration of the tenant's schemas (a white-label may rename the labels). */
export function enumLabels(schemas: SchemaFiles, name: string): Record<string, string> {
  const definition = schemas[`schemas/enums/${name}.enum.json`] as
    | { values?: Array<{ code: string | number; label: string }> }
    | undefined;
  return Object.fromEntries((definition?.values ?? []).map((value) => [String(value.code), value.label]));
}
