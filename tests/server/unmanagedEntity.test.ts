import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEntity } from '../../runtime/core/resolveEntity.ts';
import { syncEntities } from '../../runtime/server/db/syncEntities.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * An unmanaged entity file (`managed: false`, schemas/entities/usuario) describes a hand-written table and
 * API for the generic screens only: the schema sync leaves the table alone and the generic records API
 * does not take over the resource.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

describe('unmanaged entity (usuario over the hand-written Usuarios API)', () => {
  it('adds no column for its fields (no plain "senha" next to the hash) and plans no DDL for it', async () => {
    const files = server.tenants.schemaFiles;
    expect(resolveEntity('usuario', files).managed).toBe(false);
    const { rows } = await server.db.pool.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'usuario'`,
    );
    const columns = rows.map((row: { column_name: string }) => row.column_name);
    expect(columns).toContain('senha_hash');
    expect(columns).not.toContain('senha');
    const again = await syncEntities(server.db, files);
    expect(again.statements.filter((sql) => /"usuario"/.test(sql))).toEqual([]);
  });

  it('is served by its own routes: the password is hashed and never returned, as the entity file says', async () => {
    const token = await login(server.app, 'demo@erp.local');
    const headers = { host: 'localhost', authorization: token };
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/Usuarios',
      headers,
      payload: { nome: 'Sofia Senha', email: 'sofia@erp.local', senha: 'segredo1', filiais: [1] },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).not.toHaveProperty('senha');
    expect(created.json()).not.toHaveProperty('senhaHash');
    const listed = await server.app.inject({ method: 'GET', url: '/api/Usuarios', headers });
    for (const user of listed.json()) expect(Object.keys(user)).not.toContain('senha');
    expect(await login(server.app, 'sofia@erp.local', 'segredo1')).toMatch(/\S{20,}/);
  });
});
