import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRecordQuery } from '../../runtime/server/services/records/buildRecordQuery.ts';
import { prefixRange } from '../../runtime/server/services/records/prefixRange.ts';
import { recordEntity } from '../../runtime/server/services/records/recordEntity.ts';
import { explainPlan } from '../support/explainPlan.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * "Começa com" filters bounded by their collated range (issues 19 and 25): the same rows as the pattern alone
 * whatever the case, accents and neighbours, and a list sorted by the filtered field walks its pt-BR index
 * through the range and stops at the page.
 */
let server: TestServer;
let token: string;
let empresaId: number;

const NAMES = [
  'Parafuso sextavado',
  'PARAFUSO PHILIPS',
  'parafuso de rosca',
  'Paraf',
  'paraF',
  'Parafz',
  'Paráfuso com acento',
  'Para fuso separado',
  'Parag',
  'Parae',
  'Zparafuso',
  'Arruela',
  '10 mm bucha',
  '109 prego',
  '1 0 arame',
  'Ça va',
  'cano',
  'Câmara',
  'CAMARA',
  'camisa',
  'cam',
];
const FILLER = 30_000;

const list = async (where: object, order = 'descricao ASC', page: { limit?: number; skip?: number } = {}) => {
  const filter = { where, order, limit: page.limit ?? 1000, ...(page.skip ? { skip: page.skip } : {}) };
  const answer = await server.app.inject({
    method: 'GET',
    url: `/api/Produtos?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    headers: { host: 'localhost', authorization: token },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as Array<{ descricao: string }>).map((row) => row.descricao);
};
const count = async (where: object) => {
  const answer = await server.app.inject({
    method: 'GET',
    url: `/api/Produtos/count?where=${encodeURIComponent(JSON.stringify(where))}`,
    headers: { host: 'localhost', authorization: token },
  });
  return (answer.json() as { count: number }).count;
};
let allNames: string[] = [];
/** What the pattern alone keeps among the company's produtos (this test's and the demo's). */
const expected = (prefix: string, ignoreCase: boolean) =>
  allNames
    .filter((name) =>
      ignoreCase ? name.toLowerCase().startsWith(prefix.toLowerCase()) : name.startsWith(prefix),
    )
    .sort();
/** The same filter and order in plain SQL, without the range: the order the API must give. */
const plainOrder = async (pattern: string) =>
  (
    await server.db.pool.query(
      `SELECT descricao FROM produto WHERE empresa_id = $1 AND descricao ILIKE $2
        ORDER BY descricao COLLATE erp_pt_br, id`,
      [empresaId, pattern],
    )
  ).rows.map((row: { descricao: string }) => row.descricao);

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  const { rows } = await server.db.pool.query(
    `SELECT empresa_id FROM usuario WHERE email = 'demo@erp.local'`,
  );
  empresaId = rows[0].empresa_id;
  await server.db.withSystem(async (tx) => {
    await tx.query(`INSERT INTO produto (empresa_id, descricao) SELECT $1, unnest($2::text[])`, [
      empresaId,
      NAMES,
    ]);
    await tx.query(
      `INSERT INTO produto (empresa_id, descricao)
       SELECT $1, 'Prego' || lpad(g::text, 6, '0') FROM generate_series(1, ${FILLER}) g`,
      [empresaId],
    );
  });
  await server.db.pool.query('VACUUM (ANALYZE) produto');
  allNames = (
    await server.db.pool.query('SELECT descricao FROM produto WHERE empresa_id = $1', [empresaId])
  ).rows.map((row: { descricao: string }) => row.descricao);
}, 120_000);
afterAll(async () => server?.close());

describe('prefixRange', () => {
  it('bounds plain ASCII prefixes only, lower-cased, with the successor of the last character', () => {
    expect(prefixRange('Paraf%')).toEqual({ lower: 'paraf', upper: 'parag' });
    expect(prefixRange('10%')).toEqual({ lower: '10', upper: '11' });
    for (const pattern of ['paraz%', 'a9%', '%paraf%', 'par_f%', 'Pará%', 'para f%', 'paraf', 42])
      expect(prefixRange(pattern)).toBeNull();
  });
});

describe('starts-with filters through the records API', () => {
  it.each([
    ['paraf', true],
    ['PARAF', true],
    ['Paraf', false],
    ['PARAFUSO', false],
    ['para', true],
    ['cam', true],
    ['CAM', false],
    ['10', true],
    ['1', true],
    ['Prego00012', true],
    ['prego 1', true],
  ])('"%s%%" (ignore case: %s) finds exactly what the pattern alone finds', async (prefix, ignoreCase) => {
    const where = { descricao: { [ignoreCase ? 'ilike' : 'like']: `${prefix}%` } };
    const mine = expected(prefix, ignoreCase);
    const found = await list(where);
    if (prefix !== 'prego 1') expect(mine.length).toBeGreaterThan(0);
    expect([...found].sort()).toEqual(mine);
    // The same rows sorted by another field (no index walk), and the count.
    expect((await list(where, 'id DESC')).sort()).toEqual([...found].sort());
    expect(await count(where)).toBe(found.length);
  });

  it('keeps the pt-BR order within the range', async () => {
    for (const prefix of ['paraf', 'cam', '1'])
      expect(await list({ descricao: { ilike: `${prefix}%` } })).toEqual(await plainOrder(`${prefix}%`));
    expect((await list({ descricao: { ilike: 'paraf%' } })).slice(0, 2)).toEqual(['paraF', 'Paraf']);
  });

  it('pages through the range with limit and skip as the plain order does', async () => {
    // "ca%" skips "Câmara" and "Ça va" inside its range; pages of 2 must still follow the plain order exactly.
    const all = await plainOrder('ca%');
    expect(all.length).toBeGreaterThan(3);
    const pages: string[] = [];
    for (let skip = 0; skip < all.length; skip += 2)
      pages.push(...(await list({ descricao: { ilike: 'ca%' } }, 'descricao ASC', { limit: 2, skip })));
    expect(pages).toEqual(all);
    const desc = await list({ descricao: { ilike: 'ca%' } }, 'descricao DESC', { limit: 3, skip: 1 });
    expect(desc).toEqual([...all].reverse().slice(1, 4));
  });

  it('walks the pt-BR index of the sorted field through the range as the application role', async () => {
    const record = recordEntity(server.tenants.schemaFiles, 'produto');
    const { sql, params } = buildRecordQuery(
      record,
      { where: { descricao: { ilike: 'prego0001%' } }, order: ['descricao ASC'], limit: 100 },
      { empresaId, filialId: null, usuarioId: 1 },
      { prefixRanges: true },
    );
    const plan = await explainPlan(server.db.pool, sql, params, { empresaId });
    // The page's ids from the index alone (the pattern tested on its entries), then those rows by id: the
    // only sort is of the page itself, above the primary-key lookup.
    expect(plan).toMatch(/Index Only Scan using idx_produto_ordem_descricao/);
    expect(plan).toMatch(/Index Cond: .*descricao.*>=.*descricao.*</s);
    expect(plan).toMatch(/Index Scan using produto_pkey/);
    expect(plan.match(/Sort Key/g) ?? []).toHaveLength(1);
    expect(plan).not.toMatch(/Bitmap/);
  });

  it('adds no range to a list sorted by another field, which walks its own index', async () => {
    const record = recordEntity(server.tenants.schemaFiles, 'produto');
    const { sql } = buildRecordQuery(
      record,
      { where: { descricao: { like: 'Prego0001%' } }, order: ['id ASC'], limit: 100 },
      { empresaId, filialId: null, usuarioId: 1 },
      { prefixRanges: true },
    );
    expect(sql).not.toMatch(/COLLATE "erp_pt_br" >=/);
    expect(sql).not.toMatch(/OFFSET 0\)/);
    const counted = buildRecordQuery(
      record,
      { where: { descricao: { like: 'Prego0001%' } } },
      { empresaId, filialId: null, usuarioId: 1 },
      { prefixRanges: true, count: true },
    );
    expect(counted.sql).toMatch(/COLLATE "erp_pt_br" >=/);
    const unranged = buildRecordQuery(
      record,
      { where: { descricao: { like: 'Prego0001%' } } },
      { empresaId, filialId: null, usuarioId: 1 },
      { count: true },
    );
    expect(unranged.sql).not.toMatch(/COLLATE "erp_pt_br" >=/);
  });
});
