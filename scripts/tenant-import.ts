/**
 * `npm run tenant:import <slug> [-- --de <pasta>] [--aplicar] [--forcar]`: reads override files
 * (<pasta>/tenants/<slug>/overrides/, by default the repository's) as the white-label's studio layer. A dry run
 * first: prints, property by property, what would change against what is published. `--aplicar` publishes it
 * as a new version; it refuses when the published version is newer than the files (someone published in the
 * studio after they were written) unless `--forcar`.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { applyCustomizations } from '../runtime/core/studio/applyCustomizations.ts';
import { describeCustomizationDiff } from '../runtime/core/studio/describeCustomizationDiff.ts';
import { importCustomizations } from '../runtime/core/studio/overrideFiles.ts';
import { applyOverride, type SchemaFiles } from '../runtime/core/validateSchemaSet.ts';
import { REPO_ROOT, readSchemaFiles } from '../runtime/server/schemas/readSchemaFiles.ts';
import { writeVersion } from '../runtime/server/services/studio/customizacoes.ts';
import { TenantRegistry } from '../runtime/server/services/tenantRegistry.ts';
import { openRunningDatabase } from './lib/runningDatabase.ts';
import { findWhiteLabel } from './lib/whiteLabelArgs.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { de: { type: 'string' }, aplicar: { type: 'boolean' }, forcar: { type: 'boolean' } },
});
const slug = positionals[0];
if (!slug) {
  console.error('Informe o white-label: npm run tenant:import <slug> [-- --de <pasta>] [--aplicar]');
  process.exit(2);
}
const db = await openRunningDatabase();
if (!db) process.exit(2);
try {
  const { files } = await readSchemaFiles();
  const source = values.de ? (await readSchemaFiles(values.de)).files : files;
  const prefix = `tenants/${slug}/overrides/`;
  const overrideFiles = Object.keys(source).filter((path) => path.startsWith(prefix));
  const registry = new TenantRegistry(db, files);
  await registry.reload();
  const tenant = await findWhiteLabel(db, registry, slug);

  // What the files describe: the base with each file's patch.
  const target: SchemaFiles = Object.fromEntries(
    Object.entries(files).filter(([path]) => path.startsWith('schemas/')),
  );
  for (const file of overrideFiles) {
    const path = `schemas/${file.slice(prefix.length)}`;
    if (path in target) target[path] = applyOverride(target[path], source[file]);
    else console.warn(`ignorado ${file}: o alvo ${path} não existe`);
  }
  const layer = importCustomizations(tenant.layered, target);
  const result = applyCustomizations(tenant.layered, layer, files);
  if (result.issues.length > 0) {
    for (const issue of result.issues) console.error(`${issue.file} ${issue.pointer}: ${issue.message}`);
    throw new Error('Os arquivos não se aplicam a esta versão do sistema: nada foi importado.');
  }
  const changes = describeCustomizationDiff(
    tenant.schemas,
    result.schemas,
    new Set([...Object.keys(layer), ...Object.keys(target)]),
  );
  for (const change of changes) console.log(`${change.alvo}: ${change.descricao}`);
  console.log(`${changes.length} alteração(ões) em relação à versão publicada ${tenant.schemasVersion}.`);
  if (!values.aplicar) {
    console.log('Simulação: nada foi gravado. Use -- --aplicar para publicar.');
  } else if (changes.length === 0) {
    console.log('Nada a importar.');
  } else {
    const newest = Math.max(
      0,
      ...(await Promise.all(
        overrideFiles.map(async (file) => (await stat(join(values.de ?? REPO_ROOT, file))).mtimeMs),
      )),
    );
    const [published] = await db.withSystem((tx) =>
      tx.query<{ criado_em: Date }>(
        'SELECT criado_em FROM customizacao_versao WHERE config_white_label_id = $1 ORDER BY versao DESC LIMIT 1',
        [tenant.id],
      ),
    );
    if (published && new Date(published.criado_em).getTime() > newest && !values.forcar)
      throw new Error(
        `A versão ${tenant.schemasVersion} foi publicada no estúdio depois destes arquivos: exporte-a antes ou use -- --forcar.`,
      );
    const versao = await db.withSystem((tx) =>
      writeVersion(
        tx,
        tenant.id,
        layer,
        { id: 0, nome: 'tenant:import' },
        `Importação de ${overrideFiles.length} arquivo(s)`,
        null,
      ),
    );
    console.log(`Publicada a versão ${versao}. As instâncias em execução aplicam-na em até 5 segundos.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
