import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resolveEntity } from '../../runtime/core/resolveEntity.ts';
import type { SchemaFiles } from '../../runtime/core/validateSchemaSet.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { migrate } from '../../runtime/server/db/migrate.ts';
import { syncEntities } from '../../runtime/server/db/syncEntities.ts';
import { createMailer } from '../../runtime/server/mail/createMailer.ts';
import { TenantRegistry } from '../../runtime/server/services/tenantRegistry.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Entity files → tables: idempotent, additive, safe to run concurrently; new fields reach the API. */
let server: TestServer;
let files: SchemaFiles;
const apps: FastifyInstance[] = [];
const clienteTable = () => resolveEntity('cliente', files).table;
const clientePath = 'schemas/entities/cliente/cliente.entity.json';

/** Everything of the public schema a sync could touch, in a comparable form. */
async function snapshot(query: (sql: string) => Promise<unknown[]>) {
  return {
    columns:
      await query(`SELECT table_name, column_name, data_type, character_maximum_length, numeric_precision,
        numeric_scale, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, column_name`),
    constraints:
      await query(`SELECT table_name, constraint_name, constraint_type FROM information_schema.table_constraints
       WHERE table_schema = 'public' ORDER BY table_name, constraint_name`),
    indexes: await query(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
       ORDER BY tablename, indexname`),
    policies: await query(
      `SELECT tablename, policyname, qual, with_check FROM pg_policies ORDER BY tablename, policyname`,
    ),
    rls: await query(`SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class
       WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`),
  };
}
const snapshotOf = (target: TestServer['db']) => snapshot(async (sql) => (await target.pool.query(sql)).rows);

/** Files with `edit` applied to a deep copy of one entity file. */
function withEntity(path: string, edit: (entity: Record<string, unknown>) => void): SchemaFiles {
  const copy = { ...files, [path]: structuredClone(files[path]) };
  edit(copy[path] as Record<string, unknown>);
  return copy;
}

/** An app on the test database serving `schemaFiles` (what a restart after a schema change does). */
async function appWith(schemaFiles: SchemaFiles): Promise<FastifyInstance> {
  const tenants = new TenantRegistry(server.db, schemaFiles);
  await tenants.reload();
  const mailer = createMailer({ smtpUrl: server.config.smtpUrl, mailDir: server.config.mailDir });
  const app = await buildApp({ services: { db: server.db, tenants, config: server.config, mailer } });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  server = await createTestServer();
  files = server.tenants.schemaFiles;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await server?.close();
});

describe('syncEntities on a fresh database', () => {
  const name = `t_sync_${randomBytes(4).toString('hex')}`;
  const serverUrl = () => inject('pgServerUrl');
  const url = () => serverUrl().replace(/\/postgres$/, `/${name}`);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl() });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    await migrate(url());
  });
  afterAll(async () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('creates every base table with RLS forced and the tenant policy, then runs no DDL a second time', async () => {
    const first = await syncEntities(url(), files);
    expect(first.statements.length).toBeGreaterThan(0);
    const db = createDatabase(url(), { max: 2 });
    try {
      const table = clienteTable();
      const { rows } = await db.pool.query(
        `SELECT c.relrowsecurity, c.relforcerowsecurity,
                (SELECT count(*)::int FROM pg_policies p WHERE p.tablename = c.relname) AS policies
           FROM pg_class c WHERE c.relname = $1 AND c.relkind = 'r'`,
        [table],
      );
      expect(rows).toEqual([{ relrowsecurity: true, relforcerowsecurity: true, policies: 1 }]);
      const before = await snapshotOf(db);
      const second = await syncEntities(url(), files);
      expect(second.statements).toEqual([]);
      expect(await snapshotOf(db)).toEqual(before);
    } finally {
      await db.close();
    }
  });

  it('lets several processes sync at once (advisory lock): one adds the column, the other finds it', async () => {
    const changed = withEntity(clientePath, (entity) => {
      entity.fields = {
        ...(entity.fields as object),
        codigoLegado: { type: 'string', label: 'Código legado' },
      };
    });
    const results = await Promise.all([syncEntities(url(), changed), syncEntities(url(), changed)]);
    expect(results.map((result) => result.statements.length).sort()).toEqual([0, 1]);
  });
});

describe('syncEntities on the test database', () => {
  it('is idempotent: nothing changes when the files did not', async () => {
    const before = await snapshotOf(server.db);
    expect((await syncEntities(server.db, files)).statements).toEqual([]);
    expect(await snapshotOf(server.db)).toEqual(before);
  });

  it('reports a changed field type as a warning and leaves the column as it is', async () => {
    const base = `schemas/entities/${resolveEntity('cliente', files).base}/${resolveEntity('cliente', files).base}.entity.json`;
    const changed = withEntity(base, (entity) => {
      const fields = entity.fields as Record<string, Record<string, unknown>>;
      fields.nome = { ...fields.nome, maxLength: 300 };
    });
    const before = await snapshotOf(server.db);
    const result = await syncEntities(server.db, changed);
    expect(result.statements).toEqual([]);
    expect(result.warnings.join('\n')).toContain(`${clienteTable()}.nome`);
    expect(await snapshotOf(server.db)).toEqual(before);
  });
});

describe('a field added to an entity file', () => {
  let token: string;
  let existingId: number;
  let app: FastifyInstance;
  const call = (method: string, url: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { host: 'localhost', authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    token = await login(server.app, 'demo@erp.local');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/Clientes',
      headers: { host: 'localhost', authorization: token },
      payload: { nome: 'Cliente Antigo', uf: 'SP', limiteCredito: 42 },
    });
    expect(created.statusCode).toBe(200);
    existingId = created.json().id;
  });

  it('adds the column on the next sync, keeping the existing rows', async () => {
    const changed = withEntity(clientePath, (entity) => {
      entity.fields = {
        ...(entity.fields as object),
        apelidoInterno: { type: 'string', label: 'Apelido interno', maxLength: 40 },
      };
    });
    const result = await syncEntities(server.db, changed);
    expect(result.statements).toEqual([
      `ALTER TABLE "${clienteTable()}" ADD COLUMN IF NOT EXISTS "apelido_interno" character varying(40)`,
    ]);
    const { rows } = await server.db.pool.query(
      `SELECT nome, limite_credito, apelido_interno FROM "${clienteTable()}" WHERE id = $1`,
      [existingId],
    );
    expect(rows).toEqual([{ nome: 'Cliente Antigo', limite_credito: 42, apelido_interno: null }]);
    app = await appWith(changed);
  });

  it('serves the new field through the API after the app is rebuilt', async () => {
    const created = await call('POST', '/api/Clientes', { nome: 'Cliente Novo', apelidoInterno: 'VIP' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ nome: 'Cliente Novo', apelidoInterno: 'VIP' });
    const old = await call('GET', `/api/Clientes/${existingId}`);
    expect(old.json()).toMatchObject({ nome: 'Cliente Antigo', limiteCredito: 42, apelidoInterno: null });
    const filter = encodeURIComponent(JSON.stringify({ where: { apelidoInterno: 'VIP' }, fields: ['nome'] }));
    expect((await call('GET', `/api/Clientes?filter=${filter}`)).json()).toEqual([{ nome: 'Cliente Novo' }]);
    const tooLong = await call('PATCH', `/api/Clientes/${existingId}`, { apelidoInterno: 'x'.repeat(41) });
    expect(tooLong.json().error.details.fields[0].campo).toBe('apelidoInterno');
  });
});

describe('a new related entity and a tenant patch, after sync and rebuild', () => {
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const call = (method: string, url: string, payload?: unknown, user = 'demo') =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { host: user === 'verde' ? 'verde.localhost' : 'localhost', authorization: tokens[user] },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    const changed: SchemaFiles = {
      ...withEntity(clientePath, (entity) => {
        entity.fields = {
          ...(entity.fields as object),
          rotuloId: { type: 'relation', label: 'Rótulo', relation: { entity: 'rotulo' } },
        };
      }),
      'schemas/entities/rotulo/rotulo.entity.json': {
        $schema: '../../_meta/entity.schema.json',
        name: 'rotulo',
        resource: 'Rotulos',
        label: 'Rótulo',
        labelPlural: 'Rótulos',
        gender: 'm',
        scope: 'empresa',
        permission: 'VENDAS_CLIENTES',
        display: 'nome',
        fields: { nome: { type: 'string', label: 'Nome', required: true, maxLength: 40 } },
      },
      'schemas/entities/gaveta/gaveta.entity.json': {
        $schema: '../../_meta/entity.schema.json',
        name: 'gaveta',
        resource: 'Gavetas',
        label: 'Gaveta',
        labelPlural: 'Gavetas',
        gender: 'f',
        scope: 'filial',
        permission: 'VENDAS_CLIENTES',
        fields: { nome: { type: 'string', label: 'Nome', required: true, unique: true } },
      },
      // The demo white-label requires the e-mail of a cliente; the verde one does not.
      'tenants/demo/overrides/entities/cliente/cliente.entity.json': {
        fields: { email: { required: true } },
      },
    };
    const result = await syncEntities(server.db, changed);
    expect(result.statements.join('\n')).toContain('CREATE TABLE IF NOT EXISTS "rotulo"');
    expect(result.statements.join('\n')).toContain(`"fk_${clienteTable()}_rotulo_id"`);
    app = await appWith(changed);
    tokens.demo = await login(app, 'demo@erp.local');
    tokens.verde = await login(app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  });

  it('includes the related record and checks relation ids', async () => {
    const rotulo = await call('POST', '/api/Rotulos', { nome: 'Atacado' });
    expect(rotulo.statusCode, rotulo.body).toBe(200);
    const rotuloId = rotulo.json().id;
    const created = await call('POST', '/api/Clientes', {
      nome: 'Com rótulo',
      email: 'r@x.com.br',
      rotuloId,
    });
    expect(created.statusCode, created.body).toBe(200);
    const filter = encodeURIComponent(
      JSON.stringify({ where: { id: created.json().id }, include: 'rotulo' }),
    );
    const [row] = (await call('GET', `/api/Clientes?filter=${filter}`)).json();
    expect(row).toMatchObject({ rotuloId, rotulo: { id: rotuloId, nome: 'Atacado' } });
    const unknown = encodeURIComponent(JSON.stringify({ include: 'nada' }));
    expect((await call('GET', `/api/Clientes?filter=${unknown}`)).statusCode).toBe(400);
    const missing = await call('POST', '/api/Clientes', { nome: 'X', email: 'x@x.com.br', rotuloId: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields[0]).toMatchObject({ campo: 'rotuloId' });
    const inUse = await call('DELETE', `/api/Rotulos/${rotuloId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe(
      'Este rótulo está em uso por 1 pessoa; troque o rótulo dela antes de excluir.',
    );
  });

  it("enforces a tenant patch's required field for that white-label only", async () => {
    const demo = await call('POST', '/api/Clientes', { nome: 'Sem e-mail' });
    expect(demo.statusCode).toBe(400);
    expect(demo.json().error.details.fields).toEqual([
      { campo: 'email', mensagem: 'E-mail: preenchimento obrigatório' },
    ]);
    const verde = await call('POST', '/api/Clientes', { nome: 'Sem e-mail' }, 'verde');
    expect(verde.statusCode, verde.body).toBe(200);
  });

  it('scopes a branch entity to the selected filial (RLS on filial_id)', async () => {
    const created = await call('POST', '/api/Gavetas', { nome: 'Gaveta 1' });
    expect(created.statusCode, created.body).toBe(200);
    const { id, filialId } = created.json();
    expect(filialId).toEqual(expect.any(Number));
    expect((await call('POST', '/api/Gavetas', { nome: 'Gaveta 1' })).statusCode).toBe(409);
    const switchTo = (filial: number | null) =>
      server.db.withSystem((tx) =>
        tx.query(
          `UPDATE usuario u SET filial_selecionada_id = coalesce($1::bigint,
             (SELECT id FROM filial f WHERE f.empresa_id = u.empresa_id AND f.id <> $2::bigint ORDER BY id LIMIT 1))
           WHERE email = 'demo@erp.local'`,
          [filial, filialId],
        ),
      );
    await switchTo(null);
    try {
      expect((await call('GET', '/api/Gavetas')).json()).toEqual([]);
      expect((await call('GET', `/api/Gavetas/${id}`)).json().error.message).toBe('Gaveta não encontrada.');
      expect((await call('POST', '/api/Gavetas', { nome: 'Gaveta 1' })).statusCode).toBe(200);
    } finally {
      await switchTo(filialId);
    }
    expect((await call('GET', '/api/Gavetas')).json()).toMatchObject([{ id, nome: 'Gaveta 1' }]);
  });
});
