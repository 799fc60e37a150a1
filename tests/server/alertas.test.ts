import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const users: Record<string, { id: number; empresa_id: number; config_white_label_id: number }> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const email of ['demo', 'vendedor', 'contador', 'admin', 'trial']) {
    tokens[email] = await login(server.app, `${email}@erp.local`);
  }
  tokens.verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  const rows = await server.db.withSystem((tx) =>
    tx.query<{ email: string; id: number; empresa_id: number; config_white_label_id: number }>(
      'SELECT email, id, empresa_id, config_white_label_id FROM usuario',
    ),
  );
  for (const row of rows) users[row.email.split('@')[0] ?? ''] = row;
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
const send = async (who: string, usuario: string, body: Record<string, unknown> = {}) => {
  const response = await call('POST', '/api/Alertas', who, {
    usuarioId: users[usuario]?.id,
    tipo: 'info',
    texto: `Aviso para ${usuario}`,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('Alertas', () => {
  it('answers an empty list and empty user-info alerts for a user without alerts', async () => {
    expect((await call('GET', '/api/Alertas/list', 'contador')).json()).toEqual([]);
    expect((await call('GET', '/api/Usuarios/getUserInfo', 'contador')).json().alertas).toEqual([]);
    expect((await call('GET', '/api/Alertas/obter', 'contador')).json()).toEqual({
      naoLidos: 0,
      total: 0,
      alertas: [],
    });
    expect((await call('GET', '/api/Alertas/list', 'nobody')).statusCode).toBe(401);
  });

  it('lets the company administrator alert one of its users, who alone sees it (also in getUserInfo)', async () => {
    const alerta = await send('demo', 'vendedor', {
      tipo: 'warning',
      texto: 'Seu certificado digital vence em 10 dias.',
      link: 'pages/fiscais/certificado-digital',
    });
    expect(alerta).toEqual({
      id: expect.any(Number),
      tipo: 'warning',
      texto: 'Seu certificado digital vence em 10 dias.',
      data: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      link: 'pages/fiscais/certificado-digital',
      permiteExcluir: true,
      lido: false,
    });
    expect((await call('GET', '/api/Alertas/list', 'vendedor')).json()).toEqual([alerta]);
    expect((await call('GET', '/api/Usuarios/getUserInfo', 'vendedor')).json().alertas).toEqual([alerta]);
    expect((await call('GET', `/api/Alertas/${alerta.id}`, 'vendedor')).json()).toEqual(alerta);
    expect((await call('GET', '/api/Alertas/list', 'contador')).json()).toEqual([]);
    expect((await call('GET', `/api/Alertas/${alerta.id}`, 'contador')).statusCode).toBe(404);
    const [row] = await server.db.withSystem((tx) =>
      tx.query<{ empresa_id: number }>('SELECT empresa_id FROM alerta WHERE id = $1', [alerta.id]),
    );
    expect(row?.empresa_id).toBe(users.vendedor?.empresa_id);
  });

  it('refuses senders without the right: a plain user, an admin for another company, a wrong body', async () => {
    const plain = await call('POST', '/api/Alertas', 'vendedor', {
      usuarioId: users.contador?.id,
      tipo: 'info',
      texto: 'x',
    });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error.message).toBe('Somente o administrador da empresa pode enviar alertas.');
    const otherCompany = await call('POST', '/api/Alertas', 'demo', {
      usuarioId: users.trial?.id,
      tipo: 'info',
      texto: 'x',
    });
    expect(otherCompany.statusCode).toBe(404);
    const badType = await call('POST', '/api/Alertas', 'demo', {
      usuarioId: users.vendedor?.id,
      tipo: 'danger',
      texto: 'x',
    });
    expect(badType.statusCode).toBe(400);
  });

  it('lets platform staff alert a user of any company and white-label', async () => {
    const alerta = await send('admin', 'verde', { texto: 'Bem-vinda ao Verde Gestão!' });
    expect((await call('GET', '/api/Alertas/list', 'verde')).json()).toEqual([alerta]);
  });

  it('filters with pesquisar-alertas over the allow-list, newest first by default', async () => {
    await send('demo', 'vendedor', { tipo: 'success', texto: 'Pedido 42 faturado.' });
    const all = (await call('GET', '/api/Alertas/pesquisar-alertas', 'vendedor')).json();
    expect(all.map((a: { texto: string }) => a.texto)).toEqual([
      'Pedido 42 faturado.',
      'Seu certificado digital vence em 10 dias.',
    ]);
    const filter = encodeURIComponent(JSON.stringify({ where: { tipo: 'success' }, order: 'data ASC' }));
    const only = (await call('GET', `/api/Alertas/pesquisar-alertas?filter=${filter}`, 'vendedor')).json();
    expect(only.map((a: { tipo: string }) => a.tipo)).toEqual(['success']);
    const bad = encodeURIComponent(JSON.stringify({ where: { usuarioId: users.demo?.id } }));
    const refused = await call('GET', `/api/Alertas/pesquisar-alertas?filter=${bad}`, 'vendedor');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('usuarioId');
  });

  it('marks alerts read with PUT (counted by obter); only platform staff may change the text', async () => {
    const [latest] = (await call('GET', '/api/Alertas/list', 'vendedor')).json();
    const read = await call('PUT', `/api/Alertas/${latest.id}`, 'vendedor', { ...latest, lido: true });
    expect(read.statusCode).toBe(200);
    expect(read.json().lido).toBe(true);
    expect((await call('GET', '/api/Alertas/obter', 'vendedor')).json()).toMatchObject({
      naoLidos: 1,
      total: 2,
    });
    const text = await call('PUT', `/api/Alertas/${latest.id}`, 'vendedor', { texto: 'outro' });
    expect(text.statusCode).toBe(403);
    const byStaff = await call('PUT', `/api/Alertas/${latest.id}`, 'admin', { texto: 'Pedido 42 entregue.' });
    expect(byStaff.json()).toMatchObject({ texto: 'Pedido 42 entregue.', lido: true });
    expect((await call('PUT', `/api/Alertas/${latest.id}`, 'contador', { lido: true })).statusCode).toBe(404);
  });

  it('deletes own deletable alerts and refuses the others', async () => {
    const locked = await send('demo', 'vendedor', { texto: 'Aviso fixo', permiteExcluir: false });
    const refused = await call('DELETE', `/api/Alertas/${locked.id}`, 'vendedor');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Este alerta não pode ser excluído.');
    const [, deletable] = (await call('GET', '/api/Alertas/list', 'vendedor')).json();
    expect((await call('DELETE', `/api/Alertas/${deletable.id}`, 'contador')).statusCode).toBe(404);
    const removed = await call('DELETE', `/api/Alertas/${deletable.id}`, 'vendedor');
    expect(removed.json()).toEqual({ count: 1 });
    expect((await call('GET', `/api/Alertas/${deletable.id}`, 'vendedor')).statusCode).toBe(404);
  });

  it('sends a general alert to every active user of one white-label (platform staff only)', async () => {
    const body = { tipo: 'info', texto: 'Manutenção programada no domingo.' };
    expect((await call('POST', '/api/Alertas/geral', 'demo', body)).statusCode).toBe(403);
    const sent = await call('POST', '/api/Alertas/geral', 'admin', body);
    expect(sent.statusCode).toBe(200);
    const [expected] = await server.db.withSystem((tx) =>
      tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM usuario WHERE ativo AND config_white_label_id = $1',
        [users.demo?.config_white_label_id],
      ),
    );
    expect(sent.json()).toEqual({ count: expected?.n });
    for (const who of ['demo', 'contador', 'trial']) {
      const [first] = (await call('GET', '/api/Alertas/list', who)).json();
      expect(first.texto).toBe(body.texto);
    }
    const verde = (await call('GET', '/api/Alertas/list', 'verde')).json();
    expect(verde.map((a: { texto: string }) => a.texto)).not.toContain(body.texto);
  });

  it('sends a general alert to the users of one company of the white-label only', async () => {
    const body = {
      tipo: 'warning',
      texto: 'Inventário da Loja Teste na sexta.',
      empresaId: Number(users.trial?.empresa_id),
    };
    const sent = await call('POST', '/api/Alertas/geral', 'admin', body);
    expect(sent.statusCode).toBe(200);
    const [expected] = await server.db.withSystem((tx) =>
      tx.query<{ n: number }>('SELECT count(*)::int AS n FROM usuario WHERE ativo AND empresa_id = $1', [
        users.trial?.empresa_id,
      ]),
    );
    expect(sent.json()).toEqual({ count: expected?.n });
    expect((await call('GET', '/api/Alertas/list', 'trial')).json()[0].texto).toBe(body.texto);
    for (const who of ['demo', 'vendedor', 'verde']) {
      const textos = (await call('GET', '/api/Alertas/list', who))
        .json()
        .map((a: { texto: string }) => a.texto);
      expect(textos).not.toContain(body.texto);
    }
    // A company of another white-label is not reachable through this one.
    const outra = await call('POST', '/api/Alertas/geral', 'admin', {
      ...body,
      empresaId: Number(users.verde?.empresa_id),
    });
    expect(outra.statusCode).toBe(404);
    expect(outra.json().error.message).toBe(
      `Empresa ${users.verde?.empresa_id} não encontrada entre as empresas deste white-label.`,
    );
  });

  it('keeps an alert in its recipient company (composite foreign key) and out of reach of other tenants (RLS)', async () => {
    await expect(
      server.db.withSystem((tx) =>
        tx.query(
          `INSERT INTO alerta (config_white_label_id, empresa_id, usuario_id, tipo, texto) VALUES ($1, $2, $3, 'info', 'x')`,
          [users.vendedor?.config_white_label_id, users.trial?.empresa_id, users.vendedor?.id],
        ),
      ),
    ).rejects.toThrow(/foreign key/);
    const visible = await server.db.withTenant({ empresaId: users.trial?.empresa_id ?? 0 }, (tx) =>
      tx.query('SELECT id FROM alerta WHERE usuario_id = $1', [users.vendedor?.id]),
    );
    expect(visible).toEqual([]);
  });
});
