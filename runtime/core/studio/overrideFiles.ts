import { createOrderedPatch } from '../createMergePatch.ts';
import { isPlainObject } from '../mergePatch.ts';
import type { SchemaFiles } from '../validateSchemaSet.ts';
import type { Customizations } from './applyCustomizations.ts';

/** tenants/<slug>/overrides/<rel> for schemas/<rel>. */
export const overridePath = (slug: string, schemaPath: string) =>
  `tenants/${slug}/overrides/${schemaPath.replace(/^schemas\//, '')}`;

/** The "$schema" a patch file starts with: the tenant-patch meta-schema, relative to the file. */
export function patchSchemaRef(overrideFile: string): string {
  const depth = overrideFile.split('/').length - 1;
  return `${'../'.repeat(depth)}schemas/_meta/tenant-patch.schema.json`;
}

/**
 * `tenant:export`: the white-label's file layer with its published studio layer folded in, as override files
 * (one patch per schema over schemas/, with `$order` where members moved). Paths whose result equals the base
 * get no file (and an existing one is listed in `remove`).
 */
export function exportOverrideFiles(
  slug: string,
  base: SchemaFiles,
  published: SchemaFiles,
  existing: string[],
): { write: Record<string, unknown>; remove: string[] } {
  const write: Record<string, unknown> = {};
  for (const [path, content] of Object.entries(published)) {
    if (!path.startsWith('schemas/') || !(path in base)) continue;
    const patch = createOrderedPatch(base[path], content);
    if (!isPlainObject(patch) || Object.keys(patch).length === 0) continue;
    const file = overridePath(slug, path);
    write[file] = { $schema: patchSchemaRef(file), ...patch };
  }
  return { write, remove: existing.filter((file) => !(file in write)) };
}

/**
 * `tenant:import`: the studio layer that makes the white-label serve what the override files describe,
 * relative to its current file layer (`layered`): one patch per schema path that differs.
 */
export function importCustomizations(layered: SchemaFiles, target: SchemaFiles): Customizations {
  const layer: Customizations = {};
  for (const [path, content] of Object.entries(target)) {
    if (!path.startsWith('schemas/') || !(path in layered)) continue;
    const patch = createOrderedPatch(layered[path], content);
    if (isPlainObject(patch) && Object.keys(patch).length > 0) layer[path] = patch;
  }
  return layer;
}
