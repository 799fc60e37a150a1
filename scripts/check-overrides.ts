/**
 * `npm run check:overrides`: re-applies every white-label's layers to the current base and lists, per
 * white-label, each customisation that points at a field, enumeration code, screen or permission key that no
 * longer exists — the tenants/ files always, and the studio's published versions when a database is running
 * (DATABASE_URL or `npm start`). Exit code 1 when any is found; nothing is dropped.
 */
import { validateSchemaSet } from '../runtime/core/validateSchemaSet.ts';
import { readSchemaFiles } from '../runtime/server/schemas/readSchemaFiles.ts';
import { TenantRegistry } from '../runtime/server/services/tenantRegistry.ts';
import { openRunningDatabase } from './lib/runningDatabase.ts';

const { files } = await readSchemaFiles();
const fileIssues = validateSchemaSet(files).filter((issue) => issue.file.startsWith('tenants/'));
for (const issue of fileIssues) console.log(`${issue.file} ${issue.pointer}: ${issue.message}`);
console.log(`arquivos de tenants/: ${fileIssues.length} problema(s)`);
let studioIssues = 0;
const db = process.argv.includes('--somente-arquivos') ? null : await openRunningDatabase();
if (db) {
  try {
    const registry = new TenantRegistry(db, files);
    await registry.reload();
    for (const tenant of await registry.all()) {
      for (const issue of tenant.customizationIssues)
        console.log(
          `${tenant.settings.idConfig} v${tenant.schemasVersion} · ${issue.file} ${issue.pointer}: ${issue.message}`,
        );
      studioIssues += tenant.customizationIssues.length;
    }
    console.log(`estúdio: ${studioIssues} personalização(ões) publicada(s) que não se aplicam mais`);
  } finally {
    await db.close();
  }
}
process.exitCode = fileIssues.length + studioIssues > 0 ? 1 : 0;
