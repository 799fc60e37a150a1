import type { Scalar, Where } from '../../../core/loopbackFilter.ts';
import type { EntityField } from '../../../core/resolveEntity.ts';

/** One condition of AG Grid's text, number or date filter. */
interface SimpleModel {
  filterType?: string;
  type?: string | null;
  filter?: string | number | null;
  filterTo?: number | null;
  dateFrom?: string | null;
  dateTo?: string | null;
}

interface CombinedModel {
  operator: 'AND' | 'OR';
  conditions: SimpleModel[];
}

/** The model of the list's own option filter (enum and boolean columns): the codes ticked. */
export interface OptionsFilterModel {
  filterType: 'options';
  values: Scalar[];
}

const COMPARISON: Record<string, 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte'> = {
  equals: 'eq',
  notEqual: 'neq',
  greaterThan: 'gt',
  greaterThanOrEqual: 'gte',
  lessThan: 'lt',
  lessThanOrEqual: 'lte',
};

function isText(field: EntityField | undefined): boolean {
  return !field || field.type === 'string' || field.type === 'text';
}

function blank(name: string, field: EntityField | undefined, negate: boolean): Where {
  if (!isText(field)) return { [name]: negate ? { neq: null } : null };
  return negate
    ? { and: [{ [name]: { neq: null } }, { [name]: { neq: '' } }] }
    : { or: [{ [name]: null }, { [name]: '' }] };
}

function textCondition(name: string, model: SimpleModel): Where | null {
  const text = model.filter === null || model.filter === undefined ? '' : String(model.filter);
  if (text === '') return null;
  switch (model.type) {
    case 'contains':
      return { [name]: { ilike: `%${text}%` } };
    case 'notContains':
      return { [name]: { nilike: `%${text}%` } };
    case 'startsWith':
      return { [name]: { ilike: `${text}%` } };
    case 'endsWith':
      return { [name]: { ilike: `%${text}` } };
    case 'equals':
      return { [name]: { eq: text } };
    case 'notEqual':
      return { [name]: { neq: text } };
    default:
      return null;
  }
}

function numberCondition(name: string, model: SimpleModel): Where | null {
  if (typeof model.filter !== 'number') return null;
  if (model.type === 'inRange') {
    return typeof model.filterTo === 'number'
      ? { [name]: { between: [model.filter, model.filterTo] } }
      : null;
  }
  const operator = model.type ? COMPARISON[model.type] : undefined;
  return operator ? { [name]: { [operator]: model.filter } } : null;
}

/** 'YYYY-MM-DD hh:mm:ss' (AG Grid) → 'YYYY-MM-DD'. */
const day = (value: string | null | undefined): string | null => value?.slice(0, 10) || null;

/** Start of a calendar day in the browser's time zone, as an ISO instant; `plus` days later. */
function dayStart(date: string, plus = 0): string {
  const [year = 0, month = 1, dayOfMonth = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, dayOfMonth + plus).toISOString();
}

function dateCondition(name: string, model: SimpleModel, field: EntityField | undefined): Where | null {
  const from = day(model.dateFrom);
  if (!from) return null;
  const to = day(model.dateTo);
  if (field?.type !== 'datetime') {
    if (model.type === 'inRange') return to ? { [name]: { between: [from, to] } } : null;
    const operator = model.type ? COMPARISON[model.type] : undefined;
    return operator ? { [name]: { [operator]: from } } : null;
  }
  // A timestamp matches a day when it falls anywhere inside it.
  switch (model.type) {
    case 'equals':
      return { and: [{ [name]: { gte: dayStart(from) } }, { [name]: { lt: dayStart(from, 1) } }] };
    case 'notEqual':
      return { or: [{ [name]: { lt: dayStart(from) } }, { [name]: { gte: dayStart(from, 1) } }] };
    case 'greaterThan':
      return { [name]: { gte: dayStart(from, 1) } };
    case 'lessThan':
      return { [name]: { lt: dayStart(from) } };
    case 'inRange':
      return to ? { and: [{ [name]: { gte: dayStart(from) } }, { [name]: { lt: dayStart(to, 1) } }] } : null;
    default:
      return null;
  }
}

function simpleCondition(name: string, model: SimpleModel, field: EntityField | undefined): Where | null {
  if (model.type === 'blank' || model.type === 'notBlank')
    return blank(name, field, model.type === 'notBlank');
  if (model.filterType === 'number') return numberCondition(name, model);
  if (model.filterType === 'date') return dateCondition(name, model, field);
  return textCondition(name, model);
}

function condition(name: string, model: unknown, field: EntityField | undefined): Where | null {
  if (typeof model !== 'object' || model === null) return null;
  if ('values' in model && (model as OptionsFilterModel).filterType === 'options') {
    const values = (model as OptionsFilterModel).values;
    if (values.length === 0) return null;
    return values.length === 1 ? { [name]: values[0] ?? null } : { [name]: { inq: values } };
  }
  if ('conditions' in model && Array.isArray((model as CombinedModel).conditions)) {
    const combined = model as CombinedModel;
    const parts = combined.conditions
      .map((item) => simpleCondition(name, { filterType: (model as SimpleModel).filterType, ...item }, field))
      .filter((item): item is Where => item !== null);
    if (parts.length <= 1) return parts[0] ?? null;
    return combined.operator === 'OR' ? { or: parts } : { and: parts };
  }
  return simpleCondition(name, model as SimpleModel, field);
}

/**
 * AG Grid's filter model (column → text/number/date model, possibly two conditions joined by AND/OR, or the
 * list's option filter) as LoopBack where conditions to AND together: contains → ilike %x%, equals → eq,
 * greaterThan → gt, inRange → between, blank → null… Unknown or incomplete conditions are left out.
 */
export function filterModelToWhere(
  filterModel: Record<string, unknown> | null | undefined,
  fields: Record<string, EntityField>,
): Where[] {
  return Object.entries(filterModel ?? {})
    .map(([name, model]) => condition(name, model, fields[name]))
    .filter((item): item is Where => item !== null);
}
