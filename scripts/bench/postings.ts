/**
 * Stock posting benchmark (issue 14): with LEDGER_ROWS ledger rows already present (default 1,000,000),
 * DOCS stock documents of LINES lines each (defaults 1,000 × 20) are posted (POST …/efetivar through the
 * real app, RLS and all) from CLIENTS concurrent clients (default 10); prints p50/p95/max of the posting
 * and the time of check:ledgers over the whole ledger (goal: p95 ≤ 100 ms); then (issue 15) PEDIDOS sales
 * orders (default DOCS) of LINES items are invoiced (POST …/faturar: saída, parcelas, commission) by the
 * same clients, goal p95 ≤ 100 ms. Throw-away embedded PostgreSQL. BENCH_STATEMENTS=1 also prints where
 * PostgreSQL spent each phase's time (pg_stat_statements).
 *   npx tsx scripts/bench/postings.ts      (LEDGER_ROWS=100000 DOCS=200 for a quick run)
 */
import { createDatabase } from '../../runtime/server/db/database.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { benchDatabase, statementReport } from './lib/benchDatabase.ts';
import { inProcessApp } from './lib/inProcessApp.ts';

const LEDGER_ROWS = Number(process.env.LEDGER_ROWS ?? 1_000_000);
const DOCS = Number(process.env.DOCS ?? 1_000);
const LINES = Number(process.env.LINES ?? 20);
const CLIENTS = Number(process.env.CLIENTS ?? 10);
const PRODUTOS = 1_000;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;

const database = await benchDatabase(Number(process.env.BENCH_PG_PORT ?? 55_441));
const db = createDatabase(database.url, { max: CLIENTS + 2 });
try {
  const { app, call, token } = await inProcessApp(db);
  const deposito = await call('POST', '/api/Depositos', token, { descricao: 'Bench' });
  const scope = await db.withSystem((tx) =>
    tx.one<{ empresa_id: number; filial_id: number }>(
      `SELECT empresa_id, filial_selecionada_id AS filial_id FROM usuario WHERE email = 'demo@erp.local'`,
    ),
  );

  // Ledger rows already present: PRODUTOS keys with LEDGER_ROWS/PRODUTOS entradas of 1 @ 1 each, consistent.
  let started = performance.now();
  const perKey = Math.max(1, Math.floor(LEDGER_ROWS / PRODUTOS));
  await db.withSystem(async (tx) => {
    await tx.query(
      `INSERT INTO produto (empresa_id, codigo, descricao, unidade) SELECT $1, 'B' || g, 'Produto bench ' || g, 'UN'
         FROM generate_series(1, $2::int) g`,
      [scope.empresa_id, PRODUTOS],
    );
    await tx.query(
      `INSERT INTO movimentacao_estoque (empresa_id, filial_id, produto_id, deposito_id, tipo, quantidade, custo_unitario, data,
         motivo, qtd, qtd_apos, custo_medio_apos, valor_apos, dif_valor, origem_tipo, origem_id, origem_linha)
       SELECT $1, $2, p.id, $3, 0, 1, 1, timestamptz '2025-01-01' + n * interval '1 minute', 'Carga do benchmark',
              1, n, 1, n, 1, 'bench', p.id, n
         FROM produto p, generate_series(1, $4::int) n WHERE p.empresa_id = $1 AND p.codigo LIKE 'B%'`,
      [scope.empresa_id, scope.filial_id, deposito.id, perKey],
    );
    await tx.query(
      `INSERT INTO saldo_estoque (empresa_id, filial_id, produto_id, deposito_id, fisico, custo_medio, valor, ultima_movimentacao)
       SELECT $1, $2, p.id, $3, $4::int, 1, $4::int, timestamptz '2025-01-01' + $4::int * interval '1 minute'
         FROM produto p WHERE p.empresa_id = $1 AND p.codigo LIKE 'B%'`,
      [scope.empresa_id, scope.filial_id, deposito.id, perKey],
    );
  });
  // As the owner: the app roles may not ANALYZE (as erp_system it was skipped with a warning, and every
  // plan ran without statistics).
  await db.pool.query('ANALYZE movimentacao_estoque, saldo_estoque, produto');
  const produtos = (
    await db.withSystem((tx) =>
      tx.query<{ id: number }>(
        `SELECT id FROM produto WHERE empresa_id = $1 AND codigo LIKE 'B%' ORDER BY id`,
        [scope.empresa_id],
      ),
    )
  ).map((row) => Number(row.id));
  console.log(`carga: ${perKey * PRODUTOS} movimentações em ${Math.round(performance.now() - started)} ms`);

  // DOCS documents (half entradas, half saídas) of LINES distinct products each, created beforehand.
  started = performance.now();
  const ids: number[] = [];
  for (let d = 0; d < DOCS; d++) {
    const itens = Array.from({ length: LINES }, (_, i) => ({
      numeroItem: i + 1,
      produtoId: produtos[(d * LINES + i) % produtos.length],
      quantidade: 1,
      custoUnitario: 1 + (d % 7) / 10,
    }));
    const doc = await call('POST', '/api/DocumentosEstoque', token, {
      tipo: d % 2 === 0 ? 'E' : 'S',
      data: new Date(Date.UTC(2026, 0, 1) + d * 60_000).toISOString(),
      depositoId: deposito.id,
      motivo: 'Benchmark',
      itens,
    });
    ids.push(doc.id as number);
  }
  console.log(
    `${DOCS} documentos de ${LINES} linhas criados em ${Math.round(performance.now() - started)} ms`,
  );

  const times: number[] = [];
  let next = 0;
  // What autovacuum does to a table that grew: the documents and their items have statistics.
  await db.pool.query('ANALYZE documento_estoque, documento_estoque_item');
  await statementReport(database.url, 'efetivar', { reset: true });
  started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < ids.length) {
        const id = ids[next++] as number;
        const begin = performance.now();
        await call('POST', `/api/DocumentosEstoque/${id}/efetivar`, token, {});
        times.push(performance.now() - begin);
      }
    }),
  );
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  console.log(
    `efetivar (${LINES} linhas, ${CLIENTS} clientes, ${perKey * PRODUTOS} linhas no razão): p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, máx ${(times.at(-1) ?? 0).toFixed(1)} ms, ${(ids.length / (elapsed / 1000)).toFixed(1)} documentos/s`,
  );

  await statementReport(database.url, 'efetivar');

  // Issue 15: faturar PEDIDOS sales orders of LINES items each (stock saída + 3 receivables + commission).
  const PEDIDOS = Number(process.env.PEDIDOS ?? DOCS);
  const cliente = await call('POST', '/api/Clientes', token, { nome: 'Cliente do benchmark' });
  await call('POST', '/api/Contas', token, { descricao: 'Conta do benchmark' });
  const pedidos: number[] = [];
  for (let d = 0; d < PEDIDOS; d++) {
    const pedido = await call('POST', '/api/PedidosVenda', token, {
      tipo: 0,
      clienteId: cliente.id,
      dataEmissao: '2026-03-10',
      depositoId: deposito.id,
      condicaoPagamento: '30/60/90',
      itens: Array.from({ length: LINES }, (_, i) => ({
        numeroItem: i + 1,
        produtoId: produtos[(d * LINES + i) % produtos.length],
        descricao: 'Produto bench',
        unidade: 'UN',
        quantidade: 1,
        valorUnitario: 2.5,
      })),
    });
    pedidos.push(pedido.id as number);
  }
  const faturar: number[] = [];
  let proximo = 0;
  await db.pool.query('ANALYZE pedido_venda, pedido_venda_item');
  await statementReport(database.url, 'faturar', { reset: true });
  started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (proximo < pedidos.length) {
        const id = pedidos[proximo++] as number;
        const begin = performance.now();
        await call('POST', `/api/PedidosVenda/${id}/faturar`, token, {});
        faturar.push(performance.now() - begin);
      }
    }),
  );
  const faturarElapsed = performance.now() - started;
  faturar.sort((a, b) => a - b);
  console.log(
    `faturar pedido (${LINES} itens, ${CLIENTS} clientes): p50 ${quantile(faturar, 0.5).toFixed(1)} ms, p95 ${quantile(faturar, 0.95).toFixed(1)} ms, máx ${(faturar.at(-1) ?? 0).toFixed(1)} ms, ${(pedidos.length / (faturarElapsed / 1000)).toFixed(1)} pedidos/s`,
  );

  await statementReport(database.url, 'faturar');

  started = performance.now();
  const report = await checkLedgers(db);
  console.log(
    `check:ledgers: ${report.movimentacoes} movimentações, ${report.saldos} saldos, ${report.diferencas.length} diferenças em ${Math.round(performance.now() - started)} ms`,
  );
  await app.close();
} finally {
  await db.close();
  await database.stop();
}
