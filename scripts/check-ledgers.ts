/**
 * `npm run check:ledgers`: recomputes every stock balance from the append-only ledger (and the finance
 * balances and titles from movimento_financeiro and baixas) and prints the
 * differences (there must be none; exit code 1 otherwise). Reads DATABASE_URL, or the embedded PostgreSQL
 * of a running `npm start`.
 */
import { checkLedgers } from '../runtime/server/postings/checkLedgers.ts';
import { openRunningDatabase } from './lib/runningDatabase.ts';

const db = await openRunningDatabase();
if (!db) process.exit(2);
const started = performance.now();
try {
  const report = await checkLedgers(db);
  const ms = Math.round(performance.now() - started);
  for (const line of report.diferencas)
    console.log(
      `empresa ${line.empresaId} · ${line.chave} · ${line.regra}${line.movimentacaoId ? ` · movimentação ${line.movimentacaoId}` : ''}: ${line.mensagem}`,
    );
  console.log(
    `razão de estoque: ${report.movimentacoes} movimentações, ${report.saldos} saldos; razão financeiro: ${report.movimentosFinanceiros} movimentos, ${report.baixas} baixas; caixas do PDV: ${report.movimentosCaixa} movimentos, ${report.caixas} caixas; ${report.diferencas.length} diferenças (${ms} ms)`,
  );
  process.exitCode = report.diferencas.length === 0 ? 0 : 1;
} finally {
  await db.close();
}
