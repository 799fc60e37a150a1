/**
 * `npm run empresa:export -- <id> [--saida <arquivo.zip>]`: writes the ZIP of one company (README
 * "Exportar os dados de uma empresa") and prints its path. Operator's command: no user check.
 */
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../runtime/server/config.ts';
import { createDatabase } from '../runtime/server/db/database.ts';
import { readSchemaFiles } from '../runtime/server/schemas/readSchemaFiles.ts';
import { cliDatabaseUrl } from '../runtime/server/services/exportacaoEmpresa/cliDatabaseUrl.ts';
import { exportCompany } from '../runtime/server/services/exportacaoEmpresa/exportCompany.ts';
import { ImportRefusal } from '../runtime/server/services/exportacaoEmpresa/ImportRefusal.ts';
import { TenantRegistry } from '../runtime/server/services/tenantRegistry.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { saida: { type: 'string' } } });
const empresaId = Number(positionals[0]);
if (!Number.isSafeInteger(empresaId) || empresaId <= 0) {
  console.error('Informe o id da empresa: npm run empresa:export -- <id> [--saida arquivo.zip]');
  process.exit(1);
}
const started = Date.now();
let db: ReturnType<typeof createDatabase> | undefined;
try {
  db = createDatabase(await cliDatabaseUrl(loadConfig()), { max: 3 });
  const empresa = await db.withSystem((tx) =>
    tx.maybeOne<{ config_white_label_id: number }>(
      'SELECT config_white_label_id FROM empresa WHERE id = $1',
      [empresaId],
    ),
  );
  if (!empresa) throw new ImportRefusal(`Empresa ${empresaId} não encontrada.`);
  const { files } = await readSchemaFiles();
  const tenants = new TenantRegistry(db, files);
  await tenants.reload();
  const schemas = (await tenants.byId(empresa.config_white_label_id))?.schemas ?? files;
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const path = resolve(values.saida ?? `empresa-${empresaId}-${stamp}.zip`);
  const out = createWriteStream(path, { flags: 'wx' });
  const manifest = await exportCompany(db, schemas, empresaId, out, (done, total, table) => {
    if (table) process.stderr.write(`\rexportando ${done + 1}/${total}: ${table.padEnd(40)}`);
  });
  out.end();
  await finished(out);
  process.stderr.write('\n');
  const linhas = manifest.tabelas.reduce((sum, t) => sum + t.linhas, 0);
  console.log(
    `${manifest.empresa.nome}: ${manifest.tabelas.length} tabelas, ${linhas} linhas, ${manifest.arquivos.length} arquivos em ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(path);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    error instanceof ImportRefusal
      ? error.message
      : code === 'EEXIST'
        ? `O arquivo de saída já existe; escolha outro com --saida.`
        : `Falha na exportação: ${(error as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await db?.close();
}
