import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { host: 'localhost', ...headers },
  });

describe('POST /api/Usuarios/login', () => {
  it('returns the LoopBack access token with the user when include=user', async () => {
    const response = await post('/api/Usuarios/login?include=user', {
      email: 'DEMO@erp.local ',
      password: 'demo1234',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.ttl).toBe(server.config.tokenTtlSeconds);
    expect(Date.parse(body.created)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.user).toMatchObject({
      email: 'demo@erp.local',
      isAvanco: false,
      master: false,
      perfilAdmin: true,
    });
    expect(body.userId).toBe(body.user.id);
  });

  it('flags isAvanco and master for the platform administrator', async () => {
    const body = (
      await post('/api/Usuarios/login?include=user', { email: 'admin@erp.local', password: 'demo1234' })
    ).json();
    expect(body.user).toMatchObject({ isAvanco: true, master: true });
  });

  it('stores only a hash of the token', async () => {
    const token = await login(server.app, 'demo@erp.local');
    const rows = await server.db.withSystem((tx) =>
      tx.query<{ token_hash: Buffer }>('SELECT token_hash FROM access_token'),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash.toString('utf8')).not.toContain(token);
    const hashes = rows.map((row) => row.token_hash.toString('hex'));
    const { createHash } = await import('node:crypto');
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('answers a wrong password with 401 and the spec message', async () => {
    const response = await post('/api/Usuarios/login', { email: 'demo@erp.local', password: 'errada' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Dados inválidos, verifique e-mail/senha e tente novamente');
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await post('/api/Usuarios/login', { email: 'ninguem@erp.local', password: 'demo1234' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('LOGIN_FAILED');
  });

  it('rejects non-string credentials with 400 and a pt-BR message', async () => {
    const response = await post('/api/Usuarios/login', { email: { $gt: '' }, password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Dados inválidos: campo "email" deve ser um texto.');
    const missing = await post('/api/Usuarios/login', { email: 'demo@erp.local' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('password');
  });

  it('does not accept a user of another white-label on this address', async () => {
    expect(
      (await post('/api/Usuarios/login', { email: 'verde@erp.local', password: 'demo1234' })).statusCode,
    ).toBe(401);
    const verde = await post(
      '/api/Usuarios/login',
      { email: 'verde@erp.local', password: 'demo1234' },
      { host: 'verde.localhost:3000' },
    );
    expect(verde.statusCode).toBe(200);
  });

  it('blocks an address after 5 failures on one account with 429 in pt-BR, even with the right password', async () => {
    const attempt = (password: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/Usuarios/login',
        remoteAddress: '192.0.2.7',
        headers: { host: 'localhost' },
        payload: { email: 'trial@erp.local', password },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt('errada')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await attempt('demo1234');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(
      'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('session', () => {
  it('getUserInfo returns the whole user info, and logout invalidates the token', async () => {
    const token = await login(server.app, 'demo@erp.local');
    const info = await server.app.inject({
      method: 'GET',
      url: '/api/Usuarios/getUserInfo?sistema=novoerp',
      headers: { host: 'localhost', authorization: token },
    });
    expect(info.statusCode).toBe(200);
    const body = info.json();
    expect(body).toMatchObject({
      email: 'demo@erp.local',
      perfilAdmin: true,
      permissoes: null,
      filialSelecionadaObj: {
        apelido: 'Matriz',
        nome: 'Empresa Demonstração Ltda',
        cpfCnpj: '11222333000181',
      },
      configWhiteLabel: { idConfig: 'demo' },
      alertas: [],
    });
    expect(body.filiais).toHaveLength(2);
    expect(body.configWhiteLabel.planoModulos.length).toBe(2);

    const viaQuery = await server.app.inject({
      method: 'GET',
      url: `/api/Usuarios/getUserInfo?access_token=${token}`,
      headers: { host: 'localhost' },
    });
    expect(viaQuery.statusCode).toBe(200);

    const logout = await post('/api/Usuarios/logout', undefined, { authorization: token });
    expect(logout.statusCode).toBe(204);
    const after = await server.app.inject({
      method: 'GET',
      url: '/api/Usuarios/getUserInfo',
      headers: { host: 'localhost', authorization: token },
    });
    expect(after.statusCode).toBe(401);
  });

  it('gives the vendedor profile its permission levels', async () => {
    const token = await login(server.app, 'vendedor@erp.local');
    const body = (
      await server.app.inject({
        method: 'GET',
        url: '/api/Usuarios/getUserInfo',
        headers: { host: 'localhost', authorization: token },
      })
    ).json();
    expect(body.perfilAdmin).toBe(false);
    expect(body.permissoes).toMatchObject({
      VENDAS_CLIENTES: 4,
      ESTOQUE_PRODUTOS: 1,
      FINANCEIRO_DESPESAS: 0,
    });
    expect(body.filiais).toHaveLength(1);
  });

  it('switches the selected branch only to a branch the user may use', async () => {
    const token = await login(server.app, 'demo@erp.local');
    const info = (
      await server.app.inject({
        method: 'GET',
        url: '/api/Usuarios/getUserInfo',
        headers: { host: 'localhost', authorization: token },
      })
    ).json();
    const other = info.filiais.find((filial: { id: number }) => filial.id !== info.filialSelecionada);
    const switched = await post(
      '/api/Usuarios/selecionarFilial',
      { filialId: other.id },
      { authorization: token },
    );
    expect(switched.statusCode).toBe(200);
    expect(switched.json().apelido).toBe('Loja Centro');
    const selected = await server.app.inject({
      method: 'GET',
      url: '/api/Usuarios/obterfilialselecionada',
      headers: { host: 'localhost', authorization: token },
    });
    expect(selected.json().id).toBe(other.id);

    const vendedor = await login(server.app, 'vendedor@erp.local');
    const denied = await post(
      '/api/Usuarios/selecionarFilial',
      { filialId: other.id },
      { authorization: vendedor },
    );
    expect(denied.statusCode).toBe(404);
  });

  it('changes the password after checking the current one, ending other sessions', async () => {
    const first = await login(server.app, 'contador@erp.local');
    const second = await login(server.app, 'contador@erp.local');
    const wrong = await post(
      '/api/Usuarios/alteraSenha',
      { senhaAntiga: 'x', senhaNova: 'nova-senha' },
      { authorization: first },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('A senha atual não confere.');
    const short = await post(
      '/api/Usuarios/alteraSenha',
      { senhaAntiga: 'demo1234', senhaNova: '123' },
      { authorization: first },
    );
    expect(short.json().error.message).toBe('A nova senha deve ter no mínimo 6 caracteres.');
    const ok = await post(
      '/api/Usuarios/alteraSenha',
      { senhaAntiga: 'demo1234', senhaNova: 'nova-senha' },
      { authorization: first },
    );
    expect(ok.statusCode).toBe(204);
    await login(server.app, 'contador@erp.local', 'nova-senha');
    const stale = await server.app.inject({
      method: 'GET',
      url: '/api/Usuarios/getUserInfo',
      headers: { host: 'localhost', authorization: second },
    });
    expect(stale.statusCode).toBe(401);
  });
});
