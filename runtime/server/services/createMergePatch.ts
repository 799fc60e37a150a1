import { isPlainObject } from '../../core/mergePatch.ts';

/** Structural equality of JSON values (key order ignored). */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]))
    );
  }
  return false;
}

/**
 * The RFC 7396 merge patch that turns `base` into `target` (only the difference): members missing
 * from target become null, changed objects recurse, anything else is replaced whole.
 * `mergePatch(base, createMergePatch(base, target))` equals target when target holds no nulls.
 */
export function createMergePatch(base: unknown, target: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(target)) return structuredClone(target);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(base)) if (!Object.hasOwn(target, key)) patch[key] = null;
  for (const [key, value] of Object.entries(target)) {
    if (Object.hasOwn(base, key) && jsonEqual(base[key], value)) continue;
    patch[key] = Object.hasOwn(base, key) ? createMergePatch(base[key], value) : structuredClone(value);
  }
  return patch;
}
