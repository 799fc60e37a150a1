import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/server/app.ts';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * The token cache (TOKEN_CACHE_MS = 1000) on the real app and database: a burst of reads looks the token
 * up once; a logout, or a perfil's permissions changed, hold on the very next request of the same process
 * and within a second on another process sharing the database.
 */
let server: TestServer;
let second: Awaited<ReturnType<typeof buildApp>>;
let lookups = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = await createTestServer({ config: { tokenCacheMs: 1000 } });
  const withSystem = server.db.withSystem.bind(server.db);
  server.db.withSystem = (fn) => {
    lookups++;
    return withSystem(fn);
  };
  // A second process on the same database (its own cache), as `npm start` twice behind a balancer.
  second = await buildApp({
    services: {
      db: server.db,
      tenants: server.tenants,
      config: server.config,
      mailer: { send: async () => undefined } as never,
    },
  });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const get = (app: typeof second, url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: token } });

describe('token cache', () => {
  it('looks a token up once for a burst of reads', async () => {
    const token = await login(server.app, 'demo@erp.local');
    lookups = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => get(server.app, '/api/Produtos?filter[limit]=1', token)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    // Concurrent first requests may each miss; the next ones hit.
    const afterBurst = lookups;
    expect(afterBurst).toBeLessThanOrEqual(10);
    for (let i = 0; i < 5; i++)
      expect((await get(server.app, '/api/Produtos/count', token)).statusCode).toBe(200);
    expect(lookups).toBe(afterBurst);
  });

  it('a logout holds on the next request of this process and within a second on another', async () => {
    const token = await login(server.app, 'demo@erp.local');
    expect((await get(server.app, '/api/Produtos/count', token)).statusCode).toBe(200);
    expect((await get(second, '/api/Produtos/count', token)).statusCode).toBe(200);
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/Usuarios/logout',
      headers: { host: 'localhost', authorization: token },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await get(server.app, '/api/Produtos/count', token)).statusCode).toBe(401);
    await sleep(1100);
    expect((await get(second, '/api/Produtos/count', token)).statusCode).toBe(401);
  });

  it('permissions changed through the API hold on the next request', async () => {
    const user = await addDemoUserWithProfile(server, {
      email: 'cache-perfil@erp.local',
      nome: 'Cacá Perfil',
      perfil: 'Só clientes',
      permissoes: { VENDAS_CLIENTES: 1 },
    });
    expect((await get(server.app, '/api/Clientes/count', user.token)).statusCode).toBe(200);
    const admin = await login(server.app, 'demo@erp.local');
    const perfis = await get(
      server.app,
      `/api/Perfis?filter[where][nome]=${encodeURIComponent('Só clientes')}`,
      admin,
    );
    const perfilId = perfis.json()[0].id;
    const patch = await server.app.inject({
      method: 'PATCH',
      url: `/api/Perfis/${perfilId}`,
      headers: { host: 'localhost', authorization: admin },
      payload: { permissoes: { VENDAS_CLIENTES: 0 } },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await get(server.app, '/api/Clientes/count', user.token)).statusCode).toBe(403);
  });
});
