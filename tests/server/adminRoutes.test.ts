import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
let demoId = 0;
let verdeId = 0;

beforeAll(async () => {
  server = await createTestServer();
  for (const who of ['demo', 'vendedor', 'admin', 'painel'])
    tokens[who] = await login(server.app, `${who}@erp.local`);
  tokens.verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  const ids = await server.db.withSystem((tx) =>
    tx.query<{ id_config: string; id: number }>('SELECT id_config, id::int AS id FROM config_white_label'),
  );
  demoId = ids.find((row) => row.id_config === 'demo')?.id ?? 0;
  verdeId = ids.find((row) => row.id_config === 'verde')?.id ?? 0;
});
afterAll(async () => server?.close());

const call = (method: string, url: string, who: string, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: {
      host: who === 'verde' ? 'verde.localhost' : 'localhost',
      ...(tokens[who] ? { authorization: tokens[who] } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A master user of the verde white-label (the demo data has none): platform-staff rights there only. */
async function verdeMaster(): Promise<string> {
  await server.db.withSystem((tx) =>
    tx.query(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`),
  );
  return login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
}

describe('GET/DELETE /api/Alertas/gerais', () => {
  it('lists each general sending once, newest first, with recipients and reads, and deletes it everywhere', async () => {
    const empty = await call('GET', '/api/Alertas/gerais', 'admin');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ total: 0, envios: [] });

    const first = await call('POST', '/api/Alertas/geral', 'admin', {
      tipo: 'info',
      texto: 'Manutenção às 22h.',
    });
    expect(first.statusCode, first.body).toBe(200);
    const recipients = first.json().count as number;
    expect(recipients).toBeGreaterThan(3);
    const second = await call('POST', '/api/Alertas/geral', 'admin', {
      tipo: 'warning',
      texto: 'Nova versão disponível.',
      link: 'pages/dashboard',
      permiteExcluir: false,
    });
    expect(second.statusCode, second.body).toBe(200);

    // vendedor reads the first one
    const firstOwn = (await call('GET', '/api/Alertas/list', 'vendedor'))
      .json()
      .find((alerta: { texto: string }) => alerta.texto === 'Manutenção às 22h.');
    expect(firstOwn).toBeDefined();
    expect((await call('PUT', `/api/Alertas/${firstOwn.id}`, 'vendedor', { lido: true })).statusCode).toBe(
      200,
    );

    const listed = await call('GET', '/api/Alertas/gerais', 'admin');
    expect(listed.statusCode, listed.body).toBe(200);
    const body = listed.json();
    expect(body.total).toBe(2);
    expect(body.envios.map((envio: { texto: string }) => envio.texto)).toEqual([
      'Nova versão disponível.',
      'Manutenção às 22h.',
    ]);
    expect(body.envios[0]).toMatchObject({
      tipo: 'warning',
      link: 'pages/dashboard',
      permiteExcluir: false,
      enviadoPor: 'Administrador da Plataforma',
      destinatarios: recipients,
      lidos: 0,
    });
    expect(body.envios[1]).toMatchObject({ tipo: 'info', link: null, destinatarios: recipients, lidos: 1 });

    const paged = (await call('GET', '/api/Alertas/gerais?limit=1&skip=1', 'admin')).json();
    expect(paged.total).toBe(2);
    expect(paged.envios.map((envio: { texto: string }) => envio.texto)).toEqual(['Manutenção às 22h.']);

    const removed = await call('DELETE', `/api/Alertas/gerais/${body.envios[1].id}`, 'admin');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ count: recipients });
    const texts = (await call('GET', '/api/Alertas/list', 'vendedor'))
      .json()
      .map((a: { texto: string }) => a.texto);
    expect(texts).toContain('Nova versão disponível.');
    expect(texts).not.toContain('Manutenção às 22h.');
    expect((await call('GET', '/api/Alertas/gerais', 'admin')).json().total).toBe(1);
    const again = await call('DELETE', `/api/Alertas/gerais/${body.envios[1].id}`, 'admin');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toMatch(/não encontrada/);
  });

  it('does not treat a personal alert as a general one', async () => {
    const [vendedor] = await server.db.withSystem((tx) =>
      tx.query<{ id: number }>(`SELECT id::int AS id FROM usuario WHERE email = 'vendedor@erp.local'`),
    );
    const sent = await call('POST', '/api/Alertas', 'demo', {
      usuarioId: vendedor?.id,
      tipo: 'info',
      texto: 'Só seu.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await call('DELETE', `/api/Alertas/gerais/${sent.json().id}`, 'admin')).statusCode).toBe(404);
    const texts = (await call('GET', '/api/Alertas/gerais', 'admin'))
      .json()
      .envios.map((e: { texto: string }) => e.texto);
    expect(texts).not.toContain('Só seu.');
  });

  it('refuses company users and keeps a master user of another white-label to their own', async () => {
    for (const who of ['demo', 'vendedor', 'painel']) {
      const response = await call('GET', '/api/Alertas/gerais', who);
      expect(response.statusCode, who).toBe(403);
      expect(response.json().error.message).toMatch(/equipe da plataforma/);
    }
    expect((await call('GET', '/api/Alertas/gerais', 'ninguem')).statusCode).toBe(401);
    tokens.verde = await verdeMaster();
    const own = await call('GET', '/api/Alertas/gerais', 'verde');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ total: 0, envios: [] });
    const other = await call('GET', `/api/Alertas/gerais?configWhiteLabelId=${demoId}`, 'verde');
    expect(other.statusCode).toBe(403);
    const [demoSending] = (await call('GET', '/api/Alertas/gerais', 'admin')).json().envios;
    const cross = await call(
      'DELETE',
      `/api/Alertas/gerais/${demoSending.id}?configWhiteLabelId=${verdeId}`,
      'verde',
    );
    expect(cross.statusCode).toBe(404);
    // isAvanco chooses any white-label
    expect((await call('GET', `/api/Alertas/gerais?configWhiteLabelId=${verdeId}`, 'admin')).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/Alertas/gerais?configWhiteLabelId=999999', 'admin')).statusCode).toBe(
      404,
    );
  });

  it('answers bad input with 400 in pt-BR', async () => {
    for (const url of [
      '/api/Alertas/gerais?limit=0',
      '/api/Alertas/gerais?skip=-1',
      '/api/Alertas/gerais?limit=abc',
    ]) {
      const response = await call('GET', url, 'admin');
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.statusCode).toBe(400);
    }
    expect((await call('DELETE', '/api/Alertas/gerais/abc', 'admin')).statusCode).toBe(400);
  });
});

describe('GET /api/Usuarios/usuarios-whitelabel', () => {
  it('pages the users of every company of the caller white-label, ordered by name, with the total', async () => {
    const all = await call('GET', '/api/Usuarios/usuarios-whitelabel?limit=100', 'admin');
    expect(all.statusCode, all.body).toBe(200);
    const { total, usuarios } = all.json();
    expect(total).toBe(usuarios.length);
    const emails = usuarios.map((usuario: { email: string }) => usuario.email);
    expect(emails).toEqual(
      expect.arrayContaining(['demo@erp.local', 'vendedor@erp.local', 'admin@erp.local']),
    );
    expect(emails).not.toContain('verde@erp.local');
    const names = usuarios.map((usuario: { nome: string }) => usuario.nome.toLowerCase());
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    const admin = usuarios.find((usuario: { email: string }) => usuario.email === 'admin@erp.local');
    expect(admin).toMatchObject({ isAvanco: true, master: true, ativo: true, empresaNome: 'Plataforma ERP' });
    expect(Object.keys(admin)).not.toContain('senhaHash');

    const page = (await call('GET', '/api/Usuarios/usuarios-whitelabel?limit=2&skip=2', 'admin')).json();
    expect(page.total).toBe(total);
    expect(page.usuarios).toEqual(usuarios.slice(2, 4));
  });

  it('searches name, e-mail and company, taking wildcards literally', async () => {
    const byCompany = (
      await call(
        'GET',
        `/api/Usuarios/usuarios-whitelabel?busca=${encodeURIComponent('demonstração')}`,
        'admin',
      )
    ).json();
    expect(byCompany.total).toBeGreaterThan(0);
    for (const usuario of byCompany.usuarios) expect(usuario.empresaNome).toMatch(/Demonstração/i);
    const byEmail = (await call('GET', '/api/Usuarios/usuarios-whitelabel?busca=VENDEDOR@', 'admin')).json();
    expect(byEmail.usuarios.map((usuario: { email: string }) => usuario.email)).toEqual([
      'vendedor@erp.local',
    ]);
    const wildcard = (await call('GET', '/api/Usuarios/usuarios-whitelabel?busca=%25', 'admin')).json();
    expect(wildcard).toEqual({ total: 0, usuarios: [] });
  });

  it('is limited to platform staff of the caller white-label and answers bad input with 400', async () => {
    for (const who of ['demo', 'vendedor', 'painel']) {
      const response = await call('GET', '/api/Usuarios/usuarios-whitelabel', who);
      expect(response.statusCode, who).toBe(403);
      expect(response.json().error.message).toMatch(/equipe da plataforma/);
    }
    expect((await call('GET', '/api/Usuarios/usuarios-whitelabel', 'ninguem')).statusCode).toBe(401);
    tokens.verde = await verdeMaster();
    const verde = (await call('GET', '/api/Usuarios/usuarios-whitelabel', 'verde')).json();
    expect(verde.usuarios.map((usuario: { email: string }) => usuario.email)).toEqual(['verde@erp.local']);
    // A profile that lacks the key is refused even to a master user.
    await server.db.withSystem(async (tx) => {
      const perfil = await tx.one<{ id: number }>(
        `INSERT INTO perfil (empresa_id, nome, permissoes)
         SELECT empresa_id, 'Sem usuários', '{"CONFIG_ADMINISTRADOR_USUARIOS": 0}' FROM usuario WHERE email = 'verde@erp.local'
         RETURNING id`,
      );
      await tx.query(
        `UPDATE usuario SET perfil_admin = false, perfil_id = $1 WHERE email = 'verde@erp.local'`,
        [perfil.id],
      );
    });
    expect((await call('GET', '/api/Usuarios/usuarios-whitelabel', 'verde')).statusCode).toBe(403);
    for (const query of ['limit=0', 'limit=101', 'skip=-1', `busca=${'x'.repeat(101)}`]) {
      const response = await call('GET', `/api/Usuarios/usuarios-whitelabel?${query}`, 'admin');
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.statusCode).toBe(400);
    }
  });
});
