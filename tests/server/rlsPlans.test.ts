import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopBackFilter, Where } from '../../runtime/core/loopbackFilter.ts';
import { buildRecordQuery } from '../../runtime/server/services/records/buildRecordQuery.ts';
import { type RecordEntity, recordEntity } from '../../runtime/server/services/records/recordEntity.ts';
import { explainPlan } from '../support/explainPlan.ts';
import { createTestServer, type TestServer } from '../support/testServer.ts';

/**
 * Every filter the records API compiles keeps its plan under RLS: for each column type × operator × with and
 * without an order, `EXPLAIN` as the application role (RLS forced, tenant set) must use every index the
 * superuser's plan (no RLS) uses. A non-leakproof comparison fails this: it cannot be an index condition and
 * hides the column's statistics, so the app's plan falls back to scanning the tenant (syncEntities marks the
 * reviewed ones LEAKPROOF).
 */
let server: TestServer;
let empresaId: number;
let produto: RecordEntity;
let lote: RecordEntity;
const ROWS = 30_000;

const INDEX = /(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\S+)/g;
const indexesOf = (plan: string) => new Set([...plan.matchAll(INDEX)].map((match) => match[1]));

const plan = (sql: string, params: unknown[], asApp: boolean) =>
  explainPlan(server.db.pool, sql, params, asApp ? { empresaId } : {});

beforeAll(async () => {
  server = await createTestServer();
  const { rows } = await server.db.pool.query(
    `SELECT empresa_id FROM usuario WHERE email = 'demo@erp.local'`,
  );
  empresaId = rows[0].empresa_id;
  const schemas = server.tenants.schemaFiles;
  produto = recordEntity(schemas, 'produto');
  lote = recordEntity(schemas, 'lote');
  await server.db.withSystem(async (tx) => {
    await tx.query(
      `INSERT INTO produto (empresa_id, descricao, codigo, preco_venda, validade_dias, ativo, criado_em)
       SELECT $1, 'Item ' || lpad(g::text, 6, '0'), 'C' || g, g / 100.0, g % 5000, g % 500 = 0,
              timestamptz '2026-01-01' + g * interval '1 minute'
         FROM generate_series(1, ${ROWS}) g`,
      [empresaId],
    );
    await tx.query(
      `INSERT INTO lote (empresa_id, produto_id, numero, validade, quantidade)
       SELECT p.empresa_id, p.id, 'L' || p.id, date '2026-01-01' + (p.id % 3000)::int, 1
         FROM produto p WHERE p.empresa_id = $1`,
      [empresaId],
    );
  });
  // Indexes a white-label would declare on the columns filtered by value (the shipped schemas have some).
  for (const column of ['preco_venda', 'validade_dias', 'criado_em', 'ativo'])
    await server.db.pool.query(`CREATE INDEX ON produto (empresa_id, ${column})`);
  await server.db.pool.query('VACUUM (ANALYZE) produto, lote');
}, 120_000);
afterAll(async () => server?.close());

/** field → operator conditions, each selective enough that an index pays. */
const CASES: Array<[() => RecordEntity, string, Array<[string, unknown]>]> = [
  [
    () => produto,
    'precoVenda',
    [
      ['eq', 123.45],
      ['neq', 123.45],
      ['gt', 299.5],
      ['gte', 299.5],
      ['lt', 0.5],
      ['lte', 0.5],
      ['between', [100, 100.5]],
      ['inq', [1.5, 2.5, 3.5]],
      ['nin', [1.5, 2.5]],
    ],
  ],
  [
    () => produto,
    'validadeDias',
    [
      ['eq', 17],
      ['neq', 17],
      ['gt', 4995],
      ['gte', 4995],
      ['lt', 3],
      ['lte', 3],
      ['between', [10, 12]],
      ['inq', [1, 2]],
      ['nin', [1, 2]],
    ],
  ],
  [
    () => produto,
    'codigo',
    [
      ['eq', 'C123'],
      ['neq', 'C123'],
      ['gt', 'C9998'],
      ['lt', 'C10'],
      ['between', ['C2000', 'C2001']],
      ['inq', ['C1', 'C2']],
      ['nin', ['C1', 'C2']],
      ['like', 'C1234%'],
      ['nlike', 'C1%'],
      ['ilike', '%c12345%'],
      ['nilike', '%c1%'],
      ['regexp', '/^c1234[0-9]/i'],
    ],
  ],
  [
    () => produto,
    'criadoEm',
    [
      ['eq', '2026-01-05T10:00:00Z'],
      ['gt', '2026-01-21T12:00:00Z'],
      ['lt', '2026-01-01T02:00:00Z'],
      ['between', ['2026-01-10T00:00:00Z', '2026-01-10T01:00:00Z']],
    ],
  ],
  [
    () => produto,
    'ativo',
    [
      ['eq', true],
      ['neq', false],
    ],
  ],
  [
    () => lote,
    'validade',
    [
      ['eq', '2026-03-01'],
      ['gt', '2034-03-01'],
      ['lt', '2026-01-03'],
      ['between', ['2027-01-01', '2027-01-02']],
      ['inq', ['2026-02-01', '2026-02-02']],
    ],
  ],
];

const rows = CASES.flatMap(([entity, field, conditions]) =>
  conditions.flatMap(([op, value]) =>
    [false, true].map((ordered) => ({ entity, field, op, value, ordered })),
  ),
);

describe('filters keep their plans under RLS (EXPLAIN as erp_app vs the superuser)', () => {
  it.each(rows)('$field $op $value (order: $ordered)', async ({ entity, field, op, value, ordered }) => {
    const where = { [field]: { [op]: value } } as Where;
    const order = entity() === lote ? 'numero ASC' : 'descricao ASC';
    const filter: LoopBackFilter = { where, limit: 100, ...(ordered ? { order: [order] } : {}) };
    const scope = { empresaId, filialId: null, usuarioId: 1 };
    const { sql, params } = buildRecordQuery(entity(), filter, scope);
    const superuser = await plan(sql, params, false);
    const app = await plan(sql, params, true);
    const missing = [...indexesOf(superuser)].filter((index) => !indexesOf(app).has(index));
    expect(missing, `superuser:\n${superuser}\n\nerp_app:\n${app}`).toEqual([]);
  });

  it('would lose the plan of a numeric range without the LEAKPROOF marking', async () => {
    const filter: LoopBackFilter = {
      where: { precoVenda: { between: [100, 100.5] } },
      order: ['descricao ASC'],
      limit: 100,
    };
    const { sql, params } = buildRecordQuery(produto, filter, { empresaId, filialId: null, usuarioId: 1 });
    const unmarked = await explainPlan(server.db.pool, sql, params, {
      empresaId,
      setup: ['numeric_ge', 'numeric_le'].map(
        (name) => `ALTER FUNCTION pg_catalog.${name}(numeric, numeric) NOT LEAKPROOF`,
      ),
    });
    expect(indexesOf(unmarked).has('produto_empresa_id_preco_venda_idx')).toBe(false);
    expect(indexesOf(await plan(sql, params, true)).has('produto_empresa_id_preco_venda_idx')).toBe(true);
  });
});
