import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopBackFilter, Where } from '../../runtime/core/loopbackFilter.ts';
import { resolveEntity } from '../../runtime/core/resolveEntity.ts';
import { buildRecordQuery } from '../../runtime/server/services/records/buildRecordQuery.ts';
import { countRecords } from '../../runtime/server/services/records/countRecords.ts';
import { entityIndexes, TEXT_COLLATION } from '../../runtime/server/services/records/entityIndexes.ts';
import { type RecordEntity, recordEntity } from '../../runtime/server/services/records/recordEntity.ts';
import { explainPlan } from '../support/explainPlan.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Grid declarations become indexes (schema sync), text sorts in pt-BR, the grid's first block and its keyset
 * blocks walk those indexes as erp_app (RLS forced), and keyset pages equal offset pages on random filters.
 */
let server: TestServer;
let token: string;
let empresaId: number;
let produto: RecordEntity;
const ROWS = 20_000;

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  empresaId = (await server.db.pool.query(`SELECT empresa_id FROM usuario WHERE email = 'demo@erp.local'`))
    .rows[0].empresa_id;
  produto = recordEntity(server.tenants.schemaFiles, 'produto');
  await server.db.withSystem(async (tx) => {
    // Repeated descriptions (ties), null barcodes and prices, accents and case.
    await tx.query(
      `INSERT INTO produto (empresa_id, descricao, codigo, codigo_barras, preco_venda, custo, ativo)
       SELECT $1,
              (ARRAY['Parafuso', 'parafuso', 'Ágata', 'Agenda', 'Ácido', 'abacaxi', 'Zebra', 'Éter', 'Ervilha'])[1 + g % 9]
                || ' ' || (g % 700),
              'K' || g,
              CASE WHEN g % 4 = 0 THEN NULL ELSE lpad((g % 977)::text, 8, '0') END,
              CASE WHEN g % 5 = 0 THEN NULL ELSE (g % 300) / 4.0 END,
              (g % 50) / 2.0,
              g % 3 <> 0
         FROM generate_series(1, ${ROWS}) g`,
      [empresaId],
    );
  });
  await server.db.pool.query('VACUUM (ANALYZE) produto');
}, 120_000);
afterAll(async () => server?.close());

const get = (url: string) =>
  server.app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: token } });
const find = async (filter: LoopBackFilter) => {
  const answer = await get(`/api/Produtos?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Array<Record<string, unknown>>;
};

const INDEX = /(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\S+)/g;
const indexesOf = (plan: string) => [...plan.matchAll(INDEX)].map((match) => match[1]);
const scope = () => ({ empresaId, filialId: null, usuarioId: 0 });

describe('grid indexes and pt-BR order', () => {
  it('plans from a grid: filter-only columns by type, uncovered search fields in one trigram index, unknown paths skipped', () => {
    const files = server.tenants.schemaFiles;
    const entity = resolveEntity('produto', files);
    const plans = entityIndexes(entity, [
      {
        columns: {
          unidade: { filter: true },
          custo: { filter: true },
          marcaId: { sortable: true },
          'marca.nome': { sortable: true, filter: true },
        },
        searchFields: ['ncm', 'unidade', 'custo'],
      },
    ]);
    const byName = new Map(plans.map((plan) => [plan.name, plan]));
    expect(byName.get('idx_produto_contem_unidade')).toMatchObject({
      method: 'trigram',
      columns: ['unidade'],
    });
    expect(byName.get('idx_produto_filtro_custo')).toMatchObject({
      method: 'btree',
      columns: ['empresa_id', 'custo'],
    });
    expect(byName.get('idx_produto_ordem_marca_id')).toMatchObject({
      columns: ['empresa_id', 'marca_id', 'id'],
    });
    expect(byName.get('idx_produto_ordem_marca_id')?.collated).toBeUndefined();
    // unidade already has its own trigram index: the search index covers ncm only (custo is not text).
    expect(byName.get('idx_produto_busca_ncm')).toMatchObject({ method: 'trigram', columns: ['ncm'] });
    expect(
      plans.some((plan) => plan.name.includes('marca.nome') || plan.columns.includes('marca.nome')),
    ).toBe(false);
    // Without a grid only the display field's collated sort index is added.
    expect(entityIndexes(entity).filter((plan) => plan.name.startsWith('idx_produto_ordem_'))).toHaveLength(
      1,
    );
  });

  it('schema sync creates the grid-declared indexes: collated sort, trigram contains/search, pt-BR ICU collation', async () => {
    const { rows } = await server.db.pool.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'produto' ORDER BY indexname`,
    );
    const defs = new Map(rows.map((row) => [row.indexname as string, row.indexdef as string]));
    expect(defs.get('idx_produto_ordem_descricao')).toMatch(
      new RegExp(`\\(empresa_id, descricao COLLATE ${TEXT_COLLATION}, id\\)`),
    );
    expect(defs.get('idx_produto_ordem_preco_venda')).toMatch(/\(empresa_id, preco_venda, id\)/);
    expect(defs.get('idx_produto_ordem_codigo')).toMatch(/COLLATE/);
    // codigoBarras is a grid filter and already in the declared "busca" trigram index: no second one.
    expect([...defs.keys()].filter((name) => name.includes('contem') || name.includes('_busca_'))).toEqual(
      [],
    );
    const collation = await server.db.pool.query(
      `SELECT collprovider, colllocale FROM pg_collation WHERE collname = $1`,
      [TEXT_COLLATION],
    );
    expect(collation.rows[0]).toMatchObject({ collprovider: 'i', colllocale: 'pt-BR' });
  });

  it('text sorts in pt-BR: accents beside their letters, case second', async () => {
    const rows = await find({
      where: { descricao: { like: '% 1' } },
      order: ['descricao ASC'],
      fields: ['descricao'],
      limit: 50,
    });
    const names = [...new Set(rows.map((row) => row.descricao as string))];
    expect(names).toEqual(
      [
        'abacaxi 1',
        'Ácido 1',
        'Agenda 1',
        'Ágata 1',
        'Ervilha 1',
        'Éter 1',
        'parafuso 1',
        'Parafuso 1',
        'Zebra 1',
      ].sort((a, b) => a.localeCompare(b, 'pt-BR')),
    );
    expect(Math.abs(names.indexOf('Ágata 1') - names.indexOf('Agenda 1'))).toBe(1);
    expect(names.at(-1)).toBe('Zebra 1');
  });

  it('as erp_app the first block and the keyset blocks walk the grid indexes; contains uses the trigram index', async () => {
    const asApp = (filter: LoopBackFilter) => {
      const query = buildRecordQuery(produto, filter, scope());
      const branches = query.keyset ?? [query];
      return Promise.all(
        branches.map((branch) => explainPlan(server.db.pool, branch.sql, branch.params, { empresaId })),
      );
    };
    const first = await asApp({ order: ['descricao ASC'], limit: 100 });
    expect(indexesOf(first[0] ?? '')).toEqual(['idx_produto_ordem_descricao']);
    const next = await asApp({ order: ['descricao ASC'], limit: 100, after: ['Parafuso 300', 4321] });
    expect(next.map(indexesOf)).toEqual([['idx_produto_ordem_descricao'], ['idx_produto_ordem_descricao']]);
    const down = await asApp({ order: ['precoVenda DESC'], limit: 100, after: [40.25, 77] });
    expect(down.map(indexesOf)).toEqual([['idx_produto_ordem_preco_venda']]);
    const contains = await asApp({
      where: { descricao: { ilike: '%bacax%' } },
      order: ['descricao ASC'],
      limit: 100,
    });
    expect(contains[0]).toMatch(/Bitmap Index Scan on idx_produto_busca/);
  });
});

describe('keyset pages equal offset pages', () => {
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(next: () => number, list: T[]) => list[Math.floor(next() * list.length)] as T;

  it('on random filters, sorts and directions (ties and nulls included)', async () => {
    const next = random(19);
    const sorts = ['descricao', 'codigoBarras', 'precoVenda', 'codigo', 'id', 'ativo'];
    const wheres: Where[] = [
      {},
      { ativo: true },
      { descricao: { ilike: '%a%' } },
      { precoVenda: { between: [10, 30] } },
      { or: [{ codigoBarras: null }, { descricao: { like: 'Z%' } }] },
      { custo: { lt: 3 } },
    ];
    for (let round = 0; round < 12; round++) {
      const field = pick(next, sorts);
      const order = [`${field} ${next() < 0.5 ? 'ASC' : 'DESC'}`];
      const where = pick(next, wheres);
      const limit = pick(next, [97, 250, 700]);
      const total = Math.min(
        (await get(`/api/Produtos/count?where=${encodeURIComponent(JSON.stringify(where))}`)).json().count,
        2_400,
      );
      let after: unknown[] | undefined;
      for (let skip = 0; skip < total; skip += limit) {
        const offset = await find({ where, order, limit, skip, fields: ['id'] });
        const keyset = await find({ where, order, limit, ...(after ? { after } : {}) });
        expect(
          keyset.map((row) => row.id),
          `${JSON.stringify({ where, order, skip })}`,
        ).toEqual(offset.map((row) => row.id));
        const last = keyset.at(-1);
        if (!last) break;
        after = field === 'id' ? [last.id] : [last[field] ?? null, last.id];
      }
    }
  }, 120_000);

  it('refuses after with skip, with a multi-field order, or with the wrong number of values (400 in pt-BR)', async () => {
    const cases: Array<[LoopBackFilter, RegExp]> = [
      [{ order: ['descricao ASC'], after: ['A', 1], skip: 10 }, /after ou skip/],
      [{ order: ['descricao ASC', 'codigo ASC'], after: ['A', 1] }, /um campo/],
      [{ order: ['descricao ASC'], after: [1] }, /2 valor/],
      [{ order: ['precoVenda ASC'], after: ['muito', 1] }, /espera um número/],
    ];
    for (const [filter, message] of cases) {
      const answer = await get(`/api/Produtos?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.body).toMatch(message);
    }
    const bad = await get(`/api/Produtos?filter=${encodeURIComponent('{"after":{"x":1}}')}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('counts', () => {
  const count = (where: Where | undefined, options: { exact?: boolean; limit?: number }) =>
    server.db.withTenant(
      { empresaId },
      (tx) =>
        countRecords(
          { tx, record: produto, scope: scope(), targetOf: noTarget, lookupTarget: noTarget },
          where,
          options,
        ),
      { readOnly: true },
    );
  const noTarget = () => {
    throw new Error('no relation target in a count');
  };
  const exactly = async (where?: Where) =>
    Number(
      (
        await server.db.pool.query(
          `SELECT count(*) FROM produto WHERE empresa_id = $1${where ? ' AND ativo' : ''}`,
          [empresaId],
        )
      ).rows[0].count,
    );

  it('is exact up to the limit, an estimate flagged aproximado above it, exact on demand', async () => {
    const total = await exactly();
    expect(await count(undefined, { limit: total })).toEqual({ count: total });
    const estimate = await count(undefined, { limit: 1000 });
    expect(estimate.aproximado).toBe(true);
    expect(estimate.count).toBeGreaterThan(1000);
    // Planner estimate under the same tenant predicate: near the tenant's rows, not the table's.
    expect(Math.abs(estimate.count - total) / total).toBeLessThan(0.2);
    const filtered = await count({ ativo: true }, { limit: 1000 });
    expect(filtered.aproximado).toBe(true);
    const active = await exactly({ ativo: true });
    expect(Math.abs(filtered.count - active) / active).toBeLessThan(0.2);
    expect(await count({ ativo: true }, { exact: true, limit: 1000 })).toEqual({ count: active });
  });

  it('answers from the planner alone when its estimate is twice the limit, and counts when it is near', async () => {
    const total = await exactly();
    const statements = async (limit: number) => {
      const sent: string[] = [];
      const answer = await server.db.withTenant(
        { empresaId },
        (tx) => {
          const spy = {
            ...tx,
            query: (sql: string, params?: unknown[]) => {
              sent.push(sql);
              return tx.query(sql, params);
            },
            one: (sql: string, params?: unknown[]) => {
              sent.push(sql);
              return tx.one(sql, params);
            },
            maybeOne: (sql: string, params?: unknown[]) => {
              sent.push(sql);
              return tx.maybeOne(sql, params);
            },
          } as typeof tx;
          return countRecords(
            { tx: spy, record: produto, scope: scope(), targetOf: noTarget, lookupTarget: noTarget },
            undefined,
            { limit },
          );
        },
        { readOnly: true },
      );
      return { answer, sent: sent.filter((sql) => !sql.includes('pg_class')) };
    };
    await server.db.pool.query('ANALYZE produto');
    const far = await statements(Math.floor(total / 4));
    expect(far.answer.aproximado).toBe(true);
    expect(Math.abs(far.answer.count - total) / total).toBeLessThan(0.2);
    expect(far.sent).toHaveLength(1);
    expect(far.sent[0]).toMatch(/^EXPLAIN/);
    // A table under twice the limit skips the EXPLAIN: the capped count tells, and only when it passes the
    // limit does the estimate come (never below limit + 1).
    const near = await statements(total - 1);
    expect(near.answer.aproximado).toBe(true);
    expect(near.answer.count).toBeGreaterThanOrEqual(total);
    expect(near.answer.count / total).toBeLessThan(1.2);
    expect(near.sent.map((sql) => sql.slice(0, 12))).toEqual(['SELECT count', 'EXPLAIN (FOR']);
    const exact = await statements(total);
    expect(exact.answer).toEqual({ count: total });
    expect(exact.sent).toHaveLength(1);
  });

  it('answers LoopBack /count with aproximado and X-Contagem-Aproximada only when estimated', async () => {
    const small = await get(
      `/api/Produtos/count?where=${encodeURIComponent('{"descricao":{"like":"Zebra 1%"}}')}`,
    );
    expect(small.statusCode, small.body).toBe(200);
    expect(Object.keys(small.json())).toEqual(['count']);
    expect(small.headers['x-contagem-aproximada']).toBeUndefined();
    const exact = await get('/api/Produtos/count?exata=true');
    expect(exact.json()).toEqual({ count: await exactly() });
    const bad = await get('/api/Produtos/count?exata=talvez');
    expect(bad.statusCode).toBe(400);
  });
});
