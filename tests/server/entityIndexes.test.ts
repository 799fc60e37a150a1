import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEntity, snakeCase } from '../../runtime/core/resolveEntity.ts';
import { type SchemaFiles, validateSchemaSet } from '../../runtime/core/validateSchemaSet.ts';
import { syncEntities } from '../../runtime/server/db/syncEntities.ts';
import { buildRecordQuery } from '../../runtime/server/services/records/buildRecordQuery.ts';
import { entityIndexes } from '../../runtime/server/services/records/entityIndexes.ts';
import { recordEntity } from '../../runtime/server/services/records/recordEntity.ts';
import { explainPlan } from '../support/explainPlan.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Trigram indexes declared in entity files: planned, created by the sync, and usable under RLS. */
let server: TestServer;
let files: SchemaFiles;
let empresaId: number;
const produtoPath = 'schemas/entities/produto/produto.entity.json';

/** Files with `edit` applied to a deep copy of the produto entity file. */
function withProduto(edit: (entity: { indexes: Record<string, Record<string, unknown>> }) => void) {
  const copy = { ...files, [produtoPath]: structuredClone(files[produtoPath]) };
  edit(copy[produtoPath] as { indexes: Record<string, Record<string, unknown>> });
  return copy;
}

/**
 * The plan of `sql` as the app role sees it (RLS on, tenant set) with seq and plain index scans priced out,
 * so on this small table the choice is between bitmap scans; `setup` runs first.
 */
const planAsApp = (sql: string, params: unknown[], setup: string[] = []) =>
  explainPlan(server.db.pool, sql, params, {
    empresaId,
    setup: [...setup, 'SET LOCAL enable_seqscan = off', 'SET LOCAL enable_indexscan = off'],
  });

beforeAll(async () => {
  server = await createTestServer();
  files = server.tenants.schemaFiles;
  empresaId = (await server.db.pool.query(`SELECT empresa_id FROM usuario WHERE email = 'demo@erp.local'`))
    .rows[0].empresa_id;
  await server.db.withSystem((tx) =>
    tx.query(
      `INSERT INTO produto (empresa_id, descricao, codigo)
       SELECT $1, CASE WHEN g % 2000 = 0 THEN 'Parafuso sextavado ' ELSE 'Item genérico ' END || g, 'T' || g
         FROM generate_series(1, 40000) g`,
      [empresaId],
    ),
  );
  // VACUUM also moves the rows out of the GIN pending list, as autovacuum would.
  await server.db.pool.query('VACUUM (ANALYZE) produto');
});
afterAll(async () => server?.close());

describe('entityIndexes', () => {
  it('plans a trigram index over the text columns only, btree indexes keep the tenant column first', () => {
    const plans = entityIndexes(resolveEntity('produto', files));
    expect(plans.find((plan) => plan.name === 'idx_produto_busca')).toEqual({
      name: 'idx_produto_busca',
      unique: false,
      method: 'trigram',
      columns: ['descricao', 'codigo', 'codigo_barras'],
      fields: ['descricao', 'codigo', 'codigoBarras'],
    });
    for (const plan of plans.filter((item) => item.method === 'btree'))
      expect(plan.columns[0]).toBe('empresa_id');
  });

  it('refuses a trigram index over a non-text field, and the meta-schema a unique one', () => {
    const numeric = withProduto((entity) => {
      entity.indexes.busca = { fields: ['custo'], method: 'trigram' };
    });
    expect(() => entityIndexes(resolveEntity('produto', numeric))).toThrow(/trigram/);
    const unique = withProduto((entity) => {
      entity.indexes.busca = { fields: ['descricao'], method: 'trigram', unique: true };
    });
    expect(validateSchemaSet(unique).some((issue) => issue.file === produtoPath)).toBe(true);
    expect(validateSchemaSet(files).filter((issue) => issue.file === produtoPath)).toEqual([]);
  });
});

describe('indexes kept by the sync', () => {
  it('drop a plain btree that another btree leads with the same columns and collations; keep unique ones', () => {
    const plans = entityIndexes(resolveEntity('movimentacaoEstoque', files), [
      { columns: { data: { sortable: true }, motivo: { sortable: true, filter: true } } },
    ]);
    const names = plans.map((plan) => plan.name);
    // (empresa_id) and (empresa_id, filial_id, data) lead (empresa_id, filial_id, data, id).
    expect(names).not.toContain('idx_movimentacao_estoque_empresa');
    expect(names).not.toContain('idx_movimentacao_estoque_data');
    expect(names).toContain('idx_movimentacao_estoque_ordem_data');
    // The collated sort index does not serve an equality in the default collation: both stay.
    const saldo = entityIndexes(resolveEntity('documentoEstoqueItem', files));
    expect(saldo.find((plan) => plan.unique && plan.columns.includes('documento_estoque_id'))).toBeDefined();
    for (const plan of plans.filter((item) => item.method === 'btree' && !item.unique))
      for (const other of plans.filter((item) => item !== plan && item.method === 'btree'))
        expect(
          plan.columns.every((column, index) => other.columns[index] === column) &&
            (plan.collated ?? []).join() ===
              (other.collated ?? []).filter((c) => plan.columns.includes(c)).join(),
          `${plan.name} inside ${other.name}`,
        ).toBe(false);
  });
});

describe('the foreign key of a child collection', () => {
  it('is indexed behind the tenant columns in every child entity, and the sync created each index', async () => {
    const parents = Object.keys(files)
      .filter((path) => path.startsWith('schemas/entities/') && path.endsWith('.entity.json'))
      .map((path) => path.split('/').at(-1)?.replace('.entity.json', '') as string);
    const wanted = new Map<string, string[]>();
    for (const name of parents)
      for (const child of Object.values(resolveEntity(name, files).children)) {
        const entity = resolveEntity(child.entity, files);
        const tenant = entity.scope === 'filial' ? ['empresa_id', 'filial_id'] : ['empresa_id'];
        const columns = [...tenant, snakeCase(child.foreignKey)];
        // Its own index, or a longer one it leads (the items' unique (…, foreign key, numeroItem)).
        const plan = entityIndexes(entity).find(
          (item) =>
            item.method === 'btree' && columns.every((column, index) => item.columns[index] === column),
        );
        expect(plan, `${child.entity}.${child.foreignKey}`).toBeDefined();
        wanted.set(`${entity.table}.${plan?.name}`, columns);
      }
    expect(wanted.size).toBeGreaterThanOrEqual(8);
    const { rows } = await server.db.pool.query<{ key: string; def: string }>(
      `SELECT tablename || '.' || indexname AS key, indexdef AS def FROM pg_indexes WHERE schemaname = 'public'`,
    );
    const created = new Map(rows.map((row) => [row.key, row.def]));
    for (const [key, columns] of wanted) expect(created.get(key), key).toContain(`(${columns.join(', ')}`);
  });
});

describe('syncEntities with a trigram index', () => {
  it('created pg_trgm, the GIN index and LEAKPROOF LIKE/ILIKE/regexp, and runs none of it again', async () => {
    const { rows } = await server.db.pool.query(
      `SELECT (SELECT indexdef FROM pg_indexes WHERE indexname = 'idx_produto_busca') AS indexdef,
              (SELECT count(*)::int FROM pg_extension WHERE extname = 'pg_trgm') AS trigram,
              (SELECT array_agg(proname::text ORDER BY proname) FROM pg_proc
                WHERE proleakproof AND oid IN ('textlike(text,text)'::regprocedure, 'texticlike(text,text)'::regprocedure,
                  'textregexeq(text,text)'::regprocedure, 'texticregexeq(text,text)'::regprocedure)) AS leakproof`,
    );
    expect(rows[0]).toEqual({
      indexdef:
        'CREATE INDEX idx_produto_busca ON public.produto USING gin (descricao gin_trgm_ops, codigo gin_trgm_ops, codigo_barras gin_trgm_ops)',
      trigram: 1,
      leakproof: ['texticlike', 'texticregexeq', 'textlike', 'textregexeq'],
    });
    const again = await syncEntities(server.db, files);
    expect(again.statements.filter((sql) => /produto|pg_trgm|LEAKPROOF/.test(sql))).toEqual([]);
  });

  it('adds a newly declared trigram index on the next sync', async () => {
    const changed = withProduto((entity) => {
      entity.indexes.buscaUnidade = { fields: ['unidade'], method: 'trigram' };
    });
    const result = await syncEntities(server.db, changed);
    expect(result.statements).toContain(
      'CREATE INDEX IF NOT EXISTS "idx_produto_busca_unidade" ON "produto" USING gin ("unidade" gin_trgm_ops)',
    );
    await server.db.pool.query('DROP INDEX idx_produto_busca_unidade');
  });
});

describe('the grid searches under RLS', () => {
  const record = () => recordEntity(files, 'produto');
  const scope = () => ({ empresaId, filialId: null, usuarioId: 1 });

  it('lets the planner use the trigram index for the quick search and the starts-with filter', async () => {
    const quick = buildRecordQuery(
      record(),
      {
        where: { or: [{ descricao: { ilike: '%parafuso%' } }, { codigo: { ilike: '%parafuso%' } }] },
      },
      scope(),
      { count: true },
    );
    expect(await planAsApp(quick.sql, quick.params)).toContain('Bitmap Index Scan on idx_produto_busca');
    const prefix = buildRecordQuery(record(), { where: { descricao: { ilike: 'paraf%' } } }, scope(), {
      count: true,
    });
    expect(await planAsApp(prefix.sql, prefix.params)).toContain('Bitmap Index Scan on idx_produto_busca');
    // LoopBack's regexp (~*) is served by the same trigram index under RLS.
    const regexp = buildRecordQuery(
      record(),
      { where: { descricao: { regexp: '/sextavado 1[0-9]+/i' } } },
      scope(),
      {
        count: true,
      },
    );
    expect(await planAsApp(regexp.sql, regexp.params)).toContain('Bitmap Index Scan on idx_produto_busca');
  });

  it('could not use it with ILIKE left non-leakproof (why the sync marks it)', async () => {
    const prefix = buildRecordQuery(record(), { where: { descricao: { ilike: 'paraf%' } } }, scope(), {
      count: true,
    });
    const plan = await planAsApp(prefix.sql, prefix.params, [
      'ALTER FUNCTION pg_catalog.texticlike(text, text) NOT LEAKPROOF',
    ]);
    expect(plan).not.toContain('idx_produto_busca');
  });

  it('filters a list with a text search before sorting it (no walk down the sort index)', () => {
    const list = buildRecordQuery(
      record(),
      { where: { descricao: { ilike: 'paraf%' } }, order: ['descricao ASC'], limit: 100 },
      scope(),
    );
    expect(list.sql).toMatch(
      /FROM \(SELECT \* FROM "produto" WHERE empresa_id = \$1 AND \("descricao" ILIKE \$2\) OFFSET 0\) AS "produto" ORDER BY "descricao" COLLATE "erp_pt_br" ASC, "id" ASC LIMIT 100$/,
    );
    const plain = buildRecordQuery(record(), { where: { ativo: true }, limit: 100 }, scope());
    expect(plain.sql).not.toContain('OFFSET 0');
  });

  it('returns the same rows through the API', async () => {
    const token = await login(server.app, 'demo@erp.local');
    const get = (url: string) =>
      server.app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: token } });
    const where = { descricao: { ilike: 'PARAF%' } };
    const count = await get(`/api/Produtos/count?where=${encodeURIComponent(JSON.stringify(where))}`);
    expect(count.json()).toEqual({ count: 20 });
    const filter = { where, order: ['descricao ASC', 'id ASC'], limit: 3, fields: ['descricao'] };
    const list = await get(`/api/Produtos?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(list.json()).toEqual([
      { descricao: 'Parafuso sextavado 10000' },
      { descricao: 'Parafuso sextavado 12000' },
      { descricao: 'Parafuso sextavado 14000' },
    ]);
    const search = {
      where: { or: [{ descricao: { ilike: '%sextavado%' } }, { codigo: { ilike: '%sextavado%' } }] },
      order: ['descricao DESC'],
      limit: 2,
      skip: 1,
      fields: ['descricao', 'codigo'],
    };
    const page = await get(`/api/Produtos?filter=${encodeURIComponent(JSON.stringify(search))}`);
    expect(page.json()).toEqual([
      { descricao: 'Parafuso sextavado 6000', codigo: 'T6000' },
      { descricao: 'Parafuso sextavado 40000', codigo: 'T40000' },
    ]);
  });
});
