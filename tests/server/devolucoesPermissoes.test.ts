import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/** The devoluções have their own keys; migration 048 gives them to whoever held the old ones. */
let server: TestServer;
const get = (url: string, token: string) =>
  server.app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: token } });

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

describe('permission keys of the devoluções', () => {
  it('migration 048 grants VENDAS_DEVOLUCAO and COMPRAS_DEVOLUCAO at the level of the keys that covered them', async () => {
    const { id } = await addDemoUserWithProfile(server, {
      email: 'balcao.devolucoes@erp.local',
      nome: 'Balcão',
      perfil: 'Balcão devoluções',
      permissoes: { VENDAS_PEDIDO_VENDAS: 1, COMPRAS_ENTRADA_NOTA_FISCAL: 4, COMPRAS_DEVOLUCAO: 0 },
    });
    const antes = await login(server.app, 'balcao.devolucoes@erp.local');
    expect((await get('/api/DevolucoesVenda', antes)).statusCode).toBe(403);
    expect((await get('/api/DevolucoesCompra', antes)).statusCode).toBe(403);
    const sql = await readFile(
      new URL('../../runtime/server/db/migrations/048_devolucoes_permissoes.sql', import.meta.url),
      'utf8',
    );
    await server.db.withSystem((tx) => tx.query(sql));
    const [perfil] = await server.db.withSystem((tx) =>
      tx.query<{ permissoes: Record<string, number> }>(
        'SELECT p.permissoes FROM perfil p JOIN usuario u ON u.perfil_id = p.id WHERE u.id = $1',
        [id],
      ),
    );
    // A key set explicitly (COMPRAS_DEVOLUCAO 0) is kept as it was.
    expect(perfil?.permissoes).toEqual({
      VENDAS_PEDIDO_VENDAS: 1,
      VENDAS_DEVOLUCAO: 1,
      COMPRAS_ENTRADA_NOTA_FISCAL: 4,
      COMPRAS_DEVOLUCAO: 0,
    });
    const depois = await login(server.app, 'balcao.devolucoes@erp.local');
    expect((await get('/api/DevolucoesVenda', depois)).statusCode).toBe(200);
    expect((await get('/api/DevolucoesCompra', depois)).statusCode).toBe(403);
  });
});
