import { findMembers } from './findMembers.ts';

/**
 * Every permission key a screen declaration names — its own `permission` and those of its blocks (a
 * dashboard's cards, charts and links, an upload's confirm) — with the JSON pointer where it stands. A
 * parameter schema's properties are data, not blocks.
 */
export function screenPermissionKeys(declaration: unknown): Array<{ pointer: string; key: string }> {
  return findMembers(declaration, 'permission', ['parameters']).map(({ pointer, value }) => ({
    pointer,
    key: value,
  }));
}
