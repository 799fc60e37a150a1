/** Placeholder wired into the header; its feature fills it in. */
export function FavoritesStrip(_props: Record<string, unknown>) {
  return null;
}
