import { isPlainObject } from '../mergePatch.ts';

/**
 * Every string value of a member named `member` anywhere in a screen declaration, with the JSON pointer
 * where it stands; members named in `skip` are not entered.
 */
export function findMembers(
  declaration: unknown,
  member: string,
  skip: readonly string[] = [],
): Array<{ pointer: string; value: string }> {
  const found: Array<{ pointer: string; value: string }> = [];
  const walk = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) for (const [index, item] of value.entries()) walk(item, `${pointer}/${index}`);
    if (!isPlainObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      const path = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key === member && typeof child === 'string') found.push({ pointer: path, value: child });
      else if (!skip.includes(key)) walk(child, path);
    }
  };
  walk(declaration, '');
  return found;
}
