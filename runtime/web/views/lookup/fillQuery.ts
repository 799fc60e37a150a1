import { readPath } from '../../../core/readPath.ts';
import { fillFormatted } from '../tool/fillFormatted.ts';

const SOLE = /^\{([A-Za-z0-9_.]+)\}$/;

/** A declared value with its {path} placeholders read from `data`; a text that is one placeholder keeps the value's type. */
function fill(value: unknown, data: unknown): unknown {
  if (typeof value === 'string') {
    const sole = SOLE.exec(value);
    return sole ? readPath(data, (sole[1] as string).split('.')) : fillFormatted(value, data);
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, data));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, data)]));
  return value;
}

/**
 * The constant query parameters of a lookup (`search.query`) for a request: placeholders filled from
 * `data` (e.g. {config.id}), an object parameter sent as JSON (a LoopBack filter).
 */
export function fillQuery(
  query: Record<string, unknown> | undefined,
  data: unknown,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query ?? {}).map(([name, value]) => {
      const filled = fill(value, data);
      return [name, filled && typeof filled === 'object' ? JSON.stringify(filled) : filled];
    }),
  );
}
