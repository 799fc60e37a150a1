import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

describe('GET /ambientes.json', () => {
  it('publishes one entry per white-label domain, without authorization, cached for a day', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/ambientes.json',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const list = response.json() as Array<{ dominio: string; nome: string; api_endpoint: string }>;
    expect(list).toEqual(
      expect.arrayContaining([
        { dominio: 'localhost', nome: 'ERP Demonstração', api_endpoint: '' },
        { dominio: '127.0.0.1', nome: 'ERP Demonstração', api_endpoint: '' },
        { dominio: 'verde.localhost', nome: 'Verde Gestão', api_endpoint: '' },
      ]),
    );
    expect(new Set(list.map((item) => item.dominio)).size).toBe(list.length);
  });

  it('reflects a white-label created through the API, with its API endpoint', async () => {
    const token = await login(server.app, 'admin@erp.local');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/ConfigWhiteLabels',
      headers: { host: 'localhost', authorization: token },
      payload: {
        idConfig: 'azulclaro',
        title: 'Azul Claro ERP',
        dominios: ['erp.azulclaro.com.br'],
        API_ENDPOINT: 'https://api.azulclaro.com.br/',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const list = (
      await server.app.inject({ method: 'GET', url: '/ambientes.json', headers: { host: 'verde.localhost' } })
    ).json();
    expect(list).toContainEqual({
      dominio: 'erp.azulclaro.com.br',
      nome: 'Azul Claro ERP',
      api_endpoint: 'https://api.azulclaro.com.br/',
    });
  });
});
