import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/** The generic records API through the Clientes resource (cliente entity, a view of pessoa when it is one). */
let server: TestServer;
const tokens: Record<string, string> = {};
let demoUserId: number;

type Body = Record<string, unknown>;
const api = (method: string, url: string, token: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const withFilter = (filter: unknown) => `/api/Clientes?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const list = async (filter: unknown, token = tokens.demo) => {
  const response = await api('GET', withFilter(filter), token);
  expect(response.statusCode).toBe(200);
  return response.json() as Body[];
};
const create = async (payload: Body, token = tokens.demo) => {
  const response = await api('POST', '/api/Clientes', token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Body;
};

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['vendedor', 'trial']) tokens[user] = await login(server.app, `${user}@erp.local`);
  const demo = await api('POST', '/api/Usuarios/login', undefined, {
    email: 'demo@erp.local',
    password: 'demo1234',
  });
  tokens.demo = demo.json().id;
  demoUserId = demo.json().userId;
  // A profile that may only view clientes, and a user holding it.
  tokens.consulta = (
    await addDemoUserWithProfile(server, {
      email: 'consulta@erp.local',
      nome: 'Célia Consulta',
      perfil: 'Consulta',
      permissoes: { VENDAS_CLIENTES: 1 },
    })
  ).token;
});
afterAll(async () => server?.close());

describe('records API: create, list, filter, count, get', () => {
  let ana: Body;

  beforeAll(async () => {
    ana = await create({
      nome: 'Ana Souza',
      cpfCnpj: '529.982.247-25',
      email: 'ana@exemplo.com.br',
      uf: 'SP',
      limiteCredito: 1500,
      ativo: true,
    });
    await create({ nome: 'Bruno Lima', uf: 'RJ', limiteCredito: 500 });
    await create({
      nome: 'Carla Dias',
      cpfCnpj: '11.222.333/0001-81',
      uf: 'SP',
      limiteCredito: 3000,
      ativo: false,
    });
    await create({ nome: 'Anderson Reis', uf: 'MG', limiteCredito: 0 });
  });

  it('stores the record with audit columns and returns it in API shape', () => {
    expect(ana).toMatchObject({
      nome: 'Ana Souza',
      cpfCnpj: '52998224725',
      email: 'ana@exemplo.com.br',
      uf: 'SP',
      limiteCredito: 1500,
      ativo: true,
      versao: 1,
      criadoPor: demoUserId,
      alteradoPor: demoUserId,
    });
    expect(ana.id).toEqual(expect.any(Number));
    expect(Date.parse(ana.criadoEm as string)).not.toBeNaN();
    expect(ana.alteradoEm).toBe(ana.criadoEm);
  });

  it('fills defaults the body left out', async () => {
    const [bruno] = await list({ where: { nome: 'Bruno Lima' } });
    expect(bruno?.ativo).toBe(true);
  });

  it('filters with like, inq and gt, orders, pages and selects fields', async () => {
    const names = (rows: Body[]) => rows.map((row) => row.nome);
    expect(names(await list({ where: { nome: { like: 'An%' } }, order: 'nome ASC' }))).toEqual([
      'Ana Souza',
      'Anderson Reis',
    ]);
    expect(names(await list({ where: { uf: { inq: ['RJ', 'MG'] } }, order: 'nome ASC' }))).toEqual([
      'Anderson Reis',
      'Bruno Lima',
    ]);
    expect(
      names(await list({ where: { limiteCredito: { gt: 1000 } }, order: 'limiteCredito DESC' })),
    ).toEqual(['Carla Dias', 'Ana Souza']);
    expect(names(await list({ order: 'nome ASC', limit: 2, skip: 1 }))).toEqual([
      'Anderson Reis',
      'Bruno Lima',
    ]);
    const [first, ...rest] = await list({ fields: ['id', 'nome'], order: 'nome ASC', limit: 2 });
    expect(Object.keys(first ?? {}).sort()).toEqual(['id', 'nome']);
    expect(rest).toHaveLength(1);
    expect(names(await list({ where: { ativo: false } }))).toEqual(['Carla Dias']);
    expect(names(await list({ where: { criadoEm: { gte: '2000-01-01T00:00:00Z' } } }))).toHaveLength(4);
  });

  it('answers 400 with a pt-BR message for a bad filter', async () => {
    const response = await api('GET', withFilter({ where: { senha: 'x' } }), tokens.demo);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('o campo "senha" não existe');
  });

  it('counts with a where clause', async () => {
    const where = encodeURIComponent(JSON.stringify({ uf: 'SP' }));
    const response = await api('GET', `/api/Clientes/count?where=${where}`, tokens.demo);
    expect(response.json()).toEqual({ count: 2 });
    expect((await api('GET', '/api/Clientes/count', tokens.demo)).json()).toEqual({ count: 4 });
  });

  it('gets one record by id, with fields', async () => {
    const one = await api('GET', `/api/Clientes/${ana.id}`, tokens.demo);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: ana.id, nome: 'Ana Souza', email: 'ana@exemplo.com.br' });
    const filter = encodeURIComponent(JSON.stringify({ fields: ['nome'] }));
    expect((await api('GET', `/api/Clientes/${ana.id}?filter=${filter}`, tokens.demo)).json()).toEqual({
      nome: 'Ana Souza',
    });
    const missing = await api('GET', '/api/Clientes/999999', tokens.demo);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Cliente não encontrado.');
  });
});

describe('records API: update and delete', () => {
  it('PATCH changes only the fields sent, PUT replaces the whole record; both bump versao', async () => {
    const created = await create({
      nome: 'Diego Melo',
      email: 'diego@exemplo.com.br',
      uf: 'PR',
      limiteCredito: 10,
    });
    const patched = await api('PATCH', `/api/Clientes/${created.id}`, tokens.vendedor, {
      limiteCredito: 20,
      versao: 1,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      nome: 'Diego Melo',
      email: 'diego@exemplo.com.br',
      limiteCredito: 20,
    });
    expect(patched.json().versao).toBe(2);
    expect(patched.json().alteradoPor).not.toBe(demoUserId);
    expect(patched.json().criadoPor).toBe(demoUserId);
    // A record read from the API can be sent back as is (system fields are ignored).
    const replaced = await api('PUT', `/api/Clientes/${created.id}`, tokens.demo, {
      ...(patched.json() as Body),
      email: undefined,
      nome: 'Diego Melo Jr.',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ nome: 'Diego Melo Jr.', email: null, uf: 'PR', versao: 3 });
    expect(replaced.json().alteradoPor).toBe(demoUserId);
  });

  it('refuses a stale versao with 409', async () => {
    const created = await create({ nome: 'Elisa Prado' });
    expect(
      (await api('PATCH', `/api/Clientes/${created.id}`, tokens.demo, { uf: 'SC', versao: 1 })).statusCode,
    ).toBe(200);
    const stale = await api('PATCH', `/api/Clientes/${created.id}`, tokens.demo, { uf: 'RS', versao: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'Este registro foi alterado por outro usuário. Recarregue a página e tente novamente.',
    );
    const put = await api('PUT', `/api/Clientes/${created.id}`, tokens.demo, { nome: 'Elisa', versao: 1 });
    expect(put.statusCode).toBe(409);
  });

  it('deletes and then answers 404', async () => {
    const created = await create({ nome: 'Fábio Nunes' });
    const deleted = await api('DELETE', `/api/Clientes/${created.id}`, tokens.vendedor);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ count: 1 });
    expect((await api('GET', `/api/Clientes/${created.id}`, tokens.demo)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/Clientes/${created.id}`, tokens.demo)).statusCode).toBe(404);
  });
});

describe('records API: validation and constraints', () => {
  it('answers 400 in pt-BR naming the field label', async () => {
    const response = await api('POST', '/api/Clientes', tokens.demo, { email: 'ana@exemplo.com.br' });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('DADOS_INVALIDOS');
    expect(error.message).toContain('Nome / Razão social');
    expect(error.details.fields).toContainEqual({
      campo: 'nome',
      mensagem: 'Nome / Razão social: preenchimento obrigatório',
    });
  });

  it('localizes ajv messages (ajv-i18n) and reports every field', async () => {
    const response = await api('POST', '/api/Clientes', tokens.demo, {
      nome: 'x'.repeat(121),
      limiteCredito: -1,
      uf: 'XX',
      email: 'sem-arroba',
      desconhecido: 1,
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.details.fields as Array<{ campo: string; mensagem: string }>;
    const byField = Object.fromEntries(fields.map((issue) => [issue.campo, issue.mensagem]));
    expect(byField.nome).toBe('Nome / Razão social: não deve ser maior que 120 caracteres');
    expect(byField.limiteCredito).toBe('Limite de crédito: deve ser >= 0');
    expect(byField.uf).toMatch(/^UF: opção inválida/);
    expect(byField.email).toBe('E-mail: endereço de e-mail inválido');
    expect(byField.desconhecido).toBe('desconhecido: campo desconhecido');
  });

  it('rejects an invalid CPF/CNPJ with "Documento inválido" on cpfCnpj', async () => {
    const response = await api('POST', '/api/Clientes', tokens.demo, {
      nome: 'Gil',
      cpfCnpj: '529.982.247-26',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields).toEqual([
      { campo: 'cpfCnpj', mensagem: 'CPF/CNPJ: Documento inválido' },
    ]);
  });

  it('answers 409 "Registro duplicado" naming cpfCnpj for a duplicate document', async () => {
    await create({ nome: 'Helena', cpfCnpj: '45.997.418/0001-53' });
    const response = await api('POST', '/api/Clientes', tokens.demo, {
      nome: 'Helena 2',
      cpfCnpj: '45997418000153',
    });
    expect(response.statusCode).toBe(409);
    const { error } = response.json();
    expect(error.message).toBe('Registro duplicado, verifique os dados e tente novamente');
    expect(error.details.fields.map((issue: { campo: string }) => issue.campo)).toContain('cpfCnpj');
  });
});

describe('records API: permissions and tenants', () => {
  it('lets a view-only profile read but not write (403)', async () => {
    const created = await create({ nome: 'Igor Alves' });
    expect((await api('GET', withFilter({}), tokens.consulta)).statusCode).toBe(200);
    expect((await api('GET', `/api/Clientes/${created.id}`, tokens.consulta)).statusCode).toBe(200);
    const denied = await api('POST', '/api/Clientes', tokens.consulta, { nome: 'Negado' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toContain('Você não tem permissão');
    expect(
      (await api('PATCH', `/api/Clientes/${created.id}`, tokens.consulta, { nome: 'X' })).statusCode,
    ).toBe(403);
    expect((await api('DELETE', `/api/Clientes/${created.id}`, tokens.consulta)).statusCode).toBe(403);
    expect((await api('GET', withFilter({}), undefined)).statusCode).toBe(401);
  });

  it('hides every row from another company: list, count, get, put, patch, delete', async () => {
    const created = await create({ nome: 'Joana Privada', uf: 'BA' });
    const other = tokens.trial;
    expect((await list({}, other)).map((row) => row.id)).not.toContain(created.id);
    const where = encodeURIComponent(JSON.stringify({ nome: 'Joana Privada' }));
    expect((await api('GET', `/api/Clientes/count?where=${where}`, other)).json()).toEqual({ count: 0 });
    const url = `/api/Clientes/${created.id}`;
    expect((await api('GET', url, other)).statusCode).toBe(404);
    expect((await api('PUT', url, other, { nome: 'Tomada' })).statusCode).toBe(404);
    expect((await api('PATCH', url, other, { nome: 'Tomada' })).statusCode).toBe(404);
    expect((await api('DELETE', url, other)).statusCode).toBe(404);
    const own = await create({ nome: 'Cliente do Trial', cpfCnpj: '529.982.247-25' }, other);
    expect(own.empresaId).not.toBe(created.empresaId);
    const still = await api('GET', url, tokens.demo);
    expect(still.json()).toMatchObject({ nome: 'Joana Privada', versao: 1 });
  });
});
