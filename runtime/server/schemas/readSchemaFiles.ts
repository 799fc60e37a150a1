import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { SchemaIssue } from '../../core/createSchemaValidator.ts';
import type { SchemaFiles } from '../../core/validateSchemaSet.ts';

/** Repository root (two levels above runtime/server/schemas). */
export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');

/**
 * Reads every JSON file under schemas/ and tenants/ into a map keyed by posix path relative to
 * the repository root; other files (tenant assets) are listed with a null value. Unparsable JSON
 * becomes an issue with the file and the parser's reason.
 */
export async function readSchemaFiles(
  root = REPO_ROOT,
): Promise<{ files: SchemaFiles; issues: SchemaIssue[] }> {
  const files: SchemaFiles = {};
  const issues: SchemaIssue[] = [];
  for (const top of ['schemas', 'tenants']) {
    // A folder of exported overrides (tenant:import --de) may hold tenants/ only.
    const entries = await readdir(join(root, top), { recursive: true, withFileTypes: true }).catch(
      (error) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' && root !== REPO_ROOT) return [];
        throw error;
      },
    );
    for (const entry of entries) {
      if (!entry.isFile() || entry.name === 'README.md') continue;
      const absolute = join(entry.parentPath, entry.name);
      const path = relative(root, absolute).split(sep).join('/');
      if (!entry.name.endsWith('.json')) {
        files[path] = null;
        continue;
      }
      try {
        files[path] = JSON.parse(await readFile(absolute, 'utf8'));
      } catch (error) {
        issues.push({ file: path, pointer: '/', message: `JSON inválido: ${(error as Error).message}` });
      }
    }
  }
  return { files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))), issues };
}
