/**
 * `npm run tenant:export <slug> [-- --para <pasta>]`: writes a white-label's published customisations
 * (its tenants/<slug>/overrides/ files with the studio's published version folded in) as override files, to
 * review and commit. Files whose schema no longer differs from the base are removed. Reads DATABASE_URL or
 * the embedded PostgreSQL of a running `npm start`.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { exportOverrideFiles } from '../runtime/core/studio/overrideFiles.ts';
import { REPO_ROOT, readSchemaFiles } from '../runtime/server/schemas/readSchemaFiles.ts';
import { TenantRegistry } from '../runtime/server/services/tenantRegistry.ts';
import { openRunningDatabase } from './lib/runningDatabase.ts';
import { findWhiteLabel } from './lib/whiteLabelArgs.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { para: { type: 'string' } } });
const slug = positionals[0];
if (!slug) {
  console.error('Informe o white-label: npm run tenant:export <slug>');
  process.exit(2);
}
const root = values.para ?? REPO_ROOT;
const db = await openRunningDatabase();
if (!db) process.exit(2);
try {
  const { files } = await readSchemaFiles();
  const registry = new TenantRegistry(db, files);
  await registry.reload();
  const tenant = await findWhiteLabel(db, registry, slug);
  const base = Object.fromEntries(Object.entries(files).filter(([path]) => path.startsWith('schemas/')));
  const folder = join(root, 'tenants', slug, 'overrides');
  const existing = await listJson(folder);
  const { write, remove } = exportOverrideFiles(
    slug,
    base,
    tenant.schemas,
    existing.map((file) => relative(root, file).split('\\').join('/')),
  );
  for (const [file, content] of Object.entries(write)) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), `${JSON.stringify(content, null, 2)}\n`);
    console.log(`gravado ${file}`);
  }
  for (const file of remove) {
    await rm(join(root, file));
    console.log(`removido ${file} (igual à base)`);
  }
  console.log(
    `${Object.keys(write).length} arquivo(s) de ${slug} com a versão ${tenant.schemasVersion} do estúdio; revise e faça o commit.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}

async function listJson(folder: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.json')) found.push(path);
    }
  };
  await walk(folder);
  return found;
}
