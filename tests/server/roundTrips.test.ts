import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopBackFilter, Where } from '../../runtime/core/loopbackFilter.ts';
import { createDatabase, inlineParams } from '../../runtime/server/db/database.ts';
import { buildRecordQuery } from '../../runtime/server/services/records/buildRecordQuery.ts';
import { recordEntity } from '../../runtime/server/services/records/recordEntity.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * A read costs one round trip: the token comes from the cache, and a one-query read is one message (READ
 * ONLY, tenant settings and the query with its values inlined as literals: PostgreSQL's implicit transaction). The answers
 * are the same as the parameterised transaction's on random filters, hostile text included.
 */
let server: TestServer;
let token: string;
let empresaId: number;
const sent: string[] = [];

beforeAll(async () => {
  server = await createTestServer({ config: { tokenCacheMs: 1000 } });
  token = await login(server.app, 'demo@erp.local');
  empresaId = (await server.db.pool.query(`SELECT empresa_id FROM usuario WHERE email = 'demo@erp.local'`))
    .rows[0].empresa_id;
  const texts = ["O'Brien", 'barra \\ invertida', 'aspas "duplas"', '$1 literal', 'ção; DROP TABLE x', '%_%'];
  await server.db.withSystem((tx) =>
    tx.query(
      `INSERT INTO produto (empresa_id, descricao, codigo, preco_venda, validade_dias, ativo)
       SELECT $1, (ARRAY[${texts.map((_, i) => `$${i + 2}`).join(', ')}])[1 + g % ${texts.length}] || ' ' || g, 'RT' || g,
              g / 7.0, g % 13, g % 3 = 0
         FROM generate_series(1, 300) g`,
      [empresaId, ...texts],
    ),
  );
  // Every statement a pooled connection sends, in order.
  server.db.pool.on('acquire', (client: pg.PoolClient & { counted?: boolean }) => {
    if (client.counted) return;
    client.counted = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      sent.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
      return query(...args);
    };
  });
});
afterAll(async () => server?.close());

const get = (url: string) =>
  server.app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: token } });

describe('round trips of a read', () => {
  it('a list, a count and a record by id each send one message: no BEGIN, no COMMIT', async () => {
    await get('/api/Produtos/count'); // warms the token cache
    const [{ id }] = (
      await server.db.pool.query('SELECT id FROM produto WHERE empresa_id = $1 LIMIT 1', [empresaId])
    ).rows;
    for (const url of [
      '/api/Produtos?filter[limit]=5',
      '/api/Produtos/count?where[ativo]=true',
      `/api/Produtos/${id}`,
    ]) {
      sent.length = 0;
      const answer = await get(url);
      expect(answer.statusCode, answer.body).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(
        /^SET TRANSACTION READ ONLY; SET LOCAL ROLE erp_app; SET LOCAL app.empresa_id = '\d+'.*; SELECT /s,
      );
    }
  });

  it('a read of several SELECTs sends each alone; a SELECT with a lasting effect opens a transaction', async () => {
    sent.length = 0;
    const rows = await server.db.withTenant(
      { empresaId },
      async (tx) => [
        ...(await tx.query(`SELECT current_user AS role`)),
        ...(await tx.query('SELECT current_setting($1) AS empresa, current_user AS role', [
          'app.empresa_id',
        ])),
        ...(await tx.query('SELECT pg_advisory_xact_lock(42) AS locked')),
        ...(await tx.query('SELECT count(*)::int AS locks FROM pg_locks WHERE locktype = $1', ['advisory'])),
      ],
      { readOnly: true },
    );
    expect(rows).toEqual([
      { role: 'erp_app' },
      { empresa: String(empresaId), role: 'erp_app' },
      { locked: '' },
      { locks: 1 },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(5);
    expect(sent[0]).toMatch(
      /^SET TRANSACTION READ ONLY; SET LOCAL ROLE erp_app; SET LOCAL app.empresa_id = '\d+'.*; SELECT current_user/s,
    );
    expect(sent[1]).toMatch(
      /^SET TRANSACTION READ ONLY; SET LOCAL ROLE erp_app;.*; SELECT current_setting\('app.empresa_id'\)/s,
    );
    expect(sent[2]).toMatch(
      /^BEGIN READ ONLY; SET LOCAL ROLE erp_app; SET LOCAL app.empresa_id = '\d+'.*; SELECT pg_advisory_xact_lock/s,
    );
    expect(sent[3]).toMatch(/^SELECT count/);
    expect(sent[4]).toBe('COMMIT');
  });

  it('a regexp filter keeps its SET LOCAL statement_timeout inside one READ ONLY transaction', async () => {
    sent.length = 0;
    const answer = await get('/api/Produtos?filter[where][descricao][regexp]=^O&filter[limit]=2');
    expect(answer.statusCode, answer.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent[0]).toMatch(
      /^BEGIN READ ONLY; SET LOCAL ROLE erp_app;.*; SET LOCAL statement_timeout = 3000$/s,
    );
    expect(sent.some((text) => text.startsWith('SET TRANSACTION'))).toBe(false);
    expect(sent.at(-1)).toBe('COMMIT');
  });

  it('the single-message read runs as erp_app, for the tenant, read only, and leaves nothing behind', async () => {
    const one = createDatabase(server.db.url, { max: 1 });
    try {
      const context = { empresaId, usuarioId: 1 };
      const inside = await one.withTenant(
        context,
        (tx) =>
          tx.one<{ role: string; empresa: string; readOnly: string }>(
            `SELECT current_user AS role, current_setting('app.empresa_id') AS empresa,
                    current_setting('transaction_read_only') AS "readOnly"`,
          ),
        { readOnly: true },
      );
      expect(inside).toEqual({ role: 'erp_app', empresa: String(empresaId), readOnly: 'on' });
      // A write hidden in a SELECT is refused by READ ONLY, and the failed message leaves the connection clean.
      await expect(
        one.withTenant(context, (tx) => tx.query(`SELECT nextval(pg_get_serial_sequence('marca', 'id'))`), {
          readOnly: true,
        }),
      ).rejects.toMatchObject({ code: '25006' });
      await expect(
        one.withTenant(context, (tx) => tx.query('SELECT 1 / 0'), { readOnly: true }),
      ).rejects.toMatchObject({ code: '22012' });
      const after = await one.pool.query(
        `SELECT current_user AS role, coalesce(current_setting('app.empresa_id', true), '') AS empresa,
                current_setting('transaction_read_only') AS "readOnly"`,
      );
      expect(after.rows[0]).toEqual({ role: 'postgres', empresa: '', readOnly: 'off' });
      // Row Level Security holds: another company's rows are not seen.
      const [empresa] = (
        await server.db.pool.query('SELECT id FROM empresa WHERE id <> $1 LIMIT 1', [empresaId])
      ).rows;
      await server.db.pool.query(
        `INSERT INTO produto (empresa_id, descricao, codigo) VALUES ($1, 'De outra empresa', 'RT-OUTRA')`,
        [empresa.id],
      );
      const other = await one.withTenant(
        context,
        (tx) => tx.query('SELECT id FROM produto WHERE empresa_id <> $1 LIMIT 1', [empresaId]),
        { readOnly: true },
      );
      expect(other).toEqual([]);
      expect(
        (await one.pool.query('SELECT count(*)::int AS n FROM produto WHERE empresa_id <> $1', [empresaId]))
          .rows[0].n,
      ).toBeGreaterThan(0);
    } finally {
      await one.close();
    }
  });

  it('a write still waits for its COMMIT inside a read-write transaction', async () => {
    sent.length = 0;
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/Marcas',
      headers: { host: 'localhost', authorization: token },
      payload: { descricao: 'Marca da ida e volta' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(sent.some((text) => text.startsWith('BEGIN READ ONLY'))).toBe(false);
    expect(sent.at(-1)).toBe('COMMIT');
  });
});

describe('inlined literals answer as parameters do', () => {
  it('refuses what it cannot inline exactly', () => {
    expect(inlineParams(`SELECT 'x' WHERE a = $1`, [1])).toBeUndefined();
    expect(inlineParams('SELECT $1', [new Date()])).toBeUndefined();
    expect(inlineParams('SELECT $1', [[1, 2]])).toBeUndefined();
    expect(inlineParams('SELECT $1', [Number.NaN])).toBeUndefined();
    expect(inlineParams('SELECT $2', [1])).toBeUndefined();
    expect(inlineParams('SELECT "a$1" FROM t WHERE b = $1', ["it's"])).toBe(
      `SELECT "a$1" FROM t WHERE b = 'it''s'`,
    );
    expect(inlineParams('SELECT $1, $2', ['a\\b', null])).toBe(
      // pg writes a backslash-bearing literal as ` E'…'` (with a space) and doubles the backslash.
      "SELECT  E'a\\\\b', NULL",
    );
  });

  it('gives the same rows as the parameterised transaction on random filters', async () => {
    const record = recordEntity(server.tenants.schemaFiles, 'produto');
    const scope = { empresaId, filialId: null, usuarioId: 1 };
    const words = ["O'Brien", 'barra \\ invertida', '"duplas"', '$1 literal', 'ção; DROP', '%_%', 'ç'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pick = <T>(list: T[]) => list[random(list.length)] as T;
    let answered = 0;
    for (let round = 0; round < 60; round++) {
      const conditions = [
        { descricao: { ilike: `%${pick(words)}%` } },
        { descricao: { like: `${pick(words)}%` } },
        { descricao: pick(words) },
        { precoVenda: { between: [random(20), 20 + random(30)] } },
        { validadeDias: { inq: [random(13), random(13), null] } },
        { ativo: pick([true, false, '1', 0]) },
        { codigo: { nin: [`RT${random(300)}`, `RT${random(300)}`] } },
        { descricao: { regexp: pick(['/^o.brien/i', 'invertida', '\\$1', '^ç']) } },
      ];
      const where = { or: [pick(conditions), { and: [pick(conditions), pick(conditions)] }] } as Where;
      const filter: LoopBackFilter = {
        where,
        order: [pick(['descricao ASC', 'precoVenda DESC', 'id ASC'])],
        limit: 50,
      };
      const { sql, params } = buildRecordQuery(record, filter, scope);
      const read = await server.db.withTenant({ empresaId }, (tx) => tx.query(sql, params), {
        readOnly: true,
      });
      const write = await server.db.withTenant({ empresaId }, (tx) => tx.query(sql, params));
      expect(read, JSON.stringify(filter)).toEqual(write);
      if (read.length > 0) answered++;
    }
    // The filters do select rows (hostile text among them), so equal answers mean something.
    expect(answered).toBeGreaterThan(30);
  });
});
