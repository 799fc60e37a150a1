import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Stock rules of flows.md §1 wired into the documents: the CPC 16 acquisition cost of an entrada by the
 * empresa's tax regime, quantities with 6 decimals (§0), lots with validade (FEFO on a saída without a lot,
 * an expired lot refused), against real PostgreSQL.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;

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
const query = (where: Body) => encodeURIComponent(JSON.stringify({ where, order: 'id ASC' }));

let deposito: Body;
let empresaId: number;
let sequence = 0;
const novoProduto = (extra: Body = {}) =>
  ok('POST', '/api/Produtos', {
    descricao: `Produto ${++sequence}`,
    codigo: `CL${sequence}`,
    unidade: 'UN',
    ...extra,
  });
const lancar = async (tipo: 'E' | 'S' | 'B', itens: Body[], data = '2026-03-10T12:00:00Z') => {
  const doc = await ok('POST', '/api/DocumentosEstoque', {
    tipo,
    data,
    depositoId: deposito.id,
    motivo: 'Teste',
    itens: itens.map((item, i) => ({ numeroItem: i + 1, ...item })),
  });
  return { doc, response: await api('POST', `/api/DocumentosEstoque/${doc.id}/efetivar`, {}) };
};
const lancado = async (tipo: 'E' | 'S' | 'B', itens: Body[], data?: string) => {
  const { doc, response } = await lancar(tipo, itens, data);
  expect(response.statusCode, response.body).toBe(200);
  return doc;
};
const saldos = async (produto: Body) =>
  (await ok('GET', `/api/SaldosEstoque?filter=${query({ produtoId: produto.id })}`)) as Body[];
const sql = async (text: string, params: unknown[]) => {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
};
const setRegime = (regime: number) =>
  sql('UPDATE empresa SET regime = $1 WHERE id = $2', [regime, empresaId]);
const setRecuperaIpi = async (value: boolean) => {
  const config = await ok('GET', '/api/ConfiguracoesGerais');
  const id = config[0]?.id;
  const saved = id
    ? await ok('PATCH', `/api/ConfiguracoesGerais/${id}`, { recuperaIpiCompras: value })
    : await ok('POST', '/api/ConfiguracoesGerais', { recuperaIpiCompras: value });
  expect(saved.recuperaIpiCompras).toBe(value);
};

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  deposito = await ok('POST', '/api/Depositos', { descricao: 'Loja' });
  empresaId = Number(deposito.empresaId);
});
afterAll(() => server?.close());

// One purchased line: 10 UN at 100.00 (1,000.00), freight 50, IPI 100, ICMS ST 30, ICMS 120, PIS 16.50,
// COFINS 76 (values of the line, as the NF-e gives them).
const compra = {
  quantidade: 10,
  custoUnitario: 100,
  frete: 50,
  ipi: 100,
  icmsSt: 30,
  icms: 120,
  pis: 16.5,
  cofins: 76,
};

describe('CPC 16 acquisition cost on entradas (flows.md §1 "custo_in")', () => {
  it('Simples Nacional: freight, IPI, ST and every tax go into the cost; the average follows', async () => {
    await setRegime(1);
    const produto = await novoProduto();
    const doc = await lancado('E', [{ produtoId: produto.id, ...compra }]);
    // Simples takes no credit: 1000 + 50 freight + 100 IPI + 30 ST = 1180 → 118.00 per unit.
    const custoIn = (1000 + 50 + 100 + 30) / 10;
    expect(await saldos(produto)).toEqual([
      expect.objectContaining({ fisico: 10, custoMedio: custoIn, valor: 1180 }),
    ]);
    const [row] = (await ok(
      'GET',
      `/api/MovimentacoesEstoque?filter=${query({ origemTipo: 'documentoEstoque', origemId: doc.id })}`,
    )) as Body[];
    expect(row).toMatchObject({ custoUnitario: custoIn, difValor: 1180 });
    // A second entrada without parts posts its typed cost: (1180 + 10 × 100) / 20.
    await lancado('E', [{ produtoId: produto.id, quantidade: 10, custoUnitario: 100 }]);
    expect((await saldos(produto))[0]).toMatchObject({
      fisico: 20,
      custoMedio: (1180 + 1000) / 20,
      valor: 2180,
    });
  });

  it('lucro real: recoverable ICMS, PIS and COFINS leave the cost; IPI too when the empresa recovers it', async () => {
    await setRegime(2);
    const produto = await novoProduto();
    await lancado('E', [{ produtoId: produto.id, ...compra }]);
    // 1000 + 50 + 100 IPI + 30 ST − 120 ICMS − 16.50 PIS − 76 COFINS = 967.50 → 96.75.
    expect((await saldos(produto))[0]).toMatchObject({ fisico: 10, custoMedio: 96.75, valor: 967.5 });

    await setRecuperaIpi(true);
    const industria = await novoProduto();
    await lancado('E', [{ produtoId: industria.id, ...compra }]);
    // The IPI credit leaves too: 967.50 − 100 = 867.50 → 86.75.
    expect((await saldos(industria))[0]).toMatchObject({ custoMedio: 86.75, valor: 867.5 });
    await setRecuperaIpi(false);
  });

  it('lucro presumido credits only ICMS; a discount and an uneven split keep 6 decimals in the average', async () => {
    await setRegime(3);
    const produto = await novoProduto();
    await lancado('E', [{ produtoId: produto.id, ...compra }]);
    // 1000 + 50 + 100 + 30 − 120 ICMS = 1060 (cumulative PIS/COFINS stay) → 106.
    expect((await saldos(produto))[0]).toMatchObject({ custoMedio: 106, valor: 1060 });
    const outro = await novoProduto();
    await lancado('E', [{ produtoId: outro.id, quantidade: 3, custoUnitario: 10, desconto: 1, frete: 2 }]);
    // 30 − 1 + 2 = 31 over 3 units: 10.333333 (6 places), value 31.00.
    expect((await saldos(outro))[0]).toMatchObject({ custoMedio: 10.333333, valor: 31 });
    await setRegime(1);
  });

  it('refuses a line whose discount and credits exceed the purchase, naming the item, posting nothing', async () => {
    await setRegime(2);
    const produto = await novoProduto();
    const { response } = await lancar('E', [
      { produtoId: produto.id, quantidade: 1, custoUnitario: 10 },
      { produtoId: produto.id, quantidade: 1, custoUnitario: 10, icms: 8, pis: 2, cofins: 5 },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'CUSTO_NEGATIVO',
      message:
        'Item 2: descontos e créditos de impostos maiores que o valor da compra deixariam o custo negativo.',
    });
    expect(await saldos(produto)).toEqual([]);
    await setRegime(1);
  });
});

describe('quantities with 6 decimals (flows.md §0)', () => {
  it('keeps 6 decimals in the document, the ledger and the balance', async () => {
    const produto = await novoProduto({ unidade: 'KG' });
    const doc = await lancado('E', [{ produtoId: produto.id, quantidade: 0.123456, custoUnitario: 50 }]);
    await lancado('S', [{ produtoId: produto.id, quantidade: 0.000001 }]);
    const [item] = await ok(
      'GET',
      `/api/DocumentosEstoqueItens?filter=${query({ documentoEstoqueId: doc.id })}`,
    );
    expect(item.quantidade).toBe(0.123456);
    expect((await saldos(produto))[0]).toMatchObject({ fisico: 0.123455, disponivel: 0.123455 });
    const rows = (await ok(
      'GET',
      `/api/MovimentacoesEstoque?filter=${query({ produtoId: produto.id })}`,
    )) as Body[];
    expect(rows.map((row) => [row.qtd, row.qtdApos])).toEqual([
      [0.123456, 0.123456],
      [-0.000001, 0.123455],
    ]);
    const scales = await sql(
      `SELECT table_name || '.' || column_name AS coluna, numeric_scale FROM information_schema.columns
        WHERE (table_name, column_name) IN (('saldo_estoque', 'fisico'), ('saldo_estoque', 'disponivel'),
              ('saldo_estoque', 'reservado'), ('saldo_estoque', 'a_receber'), ('movimentacao_estoque', 'qtd'),
              ('movimentacao_estoque', 'qtd_apos'), ('movimentacao_estoque', 'quantidade'),
              ('movimentacao_estoque', 'custo_unitario'), ('documento_estoque_item', 'quantidade'),
              ('transferencia_estoque', 'quantidade'), ('lote', 'quantidade'))`,
      [],
    );
    expect(scales).toHaveLength(11);
    for (const row of scales) expect(row, String(row.coluna)).toMatchObject({ numeric_scale: 6 });
  });
});

describe('migration 030 on a database of the 4-decimal era', () => {
  it('widens every stock quantity column to 6 decimals keeping the stored values', async () => {
    const produto = await novoProduto();
    await lancado('E', [{ produtoId: produto.id, quantidade: 2.5, custoUnitario: 3 }]);
    // Back to the old types (what migration 020 and the old schemas created), then the migration again.
    await sql(
      `ALTER TABLE saldo_estoque DROP COLUMN disponivel;
       ALTER TABLE saldo_estoque ALTER COLUMN fisico TYPE numeric(18,4), ALTER COLUMN reservado TYPE numeric(18,4),
         ALTER COLUMN a_receber TYPE numeric(18,4);
       ALTER TABLE saldo_estoque ADD COLUMN disponivel numeric(18,4) GENERATED ALWAYS AS (fisico - reservado) STORED;
       ALTER TABLE movimentacao_estoque ALTER COLUMN qtd TYPE numeric(18,4), ALTER COLUMN qtd_apos TYPE numeric(18,4),
         ALTER COLUMN quantidade TYPE numeric(18,4), ALTER COLUMN custo_unitario TYPE numeric(15,2);
       ALTER TABLE documento_estoque_item ALTER COLUMN quantidade TYPE numeric(18,4);
       ALTER TABLE lote ALTER COLUMN quantidade TYPE numeric(18,4)`,
      [],
    );
    const { readFile } = await import('node:fs/promises');
    await sql(
      await readFile(
        new URL('../../runtime/server/db/migrations/030_estoque_quantidade_6_casas.sql', import.meta.url),
        'utf8',
      ),
      [],
    );
    const scales = await sql(
      `SELECT table_name || '.' || column_name AS coluna, numeric_scale FROM information_schema.columns
        WHERE (table_name, column_name) IN (('saldo_estoque', 'fisico'), ('saldo_estoque', 'disponivel'),
              ('saldo_estoque', 'reservado'), ('saldo_estoque', 'a_receber'), ('movimentacao_estoque', 'qtd'),
              ('movimentacao_estoque', 'qtd_apos'), ('movimentacao_estoque', 'quantidade'),
              ('movimentacao_estoque', 'custo_unitario'), ('documento_estoque_item', 'quantidade'),
              ('lote', 'quantidade'))`,
      [],
    );
    expect(scales).toHaveLength(10);
    for (const row of scales) expect(row, String(row.coluna)).toMatchObject({ numeric_scale: 6 });
    expect((await saldos(produto))[0]).toMatchObject({
      fisico: 2.5,
      disponivel: 2.5,
      custoMedio: 3,
      valor: 7.5,
    });
  });
});

describe('lots with validade (flows.md E10)', () => {
  let produto: Body;
  const lotes: Record<string, Body> = {};
  beforeAll(async () => {
    produto = await novoProduto({ descricao: 'Leite integral 1 L', controlaLote: true });
    for (const [numero, validade] of [
      ['A1', '2026-04-30'],
      ['B2', '2026-03-31'],
      ['C3', '2026-03-05'],
    ] as const)
      lotes[numero] = await ok('POST', '/api/Lotes', {
        produtoId: produto.id,
        numero,
        fabricacao: '2026-01-10',
        validade,
        quantidade: 5,
      });
    await lancado(
      'E',
      Object.values(lotes).map((lote) => ({
        produtoId: produto.id,
        loteId: lote.id,
        quantidade: 5,
        custoUnitario: 4,
      })),
      '2026-02-01T12:00:00Z',
    );
  });
  const porLote = async () =>
    Object.fromEntries(
      (await saldos(produto)).map((row) => [
        Object.keys(lotes).find((numero) => lotes[numero]?.id === row.loteId),
        row.fisico,
      ]),
    );

  it('refuses a saída of an expired lot naming the lot and its validade', async () => {
    const { response } = await lancar('S', [{ produtoId: produto.id, loteId: lotes.C3?.id, quantidade: 1 }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'LOTE_VENCIDO',
      message:
        'Item 1: o lote C3 do produto Leite integral 1 L venceu em 05/03/2026: não pode sair do estoque.',
    });
    expect(await porLote()).toEqual({ A1: 5, B2: 5, C3: 5 });
  });

  it('a saída without a lot takes the valid lots first-expired-first (FEFO), skipping the expired one', async () => {
    const doc = await lancado('S', [{ produtoId: produto.id, quantidade: 7 }]);
    // C3 expired on 05/03 (the saída is on 10/03): B2 (31/03) gives its 5, then A1 (30/04) 2.
    expect(await porLote()).toEqual({ A1: 3, B2: 0, C3: 5 });
    const rows = (await ok(
      'GET',
      `/api/MovimentacoesEstoque?filter=${query({ origemTipo: 'documentoEstoque', origemId: doc.id })}`,
    )) as Body[];
    expect(rows.map((row) => [row.loteId, row.qtd, row.origemLinha])).toEqual([
      [lotes.B2?.id, -5, 10001],
      [lotes.A1?.id, -2, 10002],
    ]);
    // The document's Lançamentos tab names the lots taken.
    const tab = (await ok('GET', `/api/DocumentosEstoque/${doc.id}/lancamentos`)) as Body[];
    expect(tab.map((row) => [row.lote, row.qtd])).toEqual([
      ['B2', -5],
      ['A1', -2],
    ]);
    // More than the valid lots hold is refused naming what is missing; the expired lot does not count.
    const { response } = await lancar('S', [{ produtoId: produto.id, quantidade: 4 }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'LOTES_INSUFICIENTES',
      message:
        'Item 1: os lotes dentro da validade do produto Leite integral 1 L têm 3 UN disponíveis no depósito Loja; faltam 1 UN.',
    });
    // Cancelling the saída gives each lot back what it gave.
    await ok('POST', `/api/DocumentosEstoque/${doc.id}/estornar`, {});
    expect(await porLote()).toEqual({ A1: 5, B2: 5, C3: 5 });
  });

  it('two lines of the same product share the lots: the second takes what the first left', async () => {
    const queijo = await novoProduto({ descricao: 'Queijo minas', controlaLote: true });
    const antes = await ok('POST', '/api/Lotes', {
      produtoId: queijo.id,
      numero: 'Q1',
      fabricacao: '2026-01-10',
      validade: '2026-03-20',
      quantidade: 5,
    });
    const depois = await ok('POST', '/api/Lotes', {
      produtoId: queijo.id,
      numero: 'Q2',
      fabricacao: '2026-01-10',
      validade: '2026-05-20',
      quantidade: 5,
    });
    await lancado(
      'E',
      [depois, antes].map((lote) => ({
        produtoId: queijo.id,
        loteId: lote.id,
        quantidade: 5,
        custoUnitario: 9,
      })),
      '2026-02-01T12:00:00Z',
    );
    await lancado('S', [
      { produtoId: queijo.id, quantidade: 4 },
      { produtoId: queijo.id, quantidade: 2 },
    ]);
    const fisico = Object.fromEntries((await saldos(queijo)).map((row) => [row.loteId, row.fisico]));
    // Line 1 takes 4 of Q1 (first to expire); line 2 the last 1 of Q1 and 1 of Q2.
    expect(fisico).toEqual({ [String(antes.id)]: 0, [String(depois.id)]: 4 });
  });
  it('two saídas racing for the same lot: the second takes the next lot instead of being refused', async () => {
    const iogurte = await novoProduto({ descricao: 'Iogurte natural', controlaLote: true });
    const novoLote = (numero: string, validade: string) =>
      ok('POST', '/api/Lotes', {
        produtoId: iogurte.id,
        numero,
        fabricacao: '2026-01-10',
        validade,
        quantidade: 5,
      });
    const [l1, l2] = [await novoLote('L1', '2026-03-31'), await novoLote('L2', '2026-04-30')];
    await lancado(
      'E',
      [l1, l2].map((lote) => ({ produtoId: iogurte.id, loteId: lote?.id, quantidade: 5, custoUnitario: 2 })),
      '2026-02-01T12:00:00Z',
    );
    // Another transaction holds L1's balance: both saídas read it as available and then queue on its lock.
    const holder = new pg.Client({ connectionString: server.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM saldo_estoque WHERE lote_id = $1 FOR UPDATE', [l1.id]);
      const docs = [];
      for (let i = 0; i < 2; i++)
        docs.push(
          await ok('POST', '/api/DocumentosEstoque', {
            tipo: 'S',
            data: '2026-03-10T12:00:00Z',
            depositoId: deposito.id,
            motivo: 'Teste',
            itens: [{ numeroItem: 1, produtoId: iogurte.id, quantidade: 5 }],
          }),
        );
      const both = Promise.all(
        docs.map((doc) => api('POST', `/api/DocumentosEstoque/${doc.id}/efetivar`, {})),
      );
      for (let waited = 0; ; waited += 20) {
        const [row] = (
          await holder.query(
            // pg_locks is read live (pg_stat_activity would be one snapshot for the whole transaction).
            'SELECT count(DISTINCT pid)::int AS n FROM pg_locks WHERE NOT granted',
          )
        ).rows;
        if (row.n >= 2) break;
        if (waited > 10_000) throw new Error('the two saídas never both waited for the lot lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await holder.query('COMMIT');
      const responses = await both;
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    } finally {
      await holder.end();
    }
    const porLoteIogurte = Object.fromEntries(
      (await saldos(iogurte)).map((row) => [row.loteId === l1.id ? 'L1' : 'L2', row.fisico]),
    );
    expect(porLoteIogurte).toEqual({ L1: 0, L2: 0 });
  });
});

describe('posting cost', () => {
  /** Statements the transition's transaction runs (the app's own Database object, wrapped). */
  const statementsOf = async (run: () => Promise<unknown>) => {
    const db = server.db as unknown as { withTenant: (...args: unknown[]) => Promise<unknown> };
    const original = db.withTenant;
    let statements = 0;
    db.withTenant = (context: unknown, fn: unknown, options: unknown) =>
      original.call(
        server.db,
        context,
        (tx: Record<string, (...args: unknown[]) => unknown>) =>
          (fn as (tx: unknown) => unknown)(
            new Proxy(tx, {
              get: (target, name) =>
                ['query', 'one', 'maybeOne'].includes(String(name))
                  ? (...args: unknown[]) => {
                      statements++;
                      return target[String(name)]?.(...args);
                    }
                  : target[String(name)],
            }),
          ),
        options,
      );
    try {
      await run();
    } finally {
      db.withTenant = original;
    }
    return statements;
  };
  const efetivar =
    (itens: Body[], tipo = 'S') =>
    async () => {
      const doc = await ok('POST', '/api/DocumentosEstoque', {
        tipo,
        data: '2026-03-10T12:00:00Z',
        depositoId: deposito.id,
        motivo: 'Teste',
        itens: itens.map((item, i) => ({ numeroItem: i + 1, ...item })),
      });
      const response = await api('POST', `/api/DocumentosEstoque/${doc.id}/efetivar`, {});
      expect(response.statusCode, response.body).toBe(200);
    };

  it('a saída, with or without lots taken by FEFO, runs as many statements as an entrada (no lookup of its own)', async () => {
    const simples = await novoProduto();
    const comLote = await novoProduto({ controlaLote: true });
    const lote = await ok('POST', '/api/Lotes', {
      produtoId: comLote.id,
      numero: 'F1',
      fabricacao: '2026-01-01',
      validade: '2026-12-31',
      quantidade: 9,
    });
    await lancado(
      'E',
      [
        { produtoId: simples.id, quantidade: 9, custoUnitario: 1 },
        { produtoId: comLote.id, loteId: lote.id, quantidade: 9, custoUnitario: 1 },
      ],
      '2026-02-01T12:00:00Z',
    );
    const entrada = await statementsOf(
      efetivar([{ produtoId: simples.id, quantidade: 1, custoUnitario: 1 }], 'E'),
    );
    const semLotes = await statementsOf(efetivar([{ produtoId: simples.id, quantidade: 2 }]));
    const fefo = await statementsOf(efetivar([{ produtoId: comLote.id, quantidade: 2 }]));
    expect(entrada).toBeGreaterThan(0);
    expect(semLotes).toBe(entrada);
    expect(fefo).toBe(entrada);
    expect((await saldos(comLote))[0]).toMatchObject({ loteId: lote.id, fisico: 7 });
  });
});
