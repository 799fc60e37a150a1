import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** A value that does not match a field's pattern gets the field's hint, never the regular expression. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

describe('pattern messages', () => {
  it('names the field and says what to type', async () => {
    const token = await login(server.app, 'demo@erp.local');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/Contas',
      headers: { host: 'localhost', authorization: token },
      payload: { descricao: 'Conta com banco errado', bancoCodigo: '12', agencia: '12-345' },
    });
    expect(response.statusCode).toBe(400);
    const { message, details } = response.json().error;
    expect(message).toBe(
      'Dados inválidos — Banco: informe o código do banco com 3 dígitos (ex.: 001, 341) (e mais 1 campo).',
    );
    expect(details.fields).toEqual([
      { campo: 'bancoCodigo', mensagem: 'Banco: informe o código do banco com 3 dígitos (ex.: 001, 341)' },
      {
        campo: 'agencia',
        mensagem: 'Agência: informe até 6 dígitos e, se houver, o dígito após o hífen (ex.: 1234-5)',
      },
    ]);
    expect(response.body).not.toContain('[0-9]');
  });
});
