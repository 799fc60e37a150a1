/**
 * `npm run check:ledgers`: recomputes every stock balance from the append-only ledger (and the finance
 * balances and titles from movimento_financeiro and baixas) and prints the
 * differences (there must be none; exit code 1 otherwise). Reads DATABASE_URL, or the embedded PostgreSQL
 * of a running `npm start`.
 */
import { join } from 'node:path';
import { loadConfig } from '../runtime/server/config.ts';
import { createDatabase } from '../runtime/server/db/database.ts';
import { embeddedDatabaseUrl, readInstanceLock } from '../runtime/server/db/startEmbeddedPostgres.ts';
import { checkLedgers } from '../runtime/server/postings/checkLedgers.ts';

const config = loadConfig();
const running = config.databaseUrl ? null : await readInstanceLock(join(config.dataDir, 'pg'));
if (!config.databaseUrl && !running) {
  console.error('Nenhum banco em execução: inicie com npm start ou defina DATABASE_URL.');
  process.exit(2);
}
const databaseUrl =
  config.databaseUrl ?? embeddedDatabaseUrl(running?.pgPort ?? config.embeddedPgPort, 'erp');
const db = createDatabase(databaseUrl, { max: 2 });
const started = performance.now();
try {
  const report = await checkLedgers(db);
  const ms = Math.round(performance.now() - started);
  for (const line of report.diferencas)
    console.log(
      `empresa ${line.empresaId} · ${line.chave} · ${line.regra}${line.movimentacaoId ? ` · movimentação ${line.movimentacaoId}` : ''}: ${line.mensagem}`,
    );
  console.log(
    `razão de estoque: ${report.movimentacoes} movimentações, ${report.saldos} saldos; razão financeiro: ${report.movimentosFinanceiros} movimentos, ${report.baixas} baixas; ${report.diferencas.length} diferenças (${ms} ms)`,
  );
  process.exitCode = report.diferencas.length === 0 ? 0 : 1;
} finally {
  await db.close();
}
