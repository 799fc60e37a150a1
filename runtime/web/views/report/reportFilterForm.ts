import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { EnumDefinition } from '../../../core/resolveEntity.ts';
import type { FormLayout } from '../form/formTypes.ts';
import type { ReportDefinition, ReportFilter, ReportFilterType } from './reportDefinitions.ts';

/** Filters per row of the filter form on wide screens. */
const FILTER_COLUMNS = 3;

export interface ReportFilterForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Starting values: an empty list for multiple choices (the select needs an array). */
  initialData: Record<string, unknown>;
}

/** The filter's value type: its own `type`, else an enumeration when it names one, else text. */
function filterType(filter: ReportFilter, enums: Record<string, EnumDefinition>): ReportFilterType {
  const type = filter.type ?? (filter.enum ? 'enum' : 'string');
  // An enumeration the tenant does not have degrades to free text rather than breaking the page.
  return type === 'enum' && !enums[filter.enum ?? ''] ? 'string' : type;
}

/** JSON Schema and widget of one value of a filter. */
function filterValueSchema(
  filter: ReportFilter,
  type: ReportFilterType,
  enums: Record<string, EnumDefinition>,
): { schema: RJSFSchema; widget?: string } {
  switch (type) {
    case 'enum': {
      const list = enums[filter.enum ?? ''] as EnumDefinition;
      return {
        schema: {
          type: list.codeType,
          oneOf: list.values.map((value) => ({ const: value.code, title: value.label })),
        },
        widget: 'EnumWidget',
      };
    }
    case 'boolean':
      return {
        schema: {
          type: 'boolean',
          oneOf: [
            { const: true, title: 'Sim' },
            { const: false, title: 'Não' },
          ],
        },
        widget: 'EnumWidget',
      };
    case 'date':
      return { schema: { type: 'string', format: 'date' }, widget: 'DateWidget' };
    case 'integer':
      return { schema: { type: 'integer' } };
    case 'number':
      return { schema: { type: 'number' } };
    default:
      return { schema: { type: 'string', ...(filter.required ? { minLength: 1 } : {}) } };
  }
}

/**
 * The filter form of a report, generated from its `filters` (schemas/_meta/report.schema.json): one
 * field per filter titled by its label; enumerations (schemas/enums) and yes/no as selects, `inq` as a
 * multiple select, dates as date inputs; `required` filters required. Laid out as one "Filtros" section.
 */
export function reportFilterForm(
  definition: ReportDefinition,
  enums: Record<string, EnumDefinition>,
): ReportFilterForm {
  const properties: Record<string, RJSFSchema> = {};
  const required: string[] = [];
  const uiSchema: UiSchema = {};
  const initialData: Record<string, unknown> = {};
  for (const [name, filter] of Object.entries(definition.filters ?? {})) {
    const type = filterType(filter, enums);
    const { schema, widget } = filterValueSchema(filter, type, enums);
    const multiple = filter.op === 'inq';
    properties[name] = multiple
      ? {
          title: filter.label,
          type: 'array',
          items: schema,
          uniqueItems: true,
          ...(filter.required ? { minItems: 1 } : {}),
        }
      : { title: filter.label, ...schema };
    if (filter.required) required.push(name);
    if (multiple) initialData[name] = [];
    if (widget) uiSchema[name] = { 'ui:widget': widget };
  }
  const names = Object.keys(properties);
  const layout: FormLayout = {
    sections: [
      {
        id: 'filtros',
        title: 'Filtros',
        columns: Math.min(FILTER_COLUMNS, Math.max(names.length, 1)),
        fields: names.map((name) => ({ name, colSpan: 1 })),
      },
    ],
    tabs: [],
  };
  uiSchema['ui:layout'] = layout;
  return { schema: { type: 'object', properties, required }, uiSchema, initialData };
}

/** The filled filters as the export call takes them (`filtros`): empty values left out. */
export function toFiltros(formData: Record<string, unknown> | undefined): Record<string, unknown> {
  const filtros: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(formData ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    filtros[name] = value;
  }
  return filtros;
}
