import type { IncludeItem, Where } from '../../../core/loopbackFilter.ts';
import { includeName, type ResolvedEntity } from '../../../core/resolveEntity.ts';
import { filterModelToWhere } from './filterModelToWhere.ts';
import type { GridDefinition } from './listTypes.ts';

export interface ListCriteria {
  /** Quick-search text as typed. */
  search: string;
  sortModel: readonly { colId: string; sort: 'asc' | 'desc' }[];
  filterModel: Record<string, unknown> | null | undefined;
  /** A where the list was opened with (a dashboard card's link, `?where=`), ANDed with the rest. */
  where?: Where | null;
}

export interface ListQuery {
  where?: Where;
  order: string[];
  include?: IncludeItem[];
}

/** Formats stored without punctuation (CPF/CNPJ, phone, CEP) are also searched as bare characters. */
const BARE_FORMATS = new Set(['cpf', 'cnpj', 'cpfCnpj', 'phone', 'cep']);

function searchWhere(entity: ResolvedEntity, grid: GridDefinition, text: string): Where | null {
  const term = text.trim();
  if (!term) return null;
  const names =
    grid.searchFields ?? Object.keys(entity.fields).filter((name) => entity.fields[name]?.search === true);
  const bare = term.replace(/[^0-9A-Za-z]/g, '');
  const or: Where[] = [];
  for (const name of names) {
    const field = entity.fields[name];
    if (field && field.type !== 'string' && field.type !== 'text') continue;
    or.push({ [name]: { ilike: `%${term}%` } });
    if (field?.format && BARE_FORMATS.has(field.format) && bare && bare !== term) {
      or.push({ [name]: { ilike: `%${bare}%` } });
    }
  }
  if (or.length === 0) return null;
  return or.length === 1 ? (or[0] as Where) : { or };
}

function orderOf(grid: GridDefinition, sortModel: ListCriteria['sortModel']): string[] {
  const order = sortModel.length
    ? sortModel.map((item) => `${item.colId} ${item.sort.toUpperCase()}`)
    : (grid.defaultOrder ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
  // A unique last key keeps skip/limit paging stable when the sort values repeat.
  return order.some((entry) => /^id(\s|$)/.test(entry)) ? order : [...order, 'id ASC'];
}

/**
 * The LoopBack where/order/include of a list screen: the quick search (an `or` of `ilike '%text%'` over
 * the grid's search fields), the link filter, the column filters and the sort (default: the grid's defaultOrder).
 */
export function buildListQuery(
  entity: ResolvedEntity,
  grid: GridDefinition,
  criteria: ListCriteria,
): ListQuery {
  const conditions = filterModelToWhere(criteria.filterModel, entity.fields);
  const search = searchWhere(entity, grid, criteria.search);
  if (search) conditions.unshift(search);
  if (criteria.where) conditions.unshift(criteria.where);
  const include = Object.keys(grid.columns)
    .filter((name) => entity.fields[name]?.type === 'relation' && !entity.fields[name]?.multiple)
    .map((name) => ({ relation: includeName(name) }));
  return {
    ...(conditions.length === 0
      ? {}
      : { where: conditions.length === 1 ? conditions[0] : { and: conditions } }),
    order: orderOf(grid, criteria.sortModel),
    ...(include.length ? { include } : {}),
  };
}

/**
 * The keyset cursor after `row` for a list ordered by `order` (the server's `after`): the sort field's value
 * and the id, when the order is one field then id (or id alone) and the row carries them; otherwise
 * undefined and the next block uses skip.
 */
export function keysetAfter(
  order: string[],
  row: Record<string, unknown> | undefined,
): unknown[] | undefined {
  if (!row || typeof row.id !== 'number') return undefined;
  const names = order.map((entry) => entry.trim().split(/\s+/)[0] ?? '');
  if (names.length === 1 && names[0] === 'id') return [row.id];
  if (names.length !== 2 || names[1] !== 'id' || !names[0] || names[0].includes('.')) return undefined;
  if (!Object.hasOwn(row, names[0])) return undefined;
  const value = row[names[0]];
  if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) return undefined;
  return [value, row.id];
}
