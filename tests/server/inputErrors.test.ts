import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Bad input answers a 4xx in the LoopBack envelope with a pt-BR message (issue 12, findings 7 and 8). */
let server: TestServer;
let token: string;

const api = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: token, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
});
afterAll(async () => server?.close());

const expectClientError = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  const { error } = JSON.parse(response.body);
  expect(error).toMatchObject({ statusCode: response.statusCode });
  expect(error.message).toMatch(/[a-zà-ú]/i);
  return error as { message: string; code: string; details?: unknown };
};

describe('finding 7: out-of-range numbers, nulls and partial PUTs', () => {
  for (const path of ['sped/preview', 'sped/arquivo']) {
    for (const filialId of [1e308, 2 ** 63]) {
      it(`POST /api/ArquivosFiscais/${path} with filialId ${filialId} answers 400 naming filialId`, async () => {
        const error = expectClientError(
          await api('POST', `/api/ArquivosFiscais/${path}`, {
            filialId,
            periodo: '2026-01',
            finalidade: 0,
            perfil: 'A',
          }),
        );
        expect(error.message).toContain('filialId');
      });
    }
  }
  for (const path of ['sintegra/preview', 'sintegra/arquivo']) {
    it(`POST /api/ArquivosFiscais/${path} with filialId 2^63 answers 400`, async () => {
      const error = expectClientError(
        await api('POST', `/api/ArquivosFiscais/${path}`, {
          filialId: 2 ** 63,
          dataInicial: '2026-01-01',
          dataFinal: '2026-01-31',
          finalidade: 1,
          natureza: 3,
        }),
      );
      expect(error.message).toContain('filialId');
    });
  }

  it('POST /api/Perfis with permissoes null answers 4xx naming Permissões', async () => {
    const error = expectClientError(await api('POST', '/api/Perfis', { nome: 'Nulo', permissoes: null }));
    expect(error.message).toContain('Permissões');
  });

  it('PATCH /api/Perfis/{id} with permissoes null answers 4xx and keeps the permissions', async () => {
    const created = await api('POST', '/api/Perfis', { nome: 'Caixa', permissoes: { VENDAS_CLIENTES: 1 } });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    const error = expectClientError(await api('PATCH', `/api/Perfis/${id}`, { permissoes: null }));
    expect(error.message).toContain('Permissões');
    const after = await api('GET', `/api/Perfis/${id}`);
    expect(after.json().permissoes).toEqual({ VENDAS_CLIENTES: 1 });
  });

  it('PUT /api/Filiais/{id} with only {nome} replaces the record, left-out fields taking their defaults', async () => {
    const [filial] = (await api('GET', '/api/Filiais')).json() as Array<Record<string, unknown>>;
    await api('PATCH', `/api/Filiais/${filial?.id}`, { ativo: false });
    const response = await api('PUT', `/api/Filiais/${filial?.id}`, { nome: 'Só o nome' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ nome: 'Só o nome', ativo: true, apelido: null });
  });

  it('PUT /api/Filiais/{id} without a required field answers 422 naming it and changes nothing', async () => {
    const [filial] = (await api('GET', '/api/Filiais')).json() as Array<Record<string, unknown>>;
    const response = await api('PUT', `/api/Filiais/${filial?.id}`, { apelido: 'Sem nome' });
    const error = expectClientError(response);
    expect(response.statusCode).toBe(422);
    // "nome" is labelled Razão social in the filial entity.
    expect(error.message).toContain('faltam: Razão social');
    expect(error.details).toEqual({
      fields: [{ campo: 'nome', mensagem: 'Razão social: preenchimento obrigatório' }],
    });
    const after = (await api('GET', `/api/Filiais/${filial?.id}`)).json();
    expect(after).toMatchObject({ nome: filial?.nome, apelido: filial?.apelido });
  });

  it('a null on a NOT NULL column answers 422 naming the field (one translation of PostgreSQL errors)', async () => {
    const [filial] = (await api('GET', '/api/Filiais')).json() as Array<Record<string, unknown>>;
    const response = await api('PATCH', `/api/Filiais/${filial?.id}`, { ativo: null });
    const error = expectClientError(response);
    expect(response.statusCode).toBe(422);
    expect(error).toMatchObject({ code: 'CAMPO_OBRIGATORIO', details: { fields: [{ campo: 'ativo' }] } });
    expect(error.message).toContain('Ativo');
  });
});

describe('finding 8: empty JSON bodies where a body is optional', () => {
  it('POST /api/Usuarios/logout with Content-Type application/json and no body logs out', async () => {
    const own = await login(server.app, 'vendedor@erp.local');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/Usuarios/logout',
      headers: { host: 'localhost', authorization: own, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const after = await server.app.inject({
      method: 'GET',
      url: '/api/Usuarios/getUserInfo',
      headers: { host: 'localhost', authorization: own },
    });
    expect(after.statusCode).toBe(401);
  });

  it('DELETE with Content-Type application/json and no body deletes', async () => {
    const created = await api('POST', '/api/Perfis', { nome: 'Temporário', permissoes: {} });
    expect(created.statusCode, created.body).toBe(200);
    const response = await api('DELETE', `/api/Perfis/${created.json().id}`, '', {
      'content-type': 'application/json',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: 1 });
  });

  it('a required body of a hand-written route answers 400 in pt-BR when empty', async () => {
    const response = await api('POST', '/api/ArquivosFiscais/sped/preview', '', {
      'content-type': 'application/json',
    });
    const error = expectClientError(response);
    expect(response.statusCode).toBe(400);
    expect(error.message).toBe(
      'Dados inválidos: envie no corpo da requisição um objeto JSON com os campos pedidos.',
    );
  });

  it('a required body still answers 400 in pt-BR when empty', async () => {
    const response = await api('POST', '/api/Perfis', '', { 'content-type': 'application/json' });
    const error = expectClientError(response);
    expect(response.statusCode).toBe(400);
    expect(error.message).not.toMatch(/body|must/i);
  });
});

describe('hostile bodies and query strings: clean 400s in pt-BR', () => {
  const raw = (url: string, payload: string | Buffer, method = 'POST') =>
    server.app.inject({
      method: method as 'POST',
      url,
      headers: { host: 'localhost', authorization: token, 'content-type': 'application/json' },
      payload,
    });
  const cases: Array<[string, string | Buffer, string]> = [
    ['deep nesting', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, 'JSON_PROFUNDO_DEMAIS'],
    ['deep arrays', `${'['.repeat(200_000)}${']'.repeat(200_000)}`, 'JSON_PROFUNDO_DEMAIS'],
    ['a __proto__ key', '{"nome":"x","__proto__":{"isAvanco":true}}', 'JSON_CHAVE_PROIBIDA'],
    [
      'a constructor.prototype key',
      '{"nome":"x","constructor":{"prototype":{"a":1}}}',
      'JSON_CHAVE_PROIBIDA',
    ],
    [
      'invalid UTF-8',
      Buffer.from([0x7b, 0x22, 0x6e, 0x6f, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      'TEXTO_INVALIDO',
    ],
    ['invalid JSON', '{"nome":', 'JSON_INVALIDO'],
  ];
  for (const [what, payload, code] of cases) {
    it(`a JSON body with ${what} answers 400 ${code}`, async () => {
      const response = await raw('/api/Clientes', payload);
      const error = expectClientError(response);
      expect(response.statusCode).toBe(400);
      expect(error.code).toBe(code);
    });
  }

  it('invalid UTF-8 in the query string answers 400', async () => {
    const response = await api('GET', '/api/Clientes?filter=%C3%28');
    const error = expectClientError(response);
    expect(response.statusCode).toBe(400);
    expect(error.code).toBe('TEXTO_INVALIDO');
  });

  it('invalid UTF-8 or an over-long value in the path answers in the envelope, in pt-BR', async () => {
    const bad = await api('GET', '/api/Clientes/%C3%28%FF');
    expect(bad.statusCode).toBe(400);
    expect(expectClientError(bad).code).toBe('TEXTO_INVALIDO');
    const long = await api('GET', `/api/Clientes/${'9'.repeat(300)}`);
    expect(long.statusCode).toBe(414);
    expect(expectClientError(long)).toMatchObject({
      code: 'PARAMETRO_LONGO_DEMAIS',
      message: 'Um parâmetro do endereço é longo demais.',
    });
  });

  it('a 1 MB string in a field with a declared size answers 400 naming the field', async () => {
    const response = await api('POST', '/api/Clientes', { nome: 'a'.repeat(1024 * 1024) });
    const error = expectClientError(response);
    expect(response.statusCode).toBe(400);
    expect(error.message).toContain('Nome');
  });
});

describe('versao out of range', () => {
  it('a PATCH with versao 2^63 or 1e308 answers 400 naming Versão (validation, not the database)', async () => {
    const [filial] = (await api('GET', '/api/Filiais')).json() as Array<Record<string, unknown>>;
    for (const versao of ['9223372036854775808', '1e308']) {
      const response = await server.app.inject({
        method: 'PATCH',
        url: `/api/Filiais/${filial?.id}`,
        headers: { host: 'localhost', authorization: token, 'content-type': 'application/json' },
        payload: `{"apelido":"x","versao":${versao}}`,
      });
      const error = expectClientError(response);
      expect(response.statusCode).toBe(400);
      expect(error).toMatchObject({ code: 'DADOS_INVALIDOS', details: { fields: [{ campo: 'versao' }] } });
      expect(error.message).toContain('Versão');
    }
  });
});
