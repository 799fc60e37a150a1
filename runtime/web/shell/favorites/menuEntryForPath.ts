import type { MenuItem } from '../../../core/types.ts';

function samePath(link: string, path: string[]): boolean {
  const pattern = link.split('/').filter(Boolean);
  return (
    pattern.length === path.length && pattern.every((part, i) => part.startsWith(':') || part === path[i])
  );
}

/** The menu leaf whose route is exactly `pathname` (":param" segments match anything), if any. */
export function menuEntryForPath(leaves: MenuItem[], pathname: string): MenuItem | null {
  const path = pathname.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  return leaves.find((leaf) => leaf.link !== undefined && samePath(leaf.link, path)) ?? null;
}
