/** Where an alert's "Ver detalhes" goes: a hash route inside the app, or an external address. */
export type AlertLink = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

/**
 * Reads an alert link: `https://…` (or `http://`, `mailto:`) is external; anything else is a route
 * of the app, with or without `#/` or a leading slash (`pages/vendas/clientes`, `#/pages/…`).
 */
export function alertLink(link: string | null | undefined): AlertLink | null {
  const value = (link ?? '').trim();
  if (!value) return null;
  if (/^(https?:\/\/|mailto:)/i.test(value)) return { kind: 'external', url: value };
  const path = value.replace(/^#?\/*/, '');
  return path ? { kind: 'internal', path: `/${path}` } : null;
}
