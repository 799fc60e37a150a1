import { isPlainObject } from '../mergePatch.ts';

/**
 * Every permission key a screen declaration names — its own `permission` and those of its blocks (a
 * dashboard's cards, charts and links) — with the JSON pointer where it stands.
 */
export function screenPermissionKeys(declaration: unknown): Array<{ pointer: string; key: string }> {
  const found: Array<{ pointer: string; key: string }> = [];
  const walk = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) for (const [index, item] of value.entries()) walk(item, `${pointer}/${index}`);
    if (!isPlainObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      const path = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key === 'permission' && typeof child === 'string') found.push({ pointer: path, key: child });
      // A parameter schema's properties are data, not blocks.
      else if (key !== 'parameters') walk(child, path);
    }
  };
  walk(declaration, '');
  return found;
}
