import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopBackFilter, Where } from '../../runtime/core/loopbackFilter.ts';
import { inlineParams } from '../../runtime/server/db/database.ts';
import { buildRecordQuery } from '../../runtime/server/services/records/buildRecordQuery.ts';
import { recordEntity } from '../../runtime/server/services/records/recordEntity.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * A read costs one round trip: the token comes from the cache, and the READ ONLY transaction opens in the
 * same batch as the query (values inlined as literals) and commits without holding the answer. The answers
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
  it('a list, a count and a record by id each send one batch (and a COMMIT not waited for)', async () => {
    await get('/api/Produtos/count'); // warms the token cache
    for (const url of ['/api/Produtos?filter[limit]=5', '/api/Produtos/count?where[ativo]=true']) {
      sent.length = 0;
      const answer = await get(url);
      expect(answer.statusCode, answer.body).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sent).toHaveLength(2);
      expect(sent[0]).toMatch(/^BEGIN READ ONLY; SELECT set_config\('role', 'erp_app', true\).*; SELECT /s);
      expect(sent[1]).toBe('COMMIT');
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
