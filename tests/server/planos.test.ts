import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let admin: string;
let vendedor: string;
let demoId: number;
let verdeId: number;
beforeAll(async () => {
  server = await createTestServer();
  admin = await login(server.app, 'admin@erp.local');
  vendedor = await login(server.app, 'vendedor@erp.local');
  const tenants = await server.tenants.all();
  demoId = tenants.find((tenant) => tenant.settings.slug === 'demo')!.id;
  verdeId = tenants.find((tenant) => tenant.settings.slug === 'verde')!.id;
});
afterAll(async () => server?.close());

interface Plano {
  id: number;
  idExterno: string;
  configWhiteLabel: number;
  nome: string;
  valor: number;
  diasTrial: number | null;
  modulos: Array<{ id: string; visivel: boolean }>;
  ativo: boolean;
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; host?: string; payload?: Record<string, unknown> } = {},
) =>
  server.app.inject({
    method,
    url,
    payload: options.payload,
    headers: {
      host: options.host ?? 'localhost',
      ...(options.token ? { authorization: options.token } : {}),
    },
  });
const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));
const list = async (filter: unknown, options: { token?: string; host?: string } = {}) => {
  const response = await call('GET', `/api/Planos?filter=${q(filter)}`, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Plano[];
};

describe('reading plans', () => {
  it('shows anonymous visitors only the plans of the white-label they address', async () => {
    const demo = await list({});
    expect(demo.map((plano) => plano.idExterno).sort()).toEqual(['basico', 'completo', 'trial']);
    expect(demo.every((plano) => plano.configWhiteLabel === demoId)).toBe(true);
    const verde = await list({}, { host: 'verde.localhost' });
    expect(verde.map((plano) => plano.idExterno).sort()).toEqual(['basico', 'completo', 'verde-trial']);
    expect(await list({ where: { configWhiteLabel: verdeId } })).toEqual([]);
    expect(await list({ where: { configWhiteLabel: verdeId } }, { token: vendedor })).toEqual([]);
  });

  it('shows platform staff every white-label, filtered and ordered as asked', async () => {
    const all = await list({ order: 'valor DESC' }, { token: admin });
    expect(new Set(all.map((plano) => plano.configWhiteLabel))).toEqual(new Set([demoId, verdeId]));
    expect(all[0]?.valor).toBe(189.9);
    const verde = await list({ where: { configWhiteLabel: verdeId, ativo: true } }, { token: admin });
    expect(verde).toHaveLength(3);
  });

  it('finds one plan by idExterno and configWhiteLabel', async () => {
    const response = await call(
      'GET',
      `/api/Planos/findOne?filter=${q({ where: { idExterno: 'basico', configWhiteLabel: demoId } })}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      idExterno: 'basico',
      nome: 'Básico',
      valor: 89.9,
      configWhiteLabel: demoId,
      ativo: true,
    });
    const none = await call(
      'GET',
      `/api/Planos/findOne?filter=${q({ where: { idExterno: 'inexistente' } })}`,
    );
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('Nenhum plano encontrado para o filtro informado.');
    const otherTenant = await call(
      'GET',
      `/api/Planos/findOne?filter=${q({ where: { idExterno: 'verde-trial' } })}`,
    );
    expect(otherTenant.statusCode).toBe(404);
  });

  it('reads a plan by id within the white-label', async () => {
    const [verdePlan] = await list({ where: { configWhiteLabel: verdeId } }, { token: admin });
    expect((await call('GET', `/api/Planos/${verdePlan!.id}`, { host: 'verde.localhost' })).statusCode).toBe(
      200,
    );
    const hidden = await call('GET', `/api/Planos/${verdePlan!.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe(`Plano ${verdePlan!.id} não encontrado.`);
    expect((await call('GET', `/api/Planos/${verdePlan!.id}`, { token: admin })).json().idExterno).toBe(
      verdePlan!.idExterno,
    );
    expect((await call('GET', '/api/Planos/abc')).statusCode).toBe(400);
  });

  it('answers bad filters with 400', async () => {
    for (const filter of [
      '{"where":{"senha":1}}',
      '{"where":{"modulo":5}}',
      '{"include":"empresa"}',
      '{nope',
    ]) {
      const response = await call('GET', `/api/Planos?filter=${encodeURIComponent(filter)}`);
      expect(response.statusCode, filter).toBe(400);
      expect(response.json().error.message, filter).toMatch(/^Filtro inválido/);
    }
  });
});

describe('writing plans', () => {
  let premium: Plano;

  it('creates a plan on the addressed white-label with its modules', async () => {
    const response = await call('POST', '/api/Planos', {
      token: admin,
      payload: {
        idExterno: 'premium',
        nome: 'Premium',
        descricao: 'Tudo incluído',
        valor: 299.9,
        modulos: [{ id: 'nfse' }, { id: 'pagamentos', visivel: false }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    premium = response.json();
    expect(premium).toMatchObject({
      idExterno: 'premium',
      configWhiteLabel: demoId,
      valor: 299.9,
      diasTrial: null,
      ativo: true,
      modulos: [
        { id: 'nfse', visivel: true },
        { id: 'pagamentos', visivel: false },
      ],
    });
  });

  it('filters by module', async () => {
    const withNfse = await list({ where: { modulo: 'nfse' } });
    expect(withNfse.map((plano) => plano.idExterno)).toEqual(['premium']);
    expect(await list({ where: { modulo: 'contabil' } })).toEqual([]);
    expect(await list({ where: { modulo: 'nfse' } }, { host: 'verde.localhost' })).toEqual([]);
  });

  it('rejects duplicates, unknown modules or white-labels and bad values', async () => {
    const post = (payload: Record<string, unknown>) => call('POST', '/api/Planos', { token: admin, payload });
    const duplicate = await post({ idExterno: 'premium', nome: 'Outro' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('Já existe um plano com este idExterno nesta configuração.');
    expect(
      (await post({ idExterno: 'premium', nome: 'Premium Verde', configWhiteLabel: verdeId })).statusCode,
    ).toBe(200);
    const modulo = await post({ idExterno: 'x1', nome: 'X', modulos: [{ id: 'foguete' }] });
    expect(modulo.json().error.message).toBe('O módulo "foguete" não existe.');
    const config = await post({ idExterno: 'x2', nome: 'X', configWhiteLabel: 99999 });
    expect(config.statusCode).toBe(400);
    expect(config.json().error.message).toBe('A configuração de white-label 99999 não existe.');
    expect((await post({ idExterno: 'x3' })).statusCode).toBe(400);
    expect((await post({ idExterno: 'x4', nome: 'X', valor: -1 })).statusCode).toBe(400);
    const extra = await post({ idExterno: 'x5', nome: 'X', preco: 10 });
    expect(extra.json().error.message).toBe('O campo "preco" não existe em Planos.');
  });

  it('updates the fields sent', async () => {
    const response = await call('PUT', `/api/Planos/${premium.id}`, {
      token: admin,
      payload: { valor: 249.9, ativo: false, diasTrial: 7 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      idExterno: 'premium',
      nome: 'Premium',
      valor: 249.9,
      ativo: false,
      diasTrial: 7,
    });
    expect((await call('GET', `/api/Planos/${premium.id}`)).json().valor).toBe(249.9);
    const clash = await call('PUT', `/api/Planos/${premium.id}`, {
      token: admin,
      payload: { idExterno: 'basico' },
    });
    expect(clash.statusCode).toBe(409);
    expect(
      (await call('PUT', '/api/Planos/999999', { token: admin, payload: { nome: 'X' } })).statusCode,
    ).toBe(404);
    const mismatch = await call('PUT', `/api/Planos/${premium.id}`, {
      token: admin,
      payload: { id: premium.id + 1 },
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('is for platform staff only', async () => {
    for (const token of [vendedor, await login(server.app, 'demo@erp.local')]) {
      const put = await call('PUT', `/api/Planos/${premium.id}`, { token, payload: { valor: 1 } });
      expect(put.statusCode).toBe(403);
      expect((await call('DELETE', `/api/Planos/${premium.id}`, { token })).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/Planos', { token, payload: { idExterno: 'y', nome: 'Y' } })).statusCode,
      ).toBe(403);
    }
    expect((await call('POST', '/api/Planos', { payload: { idExterno: 'y', nome: 'Y' } })).statusCode).toBe(
      401,
    );
    expect((await call('GET', `/api/Planos/${premium.id}`)).json().valor).toBe(249.9);
  });

  it('deletes an unused plan and refuses one that companies use', async () => {
    const [trial] = await list({ where: { idExterno: 'trial' } });
    const inUse = await call('DELETE', `/api/Planos/${trial!.id}`, { token: admin });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toMatch(/^Não é possível excluir: \d+ empresas? us/);
    expect((await call('DELETE', `/api/Planos/${premium.id}`, { token: admin })).json()).toEqual({
      count: 1,
    });
    expect((await call('DELETE', `/api/Planos/${premium.id}`, { token: admin })).statusCode).toBe(404);
    expect((await call('GET', `/api/Planos/${premium.id}`)).statusCode).toBe(404);
  });
});
