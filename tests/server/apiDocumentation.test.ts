import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../runtime/server/services/webhooks/signWebhook.ts';
import { createTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ seedDemoData: false });
});
afterAll(() => server?.close());

describe('Integrações › Documentação da API', () => {
  it('explains API keys and webhook signatures in pt-BR and lists every operation with who may call it', async () => {
    const page = await server.app.inject({
      method: 'GET',
      url: '/documentation',
      headers: { host: 'localhost' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<html lang="pt-BR">');
    for (const text of [
      'X-Api-Key',
      'aparece <b>uma única vez</b>',
      'X-Webhook-Assinatura',
      'X-Webhook-Timestamp',
      'X-Webhook-Id',
      'HMAC-SHA256',
      'pedidoVenda.faturado',
      'cliente.criado',
      '/api/WebhookEntregas/{id}/reenviar',
    ])
      expect(html).toContain(text);
    // Operations come from the live contract, each with its access.
    expect(html).toMatch(/<code>\/api\/Clientes<\/code><\/td><td>[^<]*<\/td><td>token ou chave de API/);
    expect(html).toMatch(/<code>\/api\/Usuarios\/login<\/code><\/td><td>[^<]*<\/td><td>pública/);
    expect(html).toMatch(/<code>\/api\/Usuarios\/favoritos<\/code><\/td><td>[^<]*<\/td><td>token de sessão/);
    expect(html).not.toContain('<script');
  });

  it('serves the OpenAPI contract with the apiKey scheme, without a token', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/documentation/openapi.json',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.0.3');
    expect(document.components.securitySchemes.apiKey.name).toBe('X-Api-Key');
    expect(document.paths['/documentation']).toBeUndefined();
  });

  it('signs as the page says: sha256= and HMAC-SHA256 hex over "<timestamp>.<body>"', () => {
    const body = '{"evento":"cliente.criado"}';
    const expected = createHmac('sha256', 'segredo-1234567890').update(`1700000000.${body}`).digest('hex');
    expect(signWebhook('segredo-1234567890', 1_700_000_000, body)).toBe(`sha256=${expected}`);
    expect(signWebhook('segredo-1234567890', 1_700_000_001, body)).not.toBe(`sha256=${expected}`);
  });
});
