/**
 * Frente de caixa benchmark (issue 17 PDV): against the local fake SEFAZ (mutual TLS, XSD and signature checked
 * by the fake in this process), TERMINAIS terminals (default 4) each with an open caixa sell VENDAS sales each
 * (default 50; two items, card + cash with troco) one after another as a counter does, all terminals at once:
 * p50/p95/max of the priced preview (…/vendas/previa) and of the sale — posting (NFC-e document, stock, cash
 * rows) and the synchronous NFC-e authorisation — then the fechamento and the check:ledgers time.
 * Throw-away embedded PostgreSQL.
 *   npx tsx scripts/bench/pdv.ts      (TERMINAIS=1 VENDAS=20 for a quick run)
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { entradaEstoque } from '../../tests/support/entradaEstoque.ts';
import { prepararPdv } from '../../tests/support/pdvFixture.ts';
import { iniciarFakeSefaz } from '../lib/fakeSefaz.ts';
import { benchDatabase } from './lib/benchDatabase.ts';
import { inProcessApp } from './lib/inProcessApp.ts';

const TERMINAIS = Number(process.env.TERMINAIS ?? 4);
const VENDAS = Number(process.env.VENDAS ?? 50);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
const figures = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${label}: n=${sorted.length} p50=${quantile(sorted, 0.5).toFixed(1)} ms p95=${quantile(sorted, 0.95).toFixed(1)} ms max=${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
  );
};

const fake = await iniciarFakeSefaz();
const caFile = join(mkdtempSync(join(tmpdir(), 'bench-pdv-')), 'ca.pem');
writeFileSync(caFile, fake.caPem);
process.env.SEFAZ_URL_BASE = fake.url;
process.env.SEFAZ_CA_FILE = caFile;
const database = await benchDatabase(Number(process.env.BENCH_PG_PORT ?? 55_446));
const db = createDatabase(database.url, { max: TERMINAIS * 2 + 2 });
try {
  const { app, call, token } = await inProcessApp(db);
  const ok = (method: string, url: string, payload?: unknown) => call(method, url, token, payload);
  const system = <T>(sql: string, params: unknown[] = []) =>
    db.withSystem((tx) => tx.query<T & Record<string, unknown>>(sql, params));
  const fx = await prepararPdv(ok, system, fake);
  for (const produto of fx.produtos)
    await entradaEstoque(ok, {
      depositoId: fx.depositoId,
      produtoId: produto.id,
      quantidade: 100_000,
      custoUnitario: 3,
    });
  const caixas: number[] = [];
  for (let t = 0; t < TERMINAIS; t++) {
    const pdv =
      t === 0
        ? { id: fx.pdvId }
        : await ok('POST', '/api/Pdvs', {
            descricao: `Caixa ${t + 1}`,
            serie: 7 + t,
            depositoId: fx.depositoId,
          });
    const operador =
      t === 0
        ? { id: fx.operadorId }
        : await ok('POST', '/api/OperadoresPdv', { nome: `Operador ${t + 1}`, codigo: `OP${t + 1}` });
    const caixa = await ok('POST', '/api/Caixas/abrir', {
      pdvId: pdv.id,
      operadorPdvId: operador.id,
      valorAbertura: 100,
    });
    caixas.push(Number(caixa.id));
  }
  const itens = [
    { codigo: fx.produtos[0]!.codigoBarras, quantidade: 1 },
    { codigo: fx.produtos[1]!.codigo, quantidade: 2 },
  ];
  const previas: number[] = [];
  const vendas: number[] = [];
  let autorizadas = 0;
  const started = performance.now();
  await Promise.all(
    caixas.map(async (caixaId, t) => {
      for (let i = 0; i < VENDAS; i++) {
        let inicio = performance.now();
        await ok('POST', `/api/Caixas/${caixaId}/vendas/previa`, { itens });
        previas.push(performance.now() - inicio);
        inicio = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: `/api/Caixas/${caixaId}/vendas`,
          headers: { host: 'localhost', authorization: token, 'idempotency-key': `bench-${t}-${i}` },
          payload: {
            itens,
            pagamentos: [
              { formaPagamentoId: fx.cartaoId, valor: 20 },
              { formaPagamentoId: fx.dinheiroId, valor: 20 },
            ],
          },
        });
        vendas.push(performance.now() - inicio);
        if (response.statusCode !== 200) throw new Error(`venda: ${response.statusCode} ${response.body}`);
        if (response.json().nfce?.situacao === 1) autorizadas += 1;
      }
    }),
  );
  const total = performance.now() - started;
  console.log(
    `${TERMINAIS} terminais × ${VENDAS} vendas em ${Math.round(total)} ms; ${autorizadas} NFC-e autorizadas`,
  );
  figures('prévia (itens com preço)', previas);
  figures('venda (lançamento + NFC-e autorizada)', vendas);
  let inicio = performance.now();
  for (const caixaId of caixas) await ok('POST', `/api/Caixas/${caixaId}/fechar`, { contado: [] });
  console.log(`fechamentos: ${Math.round(performance.now() - inicio)} ms`);
  inicio = performance.now();
  const report = await checkLedgers(db);
  console.log(
    `check:ledgers: ${report.movimentosCaixa} movimentos de caixa, ${report.diferencas.length} diferenças, ${Math.round(performance.now() - inicio)} ms`,
  );
  await app.close();
} finally {
  await db.close();
  await database.stop();
  await fake.close();
}
// The app's job queue and timers would keep the process alive: the figures are printed, stop here.
process.exit(0);
