import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVORITES_LIMIT } from '../../runtime/core/constants.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const name of ['demo', 'vendedor', 'contador'])
    tokens[name] = await login(server.app, `${name}@erp.local`);
  tokens.verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
});
afterAll(async () => server?.close());

const call = (method: 'GET' | 'PUT', token: string | undefined, payload?: unknown, host = 'localhost') =>
  server.app.inject({
    method,
    url: '/api/Usuarios/favoritos',
    headers: { host, ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const save = (token: string | undefined, favoritos: string[], host?: string) =>
  call('PUT', token, { favoritos }, host);
const stored = async (email: string) =>
  (
    await server.db.withSystem((tx) =>
      tx.one<{ favoritos: string[] }>('SELECT favoritos FROM usuario WHERE email = $1', [email]),
    )
  ).favoritos;

/** Favouritable main-menu keys besides the dashboard, enough to go past the limit. */
const MANY = [
  'FINANCEIRO_DESPESAS',
  'FINANCEIRO_RECEITAS',
  'VENDAS_CLIENTES',
  'VENDAS_PEDIDO_VENDAS',
  'COMPRAS_PEDIDO',
  'ESTOQUE_PRODUTOS',
  'NFE_EMITIR_NFE',
  'CONFIG_USUARIOS',
  'CONFIG_EMPRESAS',
  'RELATORIOS_EXPORTACOES',
];

describe('GET /api/Usuarios/favoritos', () => {
  it('needs a session', async () => {
    expect((await call('GET', undefined)).statusCode).toBe(401);
    expect((await save(undefined, ['DASHBOARD'])).statusCode).toBe(401);
  });

  it('always includes the default favourites first, even when nothing is stored', async () => {
    expect(await stored('vendedor@erp.local')).toEqual([]);
    const response = await call('GET', tokens.vendedor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ favoritos: ['DASHBOARD'] });
  });

  it('leaves out stored keys that are no longer favouritable menu pages', async () => {
    await server.db.withSystem((tx) =>
      tx.query(
        `UPDATE usuario SET favoritos = '["SUMIU", "VENDAS_CLIENTES", "VENDAS_CLIENTES"]' WHERE email = $1`,
        ['vendedor@erp.local'],
      ),
    );
    expect((await call('GET', tokens.vendedor)).json()).toEqual({
      favoritos: ['DASHBOARD', 'VENDAS_CLIENTES'],
    });
  });
});

describe('PUT /api/Usuarios/favoritos', () => {
  it('saves the list with the defaults first and without repeats, and GET returns it', async () => {
    const response = await save(tokens.demo, [
      'VENDAS_CLIENTES',
      'DASHBOARD',
      'CONFIG_USUARIOS',
      'VENDAS_CLIENTES',
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ favoritos: ['DASHBOARD', 'VENDAS_CLIENTES', 'CONFIG_USUARIOS'] });
    expect(await stored('demo@erp.local')).toEqual(['DASHBOARD', 'VENDAS_CLIENTES', 'CONFIG_USUARIOS']);
    expect((await call('GET', tokens.demo)).json().favoritos).toEqual([
      'DASHBOARD',
      'VENDAS_CLIENTES',
      'CONFIG_USUARIOS',
    ]);
  });

  it('accepts pages of the settings and user menus', async () => {
    const response = await save(tokens.demo, ['DASHBOARD', 'CONFIG_NFE', 'USUARIO_MINHA_CONTA']);
    expect(response.statusCode).toBe(200);
  });

  it('refuses keys that are not menu pages: unknown keys, groups, actions without a page', async () => {
    for (const key of [
      'NAO_EXISTE',
      'USUARIO_TROCAR_FILIAL',
      'ASSINATURA_POLITICA_PRIVACIDADE',
      'CONFIG_DOWNLOAD_PDV',
    ]) {
      const response = await save(tokens.demo, ['DASHBOARD', key]);
      expect(response.statusCode, key).toBe(400);
      expect(response.json().error.message).toBe('Não é possível favoritar esta página.');
    }
  });

  it('refuses removing a default favourite, naming its menu title', async () => {
    const response = await save(tokens.demo, ['VENDAS_CLIENTES']);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("O menu 'Dashboard' não pode ser removido dos favoritos");
    expect(await stored('demo@erp.local')).toContain('DASHBOARD');
  });

  it(`refuses more than ${FAVORITES_LIMIT} favourites, defaults included`, async () => {
    const atLimit = ['DASHBOARD', ...MANY.slice(0, FAVORITES_LIMIT - 1)];
    expect((await save(tokens.demo, atLimit)).statusCode).toBe(200);
    const over = await save(tokens.demo, [...atLimit, MANY[FAVORITES_LIMIT - 1] as string]);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(`Limite de ${FAVORITES_LIMIT} favoritos`);
    expect(await stored('demo@erp.local')).toEqual(atLimit);
  });

  it('does not let accountants change favourites', async () => {
    const response = await save(tokens.contador, ['DASHBOARD', 'NFE_EXPORTAR_XML']);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Contadores não podem alterar os favoritos.');
    expect(await stored('contador@erp.local')).toEqual([]);
  });

  it('uses the titles of the white-label merged menus and stores per user', async () => {
    const ok = await save(tokens.verde, ['DASHBOARD', 'VENDAS_CLIENTES'], 'verde.localhost');
    expect(ok.statusCode).toBe(200);
    expect(await stored('verde@erp.local')).toEqual(['DASHBOARD', 'VENDAS_CLIENTES']);
    expect(await stored('vendedor@erp.local')).not.toContain('DASHBOARD');
  });

  it('validates the body shape', async () => {
    expect((await call('PUT', tokens.demo, { favoritos: [{ key: 'DASHBOARD' }] })).statusCode).toBe(400);
    expect((await call('PUT', tokens.demo, {})).statusCode).toBe(400);
  });
});
