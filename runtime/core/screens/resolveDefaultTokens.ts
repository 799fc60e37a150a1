import { isPlainObject } from '../mergePatch.ts';

const pad = (value: number) => String(value).padStart(2, '0');
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * The default tokens a screen declaration may use as a parameter's `default`, computed from `today`:
 * fiscal files are filed for the month just closed.
 */
export function defaultTokenValue(token: string, today: Date): string | undefined {
  const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const last = new Date(today.getFullYear(), today.getMonth(), 0);
  switch (token) {
    case '$mesAnterior':
      return `${first.getFullYear()}-${pad(first.getMonth() + 1)}`;
    case '$mesAnteriorInicio':
      return day(first);
    case '$mesAnteriorFim':
      return day(last);
    case '$mesAtualInicio':
      return day(new Date(today.getFullYear(), today.getMonth(), 1));
    case '$mesAtualFim':
      return day(new Date(today.getFullYear(), today.getMonth() + 1, 0));
    case '$hoje':
      return day(today);
    case '$hojeMais90':
      return day(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 90));
    default:
      return undefined;
  }
}

/** The names of the default tokens (the meta-schema's documentation and the tests list them). */
export const DEFAULT_TOKENS = [
  '$mesAnterior',
  '$mesAnteriorInicio',
  '$mesAnteriorFim',
  '$mesAtualInicio',
  '$mesAtualFim',
  '$hoje',
  '$hojeMais90',
] as const;

/**
 * A copy of a parameters JSON Schema whose string defaults starting with "$" are replaced by the
 * token's value for `today` (an unknown token leaves the parameter without default).
 */
export function resolveDefaultTokens<T>(schema: T, today = new Date()): T {
  if (Array.isArray(schema)) return schema.map((item) => resolveDefaultTokens(item, today)) as T;
  if (!isPlainObject(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'default' && typeof value === 'string' && value.startsWith('$')) {
      const resolved = defaultTokenValue(value, today);
      if (resolved !== undefined) copy[key] = resolved;
    } else copy[key] = resolveDefaultTokens(value, today);
  }
  return copy as T;
}
