import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * A white-label's own operator (master, not platform staff) acts on that white-label only: another
 * white-label's configuration, logo, plans and users are out of reach; creating white-labels is for the
 * platform staff (isAvanco).
 */
let server: TestServer;
let demoId: number;
let verdeId: number;
let verdeMaster: string;
let staff: string;

const call = (method: string, url: string, token: string, payload?: unknown, host = 'localhost') =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host, authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  server = await createTestServer();
  const rows = await server.db.withSystem((tx) =>
    tx.query<{ id: number; slug: string }>('SELECT id, slug FROM config_white_label'),
  );
  demoId = rows.find((row) => row.slug === 'demo')?.id as number;
  verdeId = rows.find((row) => row.slug === 'verde')?.id as number;
  await server.db.withSystem((tx) =>
    tx.query(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`),
  );
  verdeMaster = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  staff = await login(server.app, 'admin@erp.local');
});
afterAll(async () => server?.close());

describe('white-label operators', () => {
  it("change their own white-label's configuration but not another's", async () => {
    const own = await call(
      'PUT',
      `/api/ConfigWhiteLabels/${verdeId}`,
      verdeMaster,
      { title: 'Verde Gestão Pro' },
      'verde.localhost',
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().title).toBe('Verde Gestão Pro');

    const other = await call(
      'PUT',
      `/api/ConfigWhiteLabels/${demoId}`,
      verdeMaster,
      { title: 'Tomado' },
      'verde.localhost',
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(
      'Você só pode alterar a configuração do seu próprio white-label.',
    );
    const demo = await call('GET', `/api/ConfigWhiteLabels/${demoId}`, staff);
    expect(demo.json().title).toBe('ERP Demonstração');

    const deleted = await call(
      'DELETE',
      `/api/ConfigWhiteLabels/${demoId}`,
      verdeMaster,
      undefined,
      'verde.localhost',
    );
    expect(deleted.statusCode).toBe(403);
    const created = await call(
      'POST',
      '/api/ConfigWhiteLabels',
      verdeMaster,
      { idConfig: 'novo', title: 'Novo', dominios: ['novo.localhost'] },
      'verde.localhost',
    );
    expect(created.statusCode).toBe(403);
  });

  it("manage their own plans and list their own users, never another white-label's", async () => {
    const plano = { idExterno: 'extra', nome: 'Plano extra', valor: 10 };
    const foreign = await call(
      'POST',
      '/api/Planos',
      verdeMaster,
      { ...plano, configWhiteLabel: demoId },
      'verde.localhost',
    );
    expect(foreign.statusCode).toBe(403);
    const own = await call('POST', '/api/Planos', verdeMaster, plano, 'verde.localhost');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().configWhiteLabel).toBe(verdeId);
    const moved = await call(
      'PUT',
      `/api/Planos/${own.json().id}`,
      verdeMaster,
      { configWhiteLabel: demoId },
      'verde.localhost',
    );
    expect(moved.statusCode).toBe(403);

    const demoPlan = (
      await server.db.withSystem((tx) =>
        tx.one<{ id: number }>('SELECT id FROM plano WHERE config_white_label_id = $1 LIMIT 1', [demoId]),
      )
    ).id;
    expect(
      (await call('PUT', `/api/Planos/${demoPlan}`, verdeMaster, { nome: 'X' }, 'verde.localhost'))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/Planos/${demoPlan}`, verdeMaster, undefined, 'verde.localhost')).statusCode,
    ).toBe(403);

    expect(
      (
        await call(
          'GET',
          `/api/Usuarios/usuarios-whitelabel/${demoId}`,
          verdeMaster,
          undefined,
          'verde.localhost',
        )
      ).statusCode,
    ).toBe(403);
    const ownUsers = await call(
      'GET',
      `/api/Usuarios/usuarios-whitelabel/${verdeId}`,
      verdeMaster,
      undefined,
      'verde.localhost',
    );
    expect(ownUsers.statusCode).toBe(200);
    expect(ownUsers.json().map((user: { email: string }) => user.email)).toContain('verde@erp.local');
    // Platform staff keep reaching every white-label.
    expect((await call('GET', `/api/Usuarios/usuarios-whitelabel/${verdeId}`, staff)).statusCode).toBe(200);
  });
});
