import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Property test of the stock engine (flows.md §1): random sequences of entradas, saídas, balanços,
 * transfers (between depósitos, and between filiais through the in-transit balance: enviar, receber,
 * cancelar), cancellations and backdated movements through the API; after every step the ledger and the
 * balances satisfy E1–E9 (check:ledgers finds nothing, no balance below zero, every running balance by
 * date ≥ 0, a balanço leaves exactly the counted quantity), a refused step changes nothing and no step
 * answers anything but 200 or a pt-BR 422/409.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;
const depositos: Body[] = [];
let filialA: number;
let filialB: number;
/** The destination of transfers between filiais: a depósito of filial B. */
let norte: Body;

const api = (method: string, url: string, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: string, url: string, payload?: unknown) => {
  const response = await api(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

type Step =
  | { kind: 'E'; produto: number; deposito: number; qtd: number; custo: number; hora: number }
  | { kind: 'S'; produto: number; deposito: number; qtd: number; hora: number }
  | { kind: 'B'; produto: number; deposito: number; qtd: number; custo: number | null; hora: number }
  | { kind: 'T'; produto: number; deposito: number; qtd: number; hora: number }
  | { kind: 'F'; produto: number; deposito: number; qtd: number; hora: number; receber: boolean }
  | { kind: 'R'; pick: number }
  | { kind: 'X'; pick: number };

const qtd = fc.integer({ min: 1, max: 400 }).map((n) => n / 4);
const where = { produto: fc.integer({ min: 0, max: 1 }), deposito: fc.integer({ min: 0, max: 1 }) };
const hora = fc.integer({ min: 0, max: 240 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('E' as const),
    ...where,
    qtd,
    custo: fc.integer({ min: 1, max: 5000 }).map((c) => c / 100),
    hora,
  }),
  fc.record({ kind: fc.constant('S' as const), ...where, qtd, hora }),
  fc.record({
    kind: fc.constant('B' as const),
    ...where,
    qtd: fc.integer({ min: 0, max: 120 }).map((n) => n / 4),
    custo: fc.option(fc.integer({ min: 1, max: 5000 }).map((c) => c / 100)),
    hora,
  }),
  fc.record({ kind: fc.constant('T' as const), ...where, qtd, hora }),
  fc.record({ kind: fc.constant('F' as const), ...where, qtd, hora, receber: fc.boolean() }),
  fc.record({ kind: fc.constant('R' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('X' as const), pick: fc.nat() }),
);

const dataDe = (hora: number) => new Date(Date.UTC(2026, 4, 1, 12) + hora * 3_600_000).toISOString();

const selecionar = (filialId: number) => ok('POST', '/api/Usuarios/selecionarFilial', { filialId });

/** The ledger rows and balances of both filiais (each read with its filial selected), filial A selected after. */
async function ledgerState(produtoIds: number[]) {
  const filter = (order: string[]) =>
    encodeURIComponent(JSON.stringify({ where: { produtoId: { inq: produtoIds } }, order, limit: 1000 }));
  const rows: Body[] = [];
  const saldos: Body[] = [];
  for (const filial of [filialB, filialA]) {
    await selecionar(filial);
    rows.push(
      ...((await ok('GET', `/api/MovimentacoesEstoque?filter=${filter(['data ASC', 'id ASC'])}`)) as Body[]),
    );
    saldos.push(...((await ok('GET', `/api/SaldosEstoque?filter=${filter(['id ASC'])}`)) as Body[]));
  }
  return { rows, saldos };
}

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  depositos.push(await ok('POST', '/api/Depositos', { descricao: 'Loja' }));
  depositos.push(await ok('POST', '/api/Depositos', { descricao: 'Central' }));
  filialA = (await ok('GET', '/api/Usuarios/obterfilialselecionada')).id;
  filialB = (await ok('POST', '/api/Filiais', { nome: 'Filial Norte' })).id;
  await selecionar(filialB);
  norte = await ok('POST', '/api/Depositos', { descricao: 'Norte' });
  await selecionar(filialA);
});
afterAll(() => server?.close());

describe('stock engine properties', () => {
  it('keeps E1–E9 after every step of random document sequences', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        run++;
        const produtos = [
          await ok('POST', '/api/Produtos', {
            descricao: `Prop ${run} A`,
            codigo: `PA${run}`,
            unidade: 'UN',
          }),
          await ok('POST', '/api/Produtos', {
            descricao: `Prop ${run} B`,
            codigo: `PB${run}`,
            unidade: 'UN',
          }),
        ];
        const ids = produtos.map((p) => p.id as number);
        type Posted = { resource: string; id: number; cancel: string };
        const posted: Posted[] = [];
        /** Transfers between filiais sent and not yet received or cancelled. */
        const enviados: Posted[] = [];
        for (const s of steps) {
          const before = await ledgerState(ids);
          let response: Awaited<ReturnType<typeof api>>;
          let doc: Posted | undefined;
          if (s.kind === 'X') {
            if (posted.length === 0) continue;
            const target = posted.splice(s.pick % posted.length, 1)[0] as Posted;
            response = await api('POST', `/api/${target.resource}/${target.id}/${target.cancel}`, {});
            if (response.statusCode !== 200) posted.push(target);
            else if (enviados.includes(target)) enviados.splice(enviados.indexOf(target), 1);
          } else if (s.kind === 'R') {
            if (enviados.length === 0) continue;
            const target = enviados[s.pick % enviados.length] as Posted;
            response = await api('POST', `/api/TransferenciasFilial/${target.id}/receber`, {});
            if (response.statusCode === 200) {
              enviados.splice(enviados.indexOf(target), 1);
              posted.splice(posted.indexOf(target), 1);
            }
          } else if (s.kind === 'F') {
            const created = await ok('POST', '/api/TransferenciasFilial', {
              produtoId: ids[s.produto],
              filialOrigemId: filialA,
              depositoOrigemId: depositos[s.deposito]?.id,
              filialDestinoId: filialB,
              depositoDestinoId: norte.id,
              quantidade: s.qtd,
              data: dataDe(s.hora),
            });
            doc = { resource: 'TransferenciasFilial', id: created.id, cancel: 'cancelar' };
            response = await api('POST', `/api/TransferenciasFilial/${created.id}/enviar`, {});
            if (response.statusCode === 200 && s.receber) {
              // Transit holds at least what this transfer sent: receiving it right away always posts.
              const recebido = await api('POST', `/api/TransferenciasFilial/${created.id}/receber`, {});
              expect(recebido.statusCode, recebido.body).toBe(200);
              doc = undefined;
            } else if (response.statusCode === 200) enviados.push(doc);
          } else if (s.kind === 'T') {
            const created = await ok('POST', '/api/TransferenciasEstoque', {
              produtoId: ids[s.produto],
              depositoOrigemId: depositos[s.deposito]?.id,
              depositoDestinoId: depositos[1 - s.deposito]?.id,
              quantidade: s.qtd,
              data: dataDe(s.hora),
            });
            doc = { resource: 'TransferenciasEstoque', id: created.id, cancel: 'estornar' };
            response = await api('POST', `/api/TransferenciasEstoque/${created.id}/efetivar`, {});
          } else {
            const created = await ok('POST', '/api/DocumentosEstoque', {
              tipo: s.kind,
              data: dataDe(s.hora),
              depositoId: depositos[s.deposito]?.id,
              motivo: 'Propriedade',
              itens: [
                {
                  numeroItem: 1,
                  produtoId: ids[s.produto],
                  quantidade: s.qtd,
                  custoUnitario: s.kind === 'S' ? null : s.custo,
                },
              ],
            });
            doc = { resource: 'DocumentosEstoque', id: created.id, cancel: 'estornar' };
            response = await api('POST', `/api/DocumentosEstoque/${created.id}/efetivar`, {});
          }
          expect([200, 409, 422], response.body).toContain(response.statusCode);
          const after = await ledgerState(ids);
          if (response.statusCode !== 200) {
            expect(response.json().error.message).toMatch(/[ãçéêíóú]/);
            expect(after).toEqual(before);
            continue;
          }
          if (doc) posted.push(doc);
          // E1–E4, E7 and the in-transit balances: recomputed from the ledger by check:ledgers.
          expect((await checkLedgers(server.db)).diferencas).toEqual([]);
          // E5: no balance below zero (negative stock not allowed by default).
          for (const saldo of after.saldos) expect(saldo.fisico as number).toBeGreaterThanOrEqual(0);
          // E6: every running balance by date stays ≥ 0, per key.
          const running = new Map<string, number>();
          for (const row of after.rows) {
            const key = `${row.produtoId}/${row.depositoId}/${row.emTransito}`;
            const value = Math.round(((running.get(key) ?? 0) + (row.qtd as number)) * 1e4) / 1e4;
            running.set(key, value);
            expect(value, `saldo por data de ${key} em ${row.data}`).toBeGreaterThanOrEqual(0);
            // E8 by date: at a balanço the running balance is the counted quantity.
            if (row.balanco) expect(value).toBe(row.qtdApos);
          }
          // E8: a balanço leaves exactly the counted quantity.
          if (s.kind === 'B') {
            const saldo = after.saldos.find(
              (row) =>
                row.produtoId === ids[s.produto] &&
                row.depositoId === depositos[s.deposito]?.id &&
                !row.emTransito,
            );
            expect(saldo?.fisico).toBe(s.qtd);
          }
        }
        // E9: no accepted movement is dated before a balanço of its key posted earlier.
        const { rows } = await ledgerState(ids);
        for (const row of rows.filter((r) => !r.estornoDe)) {
          const earlierBalanco = rows.find(
            (b) =>
              b.balanco &&
              (b.id as number) < (row.id as number) &&
              b.produtoId === row.produtoId &&
              b.depositoId === row.depositoId &&
              b.emTransito === row.emTransito &&
              (b.data as string) > (row.data as string),
          );
          expect(earlierBalanco, `movimentação ${row.id} anterior ao balanço`).toBeUndefined();
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12) },
    );
  }, 600_000);

  type TransitStep =
    | { kind: 'E'; deposito: number; qtd: number; custo: number; hora: number }
    | { kind: 'F'; deposito: number; qtd: number; hora: number; receber: boolean }
    | { kind: 'R'; pick: number }
    | { kind: 'X'; pick: number };
  const transitStep: fc.Arbitrary<TransitStep> = fc.oneof(
    fc.record({
      kind: fc.constant('E' as const),
      deposito: where.deposito,
      qtd,
      custo: fc.integer({ min: 1, max: 5000 }).map((c) => c / 100),
      hora,
    }),
    fc.record({
      kind: fc.constant('F' as const),
      deposito: where.deposito,
      // Small transfers late in the period, so that most find stock (refused ones are checked too).
      qtd: fc.integer({ min: 1, max: 40 }).map((n) => n / 4),
      hora: fc.integer({ min: 200, max: 260 }),
      receber: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('R' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('X' as const), pick: fc.nat() }),
  );

  it('conserves quantity and value through transfers between filiais, in transit or received, after every step', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(transitStep, { minLength: 1, maxLength: 12 }), async (steps) => {
        run++;
        const produto = await ok('POST', '/api/Produtos', {
          descricao: `Trânsito ${run}`,
          codigo: `PT${run}`,
        });
        const ids = [produto.id as number];
        const enviados: number[] = [];
        for (const s of steps) {
          const before = await ledgerState(ids);
          let response: Awaited<ReturnType<typeof api>>;
          if (s.kind === 'R' || s.kind === 'X') {
            if (enviados.length === 0) continue;
            const [id] = enviados.splice(s.pick % enviados.length, 1);
            response = await api(
              'POST',
              `/api/TransferenciasFilial/${id}/${s.kind === 'R' ? 'receber' : 'cancelar'}`,
              {},
            );
            if (response.statusCode !== 200) enviados.push(id as number);
          } else if (s.kind === 'F') {
            const created = await ok('POST', '/api/TransferenciasFilial', {
              produtoId: produto.id,
              filialOrigemId: filialA,
              depositoOrigemId: depositos[s.deposito]?.id,
              filialDestinoId: filialB,
              depositoDestinoId: norte.id,
              quantidade: s.qtd,
              data: dataDe(s.hora),
            });
            response = await api('POST', `/api/TransferenciasFilial/${created.id}/enviar`, {});
            if (response.statusCode === 200 && s.receber) {
              const recebido = await api('POST', `/api/TransferenciasFilial/${created.id}/receber`, {});
              expect(recebido.statusCode, recebido.body).toBe(200);
            } else if (response.statusCode === 200) enviados.push(created.id);
          } else {
            const created = await ok('POST', '/api/DocumentosEstoque', {
              tipo: 'E',
              data: dataDe(s.hora),
              depositoId: depositos[s.deposito]?.id,
              motivo: 'Propriedade',
              itens: [{ numeroItem: 1, produtoId: produto.id, quantidade: s.qtd, custoUnitario: s.custo }],
            });
            response = await api('POST', `/api/DocumentosEstoque/${created.id}/efetivar`, {});
          }
          expect([200, 409, 422], response.body).toContain(response.statusCode);
          const after = await ledgerState(ids);
          if (response.statusCode !== 200) {
            expect(response.json().error.message).toMatch(/[ãçéêíóú]/);
            expect(after).toEqual(before);
            continue;
          }
          expect((await checkLedgers(server.db)).diferencas).toEqual([]);
          for (const saldo of after.saldos) expect(saldo.fisico as number).toBeGreaterThanOrEqual(0);
          // Transfers move goods and value between keys (origin, transit, destination), never create them.
          const entradas = after.rows.filter((row) => row.origemTipo === 'documentoEstoque');
          const sum = (rows: Body[], field: string) =>
            Math.round(rows.reduce((total, row) => total + (row[field] as number), 0) * 100) / 100;
          expect(sum(after.saldos, 'fisico')).toBe(sum(entradas, 'qtd'));
          expect(sum(after.saldos, 'valor')).toBe(sum(entradas, 'difValor'));
          // What is in transit is exactly what was sent and neither received nor cancelled.
          const transito = after.saldos.filter((row) => row.emTransito);
          const pendentes = enviados.length
            ? ((await ok(
                'GET',
                `/api/TransferenciasFilial?filter=${encodeURIComponent(JSON.stringify({ where: { id: { inq: enviados } } }))}`,
              )) as Body[])
            : [];
          expect(sum(transito, 'fisico')).toBe(sum(pendentes, 'quantidade'));
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12) },
    );
  }, 600_000);
});
