import { isPlainObject } from '../mergePatch.ts';

/** Every `operationId` a screen declaration names, with the JSON pointer where it stands. */
export function screenOperationIds(declaration: unknown): Array<{ pointer: string; operationId: string }> {
  const found: Array<{ pointer: string; operationId: string }> = [];
  const walk = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) for (const [index, item] of value.entries()) walk(item, `${pointer}/${index}`);
    if (!isPlainObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      const path = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key === 'operationId' && typeof child === 'string')
        found.push({ pointer: path, operationId: child });
      else walk(child, path);
    }
  };
  walk(declaration, '');
  return found;
}
