import { DEFAULT_FAVORITES, FAVORITES_LIMIT, MESSAGES } from '../../core/constants.ts';
import { HttpError } from '../errors.ts';

/**
 * Checks a requested favourites list against the rules of spec 000 §5 and returns it as stored:
 * default favourites first, then the others in the given order, without repeats. `favoritable` maps
 * each favouritable menu key to its title (favoritableMenuKeys).
 */
export function resolveFavoritos(requested: readonly string[], favoritable: Map<string, string>): string[] {
  const unique = [...new Set(requested)];
  if (unique.some((key) => !favoritable.has(key))) {
    throw new HttpError(400, 'FAVORITO_INVALIDO', MESSAGES.favorites.notAMenu);
  }
  const defaults = DEFAULT_FAVORITES.filter((key) => favoritable.has(key));
  const removed = defaults.find((key) => !unique.includes(key));
  if (removed !== undefined) {
    throw new HttpError(
      400,
      'FAVORITO_PADRAO',
      MESSAGES.favorites.cannotRemoveDefault(favoritable.get(removed) ?? removed),
    );
  }
  const list = [...defaults, ...unique.filter((key) => !defaults.includes(key))];
  if (list.length > FAVORITES_LIMIT) {
    throw new HttpError(400, 'LIMITE_FAVORITOS', MESSAGES.favorites.limit(FAVORITES_LIMIT));
  }
  return list;
}
