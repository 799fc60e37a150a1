import { isPlainObject } from './mergePatch.ts';

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

/**
 * The studio's patch from `base` to an edited copy (`target`): createMergePatch plus a `$order` position on
 * every member of each map whose member order changed (fields dragged within or across sections, columns
 * and menu entries moved), so applyOverride(base, patch) gives target back with its order.
 */
export function createOrderedPatch(base: unknown, target: unknown): unknown {
  const patch = createMergePatch(base, target);
  addOrder(base, target, patch);
  return patch;
}

function addOrder(base: unknown, target: unknown, patch: unknown): void {
  if (!isPlainObject(target) || !isPlainObject(patch)) return;
  const baseMap = isPlainObject(base) ? base : {};
  for (const [key, value] of Object.entries(target)) {
    if (!isPlainObject(value)) continue;
    // A map reordered deeper down needs the path to it in the patch even when nothing else changed there.
    const sub = isPlainObject(patch[key]) ? patch[key] : patch[key] === undefined ? {} : null;
    if (sub === null) continue;
    addOrder(baseMap[key], value, sub);
    if (patch[key] === undefined && Object.keys(sub).length > 0) patch[key] = sub;
  }
  const members = Object.keys(target).filter((key) => isPlainObject(target[key]));
  if (members.length < 2 || members.length !== Object.keys(target).length) return;
  // The order the merge would give without directives: base members in place, new ones appended. Two or
  // more new members need positions anyway: a patch stored as jsonb loses its key order (PostgreSQL sorts
  // an object's keys by length), so their order must be written down.
  const kept = Object.keys(baseMap).filter((key) => members.includes(key));
  const added = members.filter((key) => !kept.includes(key));
  const merged = [...kept, ...added];
  if (added.length < 2 && merged.every((key, index) => key === members[index])) return;
  members.forEach((key, index) => {
    const own = isPlainObject(patch[key]) ? patch[key] : {};
    patch[key] = { ...own, $order: index + 1 };
  });
}
