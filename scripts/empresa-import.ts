/**
 * `npm run empresa:import -- <arquivo.zip>`: loads a company export into this instance, where the
 * company must not exist (README "Exportar os dados de uma empresa"). All or nothing.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../runtime/server/config.ts';
import { createDatabase } from '../runtime/server/db/database.ts';
import { readSchemaFiles } from '../runtime/server/schemas/readSchemaFiles.ts';
import { cliDatabaseUrl } from '../runtime/server/services/exportacaoEmpresa/cliDatabaseUrl.ts';
import { ImportRefusal } from '../runtime/server/services/exportacaoEmpresa/ImportRefusal.ts';
import { importCompanyExport } from '../runtime/server/services/exportacaoEmpresa/importCompanyExport.ts';

const file = process.argv[2];
if (!file) {
  console.error('Informe o arquivo: npm run empresa:import -- <arquivo.zip>');
  process.exit(1);
}
const started = Date.now();
let db: ReturnType<typeof createDatabase> | undefined;
try {
  db = createDatabase(await cliDatabaseUrl(loadConfig()), { max: 2 });
  const { files } = await readSchemaFiles();
  const result = await importCompanyExport(db, files, resolve(file));
  console.log(
    `Empresa ${result.empresaId} (${result.nome}) importada: ${result.tabelas} tabelas, ${result.linhas} linhas, ` +
      `contagens e checksums conferidos com o manifesto em ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  console.log(
    'Os usuários entram com "Esqueci minha senha"; certificados A1 e credenciais precisam ser informados de novo.',
  );
} catch (error) {
  console.error(
    error instanceof ImportRefusal
      ? error.message
      : `Falha na importação (nada foi gravado): ${(error as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await db?.close();
}
