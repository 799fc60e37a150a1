/**
 * Finance posting benchmark (issue 16): with MOV_ROWS movements already in the ledger of one bank account
 * (default 200,000), BAIXAS baixas (default 1,000; every other one settles two titles at once, partially) are
 * posted through POST /api/Lancamentos/baixar from CLIENTS concurrent clients (default 10) on the same
 * account — the hot row every baixa locks — then ESTORNOS of them are reversed (POST /api/Baixas/{id}/estornar);
 * prints p50/p95/max of each, a one-month extrato with its running balance, and the check:ledgers time.
 * Throw-away embedded PostgreSQL.
 *   npx tsx scripts/bench/baixas.ts      (MOV_ROWS=20000 BAIXAS=200 for a quick run)
 */
import { createDatabase } from '../../runtime/server/db/database.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { benchDatabase } from './lib/benchDatabase.ts';
import { inProcessApp } from './lib/inProcessApp.ts';

const MOV_ROWS = Number(process.env.MOV_ROWS ?? 200_000);
const BAIXAS = Number(process.env.BAIXAS ?? 1_000);
const ESTORNOS = Number(process.env.ESTORNOS ?? Math.floor(BAIXAS / 5));
const CLIENTS = Number(process.env.CLIENTS ?? 10);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
const figures = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${label}: n=${sorted.length} p50=${quantile(sorted, 0.5).toFixed(1)} ms p95=${quantile(sorted, 0.95).toFixed(1)} ms max=${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
  );
};

const database = await benchDatabase(Number(process.env.BENCH_PG_PORT ?? 55_442));
const db = createDatabase(database.url, { max: CLIENTS + 2 });
try {
  const { app, call, token } = await inProcessApp(db);
  const conta = await call('POST', '/api/Contas', token, {
    descricao: 'Banco bench',
    saldoInicial: 1000,
    dataSaldoInicial: '2024-01-01',
  });
  const scope = await db.withSystem((tx) =>
    tx.one<{ empresa_id: number; filial_id: number }>(
      `SELECT empresa_id, filial_selecionada_id AS filial_id FROM usuario WHERE email = 'demo@erp.local'`,
    ),
  );
  let started = performance.now();
  const titulos = BAIXAS * 2;
  await db.withSystem(async (tx) => {
    await tx.query(
      `INSERT INTO movimento_financeiro (empresa_id, filial_id, conta_id, data, valor, descricao, origem_tipo, origem_id,
              origem_linha)
       SELECT $1, $2, $3, date '2024-01-01' + (n % 700), 1, 'Carga do benchmark', 'avulso', 1000000000 + n, 1
         FROM generate_series(1, $4::int) n`,
      [scope.empresa_id, scope.filial_id, conta.id, MOV_ROWS],
    );
    await tx.query('UPDATE conta SET movimentado = movimentado + $2::int WHERE id = $1', [
      conta.id,
      MOV_ROWS,
    ]);
    await tx.query(
      `INSERT INTO lancamento (empresa_id, filial_id, tipo, descricao, conta_id, valor, data_vencimento, parcela,
              total_parcelas, situacao)
       SELECT $1, $2, 1, 'Título bench ' || n, $3, 100, date '2026-03-01', 1, 1, 0 FROM generate_series(1, $4::int) n`,
      [scope.empresa_id, scope.filial_id, conta.id, titulos],
    );
  });
  console.log(
    `carga: ${MOV_ROWS} movimentos e ${titulos} títulos em ${Math.round(performance.now() - started)} ms`,
  );
  const ids = (
    await db.withSystem((tx) =>
      tx.query<{ id: string }>(`SELECT id FROM lancamento WHERE descricao LIKE 'Título bench %' ORDER BY id`),
    )
  ).map((row) => Number(row.id));

  const run = async <T>(count: number, fn: (i: number) => Promise<T>) => {
    const times: number[] = [];
    let next = 0;
    const results: T[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < count) {
          const i = next++;
          const t0 = performance.now();
          results[i] = await fn(i);
          times.push(performance.now() - t0);
        }
      }),
    );
    return { times, results };
  };
  const baixas = await run(BAIXAS, (i) => {
    const itens =
      i % 2 === 0
        ? [{ lancamentoId: ids[i * 2] as number, principal: 40, juros: 2 }]
        : [
            { lancamentoId: ids[i * 2] as number, principal: 100, desconto: 1.5 },
            { lancamentoId: ids[i * 2 + 1] as number, principal: 60.25, multa: 2 },
          ];
    return call('POST', '/api/Lancamentos/baixar', token, { data: '2026-03-10', contaId: conta.id, itens });
  });
  figures(`baixar (${CLIENTS} clientes, mesma conta)`, baixas.times);
  const baixaIds = baixas.results.flatMap((r) =>
    (r as { baixas: Array<{ id: number }> }).baixas.map((b) => b.id),
  );
  const estornos = await run(Math.min(ESTORNOS, baixaIds.length), (i) =>
    call('POST', `/api/Baixas/${baixaIds[i]}/estornar`, token, {}),
  );
  figures(`estornar (${CLIENTS} clientes)`, estornos.times);
  const extrato = await run(20, () =>
    call('GET', `/api/Contas/${conta.id}/extrato?inicio=2025-11-01&fim=2025-11-30`, token),
  );
  figures('extrato de um mês (saldo anterior sobre o razão inteiro)', extrato.times);
  started = performance.now();
  const report = await checkLedgers(db);
  console.log(
    `check:ledgers: ${report.movimentosFinanceiros} movimentos, ${report.baixas} baixas, ${report.diferencas.length} diferenças em ${Math.round(performance.now() - started)} ms`,
  );
  await app.close();
} finally {
  await db.close();
  await database.stop();
}
