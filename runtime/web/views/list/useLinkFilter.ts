import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Where } from '../../../core/loopbackFilter.ts';

/** The filter a link put on a list: the LoopBack where and the label shown on its chip. */
export interface LinkFilter {
  where: Where;
  label: string;
}

/** `?where=<json>&filtro=<label>` of a list route (a dashboard card's link); null when absent or not a JSON object. */
export function readLinkFilter(search: string): LinkFilter | null {
  const params = new URLSearchParams(search);
  const text = params.get('where');
  if (!text) return null;
  try {
    const where = JSON.parse(text) as unknown;
    if (!where || typeof where !== 'object' || Array.isArray(where)) return null;
    return { where: where as Where, label: params.get('filtro')?.trim() || 'Filtro aplicado' };
  } catch {
    return null;
  }
}

/**
 * The link filter of the current list route and its removal (back to the route without the query): the
 * list ANDs the where with its search and column filters and shows the label on a removable chip.
 */
export function useLinkFilter() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const filter = useMemo(() => readLinkFilter(search), [search]);
  const remove = useCallback(() => navigate(pathname, { replace: true }), [navigate, pathname]);
  return { filter, remove };
}
