import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { DEFAULT_FAVORITES, FAVORITES_LIMIT, MESSAGES, STORAGE } from '../../../core/constants.ts';
import type { MenuItem } from '../../../core/types.ts';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { type Menus, menuLeaves } from '../menu/useMenus.ts';
import { favoritesStore } from './favoritesStore.ts';

export interface FavoritesController {
  /** The favourite pages the user can see, as menu leaves, in the saved order. */
  entries: MenuItem[];
  /** Every menu leaf with a page the user can open (to resolve keys and the current route). */
  leaves: MenuItem[];
  /** Accountants cannot change favourites (spec 000 §6). */
  canChange: boolean;
  busy: boolean;
  isFavorite(entry: MenuItem | null): boolean;
  /** Adds or removes a page; null means the page is not a menu item. Errors become warning toasts. */
  toggle(entry: MenuItem | null): Promise<void>;
}

function errorMessage(error: unknown): string {
  const message = (error as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === 'string' && message.trim() ? message : MESSAGES.favorites.error;
}

/**
 * Favourites of the session user (spec 000 §3, §5): loaded from the API, mirrored in storage under
 * FAVORITOS_{userId}, shared by the header strip and heart; the server enforces the rules and its
 * messages are shown as warning toasts.
 */
export function useFavorites(menus: Menus): FavoritesController {
  const { api, storage } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const key = `${STORAGE.FAVORITOS_PREFIX}${user?.id ?? ''}`;
  const canChange = Boolean(user) && user?.isContador !== true;

  const stored = useSyncExternalStore(favoritesStore.subscribe, () => favoritesStore.get(key));
  const keys = stored ?? storage.getJson<string[]>(key) ?? DEFAULT_FAVORITES;

  const remember = useCallback(
    (list: string[]) => {
      storage.setJson(key, list);
      favoritesStore.set(key, list);
    },
    [key, storage],
  );

  useEffect(() => {
    if (!user) return;
    void favoritesStore.loadOnce(key, async () => {
      const { data, error } = await api.GET('/api/Usuarios/favoritos');
      if (error || !data) throw new Error(errorMessage(error));
      remember(data.favoritos);
    });
  }, [api, key, remember, user]);

  const leaves = useMemo(() => {
    // The panel user's pages come from the panel menu, everyone else's from the main one.
    const ordered = user?.painelAdministrativo
      ? [menus.painel, menus.settings, menus.admin, menus.user]
      : [menus.main, menus.settings, menus.admin, menus.user];
    return ordered.flatMap(menuLeaves).filter((leaf) => leaf.link && leaf.data?.key);
  }, [menus, user?.painelAdministrativo]);

  const entries = useMemo(
    () =>
      keys
        .map((favorite) => leaves.find((leaf) => leaf.data?.key === favorite))
        .filter((leaf): leaf is MenuItem => leaf !== undefined),
    [keys, leaves],
  );

  const isFavorite = useCallback(
    (entry: MenuItem | null) => Boolean(entry?.data?.key && keys.includes(entry.data.key)),
    [keys],
  );

  const toggle = useCallback(
    async (entry: MenuItem | null) => {
      const warn = (message: string) => notify.toast(message, { severity: 'warning' });
      const favorite = entry?.data?.key;
      if (!entry?.link || !favorite) return void warn(MESSAGES.favorites.notAMenu);
      if (!canChange) return void warn(MESSAGES.favorites.error);
      const removing = keys.includes(favorite);
      // The server enforces these too; checking first spares a request that can only fail.
      if (removing && DEFAULT_FAVORITES.includes(favorite))
        return void warn(MESSAGES.favorites.cannotRemoveDefault(entry.title));
      if (!removing && keys.length >= FAVORITES_LIMIT)
        return void warn(MESSAGES.favorites.limit(FAVORITES_LIMIT));
      const next = removing ? keys.filter((item) => item !== favorite) : [...keys, favorite];
      setBusy(true);
      try {
        const { data, error } = await api.PUT('/api/Usuarios/favoritos', { body: { favoritos: next } });
        if (error || !data) warn(errorMessage(error));
        else remember(data.favoritos);
      } catch {
        warn(MESSAGES.favorites.error);
      } finally {
        setBusy(false);
      }
    },
    [api, canChange, keys, notify, remember],
  );

  return { entries, leaves, canChange, busy, isFavorite, toggle };
}
