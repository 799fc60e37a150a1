import { readPath } from '../../../core/readPath.ts';
import { fillFormatted } from '../tool/fillFormatted.ts';
import type { DashboardFilterLink } from './dashboardTypes.ts';

const WHOLE_PLACEHOLDER = /^\{([A-Za-z0-9_.]+)\}$/;

/**
 * The declared `where` with the answer's values in: a string that is exactly "{path}" becomes that value
 * (a date, a number, an id array), other strings get their placeholders filled as text.
 */
export function fillWhere(where: unknown, data: unknown): unknown {
  if (Array.isArray(where)) return where.map((item) => fillWhere(item, data));
  if (typeof where === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(where);
    return whole?.[1] ? (readPath(data, whole[1].split('.')) ?? null) : fillFormatted(where, data);
  }
  if (where && typeof where === 'object')
    return Object.fromEntries(Object.entries(where).map(([key, value]) => [key, fillWhere(value, data)]));
  return where;
}

/** The list route a card opens: `/<route>?where=<json>&filtro=<label>` (the list shows the label on a chip). */
export function linkFilterHref(link: DashboardFilterLink, data: unknown): string {
  const query = new URLSearchParams({
    where: JSON.stringify(fillWhere(link.where, data)),
    filtro: fillFormatted(link.filtro, data),
  });
  return `/${link.route}?${query.toString()}`;
}
