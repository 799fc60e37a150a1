import { createSchemaValidator, type SchemaIssue } from './createSchemaValidator.ts';
import { crossCheckSchemas } from './crossCheckSchemas.ts';
import { isPlainObject, mergePatch } from './mergePatch.ts';
import { applyOrderDirectives } from './orderDirectives.ts';
import { overrideTarget, type SchemaKind, schemaKind } from './schemaKind.ts';

/** Files of the repository's schemas/ and tenants/ trees, keyed by posix path relative to the root. */
export type SchemaFiles = Record<string, unknown>;

/** Meta-schemas of the set keyed by kind (schemas/_meta/enum.schema.json → "enum"). */
export function metaSchemasOf(files: SchemaFiles): Record<string, unknown> {
  const metas: Record<string, unknown> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /^schemas\/_meta\/([a-z-]+)\.schema\.json$/.exec(path);
    if (match?.[1]) metas[match[1]] = content;
  }
  return metas;
}

/**
 * Applies a tenant patch (a white-label file or a studio customisation) to its target, dropping the patch's
 * own $schema and applying its `$order` directives (moving members of ordered maps).
 */
export function applyOverride(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return mergePatch(target, patch);
  const { $schema: _ignored, ...difference } = patch;
  return applyOrderDirectives(mergePatch(target, difference));
}

/**
 * Validates every file of the set against its meta-schema, every tenant patch both as a patch
 * and by its merged result, and the references between files (keys, enums, fields, themes).
 * Returns the issues, each with the file, the JSON pointer and the reason; [] means valid.
 */
export function validateSchemaSet(files: SchemaFiles): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  // Screen declarations are the newest and most nested kind: their issues name the rule that failed.
  const validator = createSchemaValidator(metaSchemasOf(files), { ruleKinds: ['screen'] });
  const tenantOverrides = new Map<string, SchemaFiles>();

  for (const [path, content] of Object.entries(files)) {
    const kind = schemaKind(path);
    if (kind === null) {
      issues.push({
        file: path,
        pointer: '/',
        message: 'arquivo fora das convenções de nome de schemas/ e tenants/',
      });
      continue;
    }
    if (kind === 'meta' || kind === 'asset') continue;
    issues.push(...validator.validate(kind, path, content));
    if (kind === 'enum' || kind === 'menu' || kind === 'report' || kind === 'screen')
      issues.push(...nameMatchesFile(path, content));
    if (kind === 'tenant-patch') {
      const targetPath = overrideTarget(path) as string;
      const targetKind = schemaKind(targetPath) as SchemaKind | null;
      if (!(targetPath in files) || targetKind === null) {
        issues.push({ file: path, pointer: '/', message: `o alvo ${targetPath} não existe em schemas/` });
        continue;
      }
      const merged = applyOverride(files[targetPath], content);
      issues.push(
        ...validator.validate(targetKind, path, merged, `(no resultado da mesclagem com ${targetPath})`),
      );
      const slug = path.split('/')[1] as string;
      const set = tenantOverrides.get(slug) ?? {};
      set[targetPath] = merged;
      tenantOverrides.set(slug, set);
    }
  }
  if (issues.length > 0) return issues;

  const base = Object.fromEntries(Object.entries(files).filter(([path]) => path.startsWith('schemas/')));
  issues.push(...crossCheckSchemas(base, files));
  for (const [slug, merged] of tenantOverrides) {
    const tenantIssues = crossCheckSchemas({ ...base, ...merged }, files);
    const known = new Set(issues.map((issue) => `${issue.file}${issue.pointer}${issue.message}`));
    for (const issue of tenantIssues) {
      if (known.has(`${issue.file}${issue.pointer}${issue.message}`)) continue;
      const overridePath = issue.file.replace(/^schemas\//, `tenants/${slug}/overrides/`);
      issues.push({ ...issue, file: overridePath in files ? overridePath : issue.file });
    }
  }
  return issues;
}

function nameMatchesFile(path: string, content: unknown): SchemaIssue[] {
  const expected = (path.split('/').pop() as string).replace(/\.(enum|menu|report|screen)\.json$/, '');
  const name = isPlainObject(content) ? content.name : undefined;
  return name === expected
    ? []
    : [{ file: path, pointer: '/name', message: `deve ser igual ao nome do arquivo ("${expected}")` }];
}
