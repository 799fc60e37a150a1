import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * /api/PdvVersoes: the POS program versions each white-label publishes. Any signed-in user of the
 * white-label reads them, newest first; only the white-label's operators (platform staff, its master
 * user) write, and never another white-label's.
 */
let server: TestServer;
let demoId: number;
let verdeId: number;
const tokens: Record<string, string> = {};

const call = (method: string, url: string, who: string | null, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: {
      host: who?.startsWith('verde') ? 'verde.localhost' : 'localhost',
      ...(who && tokens[who] ? { authorization: tokens[who] } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  server = await createTestServer();
  const rows = await server.db.withSystem((tx) =>
    tx.query<{ id: number; slug: string }>('SELECT id::int AS id, slug FROM config_white_label'),
  );
  demoId = rows.find((row) => row.slug === 'demo')?.id as number;
  verdeId = rows.find((row) => row.slug === 'verde')?.id as number;
  // A master user of verde: operator of verde only (the demo data has none).
  await server.db.withSystem((tx) =>
    tx.query(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`),
  );
  tokens.verdeMaster = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  tokens.admin = await login(server.app, 'admin@erp.local');
  tokens.vendedor = await login(server.app, 'vendedor@erp.local');
  tokens.demo = await login(server.app, 'demo@erp.local');
});
afterAll(async () => server?.close());

const v240 = {
  versao: '2.4.0',
  data: '2025-03-10',
  url: 'https://downloads.exemplo.com.br/pdv-2.4.0.exe',
  notas: 'Pix no caixa.',
};

describe('/api/PdvVersoes', () => {
  it('publishes, lists newest first, changes and deletes versions of the white-label served', async () => {
    const first = await call('POST', '/api/PdvVersoes', 'admin', v240);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      configWhiteLabel: demoId,
      obrigatoria: false,
      ...v240,
    });
    const second = await call('POST', '/api/PdvVersoes', 'admin', {
      versao: '2.5.0-beta.1',
      data: '2025-04-02',
      url: 'https://downloads.exemplo.com.br/pdv-2.5.0-beta.1.exe',
      obrigatoria: true,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ obrigatoria: true, notas: '' });

    // Any signed-in user of demo reads the list, newest first.
    const listed = await call('GET', '/api/PdvVersoes', 'vendedor');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((v: { versao: string }) => v.versao)).toEqual(['2.5.0-beta.1', '2.4.0']);
    expect((await call('GET', '/api/PdvVersoes', null)).statusCode).toBe(401);

    const changed = await call('PUT', `/api/PdvVersoes/${first.json().id}`, 'admin', {
      data: '2025-05-01',
      obrigatoria: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ versao: '2.4.0', data: '2025-05-01', obrigatoria: true });
    expect(
      (await call('GET', '/api/PdvVersoes', 'demo')).json().map((v: { versao: string }) => v.versao),
    ).toEqual(['2.4.0', '2.5.0-beta.1']);

    const duplicate = await call('POST', '/api/PdvVersoes', 'admin', v240);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('A versão 2.4.0 já está cadastrada neste white-label.');

    const deleted = await call('DELETE', `/api/PdvVersoes/${second.json().id}`, 'admin');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ count: 1 });
    expect((await call('GET', '/api/PdvVersoes', 'vendedor')).json()).toHaveLength(1);
    expect((await call('DELETE', `/api/PdvVersoes/${second.json().id}`, 'admin')).statusCode).toBe(404);
  });

  it('rejects an invalid version, date or a download address that is not https, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { ...v240, versao: '2.4' },
        'Dados inválidos: campo "versao" deve seguir o formato semver, ex.: 2.4.1 ou 3.0.0-beta.1.',
      ],
      [
        { ...v240, versao: '9.9.9', data: '2025-02-30' },
        'Dados inválidos: campo "data" deve ser uma data válida no formato AAAA-MM-DD.',
      ],
      [
        { ...v240, versao: '9.9.9', url: 'http://downloads.exemplo.com.br/pdv.exe' },
        'Dados inválidos: campo "url" deve ser um endereço https, ex.: https://downloads.exemplo.com.br/pdv.exe.',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', '/api/PdvVersoes', 'admin', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const missing = await call('POST', '/api/PdvVersoes', 'admin', { versao: '9.9.9' });
    expect(missing.statusCode).toBe(400);
    const unknown = await call('POST', '/api/PdvVersoes', 'admin', { ...v240, versao: '9.9.9', tamanho: 1 });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps demo and verde apart: each operator writes its own versions, users read only their own', async () => {
    const verde = await call('POST', '/api/PdvVersoes', 'verdeMaster', {
      versao: '1.0.0',
      data: '2025-01-15',
      url: 'https://verde.exemplo.com.br/pdv.exe',
    });
    expect(verde.statusCode, verde.body).toBe(200);
    expect(verde.json().configWhiteLabel).toBe(verdeId);
    expect(
      (await call('GET', '/api/PdvVersoes', 'verdeMaster')).json().map((v: { versao: string }) => v.versao),
    ).toEqual(['1.0.0']);
    expect(
      (await call('GET', '/api/PdvVersoes', 'vendedor')).json().map((v: { versao: string }) => v.versao),
    ).not.toContain('1.0.0');

    const demoVersion = (await call('GET', '/api/PdvVersoes', 'admin')).json()[0];
    const ownMessage = 'Você só pode alterar a configuração do seu próprio white-label.';
    const foreignPost = await call('POST', '/api/PdvVersoes', 'verdeMaster', {
      configWhiteLabel: demoId,
      versao: '6.6.6',
      data: '2025-01-15',
      url: 'https://verde.exemplo.com.br/pdv.exe',
    });
    expect(foreignPost.statusCode).toBe(403);
    expect(foreignPost.json().error.message).toBe(ownMessage);
    const foreignPut = await call('PUT', `/api/PdvVersoes/${demoVersion.id}`, 'verdeMaster', {
      notas: 'Tomado',
    });
    expect(foreignPut.statusCode).toBe(403);
    const foreignDelete = await call('DELETE', `/api/PdvVersoes/${demoVersion.id}`, 'verdeMaster');
    expect(foreignDelete.statusCode).toBe(403);
    const moved = await call('PUT', `/api/PdvVersoes/${verde.json().id}`, 'verdeMaster', {
      configWhiteLabel: demoId,
    });
    expect(moved.statusCode).toBe(400);
    expect((await call('GET', '/api/PdvVersoes', 'admin')).json()[0]).toEqual(demoVersion);

    // A company administrator and a salesperson read but never write.
    for (const who of ['demo', 'vendedor']) {
      expect((await call('POST', '/api/PdvVersoes', who, { ...v240, versao: '7.0.0' })).statusCode).toBe(403);
      expect((await call('PUT', `/api/PdvVersoes/${demoVersion.id}`, who, { notas: 'x' })).statusCode).toBe(
        403,
      );
      expect((await call('DELETE', `/api/PdvVersoes/${demoVersion.id}`, who)).statusCode).toBe(403);
    }

    // Platform staff operate any white-label.
    const staffOnVerde = await call('PUT', `/api/PdvVersoes/${verde.json().id}`, 'admin', {
      notas: 'Revisado',
    });
    expect(staffOnVerde.statusCode, staffOnVerde.body).toBe(200);
    expect(staffOnVerde.json().notas).toBe('Revisado');
  });
});
