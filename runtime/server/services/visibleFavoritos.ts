import { DEFAULT_FAVORITES } from '../../core/constants.ts';

/**
 * The favourites a user sees: the default favourites first, then the stored ones that are still
 * favouritable (a tenant may since have hidden or removed a menu entry), without repeats.
 */
export function visibleFavoritos(stored: readonly string[], favoritable: Map<string, string>): string[] {
  const list = DEFAULT_FAVORITES.filter((key) => favoritable.has(key));
  for (const key of stored) if (favoritable.has(key) && !list.includes(key)) list.push(key);
  return list;
}
