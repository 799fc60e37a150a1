import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
const planos: Record<string, number> = {};
let verdeBasico: number;

beforeAll(async () => {
  server = await createTestServer();
  const rows = await server.db.withSystem((tx) =>
    tx.query<{ id: number; id_externo: string; slug: string }>(
      `SELECT p.id, p.id_externo, c.slug FROM plano p JOIN config_white_label c ON c.id = p.config_white_label_id`,
    ),
  );
  for (const row of rows) if (row.slug === 'demo') planos[row.id_externo] = row.id;
  verdeBasico = rows.find((row) => row.slug === 'verde' && row.id_externo === 'basico')?.id as number;
});
afterAll(async () => server?.close());

const post = (url: string, token: string | undefined, payload: unknown) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
    payload: payload as object,
  });

interface Company {
  token: string;
  empresaId: number;
  filialId: number;
}

let counter = 0;
/** Signs up a brand-new trial company and returns its admin's token, company and first branch. */
async function signUp(): Promise<Company> {
  counter += 1;
  const senha = 'segredo1';
  const response = await post('/api/Usuarios/cadastro', undefined, {
    email: `plano${counter}@empresa${counter}.com.br`,
    senha,
    confirmaSenha: senha,
    nome: `Dono ${counter}`,
    empresa: `Empresa Plano ${counter} Ltda`,
    telefone: '(11) 98765-4321',
    cpfCnpj: '45.997.418/0001-53',
    regime: 1,
  });
  expect(response.statusCode).toBe(200);
  const { id: token, userId } = response.json();
  const row = await server.db.withSystem((tx) =>
    tx.one<{ empresa_id: number; filial_id: number }>(
      'SELECT empresa_id, filial_selecionada_id AS filial_id FROM usuario WHERE id = $1',
      [userId],
    ),
  );
  return { token, empresaId: row.empresa_id, filialId: row.filial_id };
}

const empresa = (id: number) =>
  server.db.withSystem((tx) =>
    tx.one<{ trial: boolean; bloqueada: boolean; plano_id: number | null; vencimento: string; dias: number }>(
      `SELECT trial, bloqueada, plano_id, data_vencimento::text AS vencimento, data_vencimento - current_date AS dias
         FROM empresa WHERE id = $1`,
      [id],
    ),
  );

const today = async (days: number) =>
  (
    await server.db.withSystem((tx) =>
      tx.one<{ d: string }>('SELECT (current_date + $1::int)::text AS d', [days]),
    )
  ).d;

describe('POST /api/Usuarios/efetivarPlano', () => {
  it('takes a trial company out of trial with the plan and a due date 30 days ahead', async () => {
    const company = await signUp();
    expect((await empresa(company.empresaId)).trial).toBe(true);
    const response = await post('/api/Usuarios/efetivarPlano', company.token, {
      filialId: company.filialId,
      planoId: planos.basico,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      empresaId: company.empresaId,
      planoId: planos.basico,
      trial: false,
      bloqueada: false,
      dataVencimento: await today(30),
      situacao: 'ativo',
      modulosContratados: [],
    });
    expect(await empresa(company.empresaId)).toMatchObject({
      trial: false,
      plano_id: planos.basico,
      dias: 30,
    });
    const again = await post('/api/Usuarios/efetivarPlano', company.token, {
      filialId: company.filialId,
      planoId: planos.completo,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('já está ativa');
  });

  it('reactivates a blocked company', async () => {
    const company = await signUp();
    await server.db.withSystem((tx) =>
      tx.query('UPDATE empresa SET trial = false, bloqueada = true WHERE id = $1', [company.empresaId]),
    );
    const response = await post('/api/Usuarios/efetivarPlano', company.token, {
      filialId: company.filialId,
      planoId: planos.basico,
    });
    expect(response.json()).toMatchObject({ bloqueada: false, situacao: 'ativo' });
  });

  it('answers 404 for a plan of another white-label or a branch of another company', async () => {
    const company = await signUp();
    const other = await signUp();
    const foreignPlan = await post('/api/Usuarios/efetivarPlano', company.token, {
      filialId: company.filialId,
      planoId: verdeBasico,
    });
    expect(foreignPlan.statusCode).toBe(404);
    expect(foreignPlan.json().error.message).toBe('Plano não encontrado.');
    const foreignBranch = await post('/api/Usuarios/efetivarPlano', company.token, {
      filialId: other.filialId,
      planoId: planos.basico,
    });
    expect(foreignBranch.statusCode).toBe(404);
    expect(foreignBranch.json().error.message).toBe('Filial não encontrada.');
    // Neither company changed.
    expect((await empresa(company.empresaId)).trial).toBe(true);
    expect((await empresa(other.empresaId)).trial).toBe(true);
  });

  it('is for the company administrator only (403) and needs a session (401)', async () => {
    const vendedor = await login(server.app, 'vendedor@erp.local');
    const filial = await server.db.withSystem((tx) =>
      tx.one<{ id: number }>(
        `SELECT filial_selecionada_id AS id FROM usuario WHERE email = 'vendedor@erp.local'`,
      ),
    );
    const denied = await post('/api/Usuarios/migrarPlano', vendedor, {
      filialId: filial.id,
      planoId: planos.basico,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(
      'Somente o administrador da empresa pode contratar ou alterar o plano.',
    );
    const anonymous = await post('/api/Usuarios/efetivarPlano', undefined, { filialId: 1, planoId: 1 });
    expect(anonymous.statusCode).toBe(401);
    const invalid = await post('/api/Usuarios/efetivarPlano', vendedor, { filialId: 'x', planoId: 1 });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('POST /api/Usuarios/migrarPlano', () => {
  it('refuses a company still in trial with 409', async () => {
    const company = await signUp();
    const response = await post('/api/Usuarios/migrarPlano', company.token, {
      filialId: company.filialId,
      planoId: planos.completo,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Efetive um plano antes de migrar.');
  });

  it('changes only the plan of an active company', async () => {
    const company = await signUp();
    await post('/api/Usuarios/efetivarPlano', company.token, {
      filialId: company.filialId,
      planoId: planos.basico,
    });
    const before = await empresa(company.empresaId);
    const response = await post('/api/Usuarios/migrarPlano', company.token, {
      filialId: company.filialId,
      planoId: planos.completo,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ planoId: planos.completo, trial: false, situacao: 'ativo' });
    const after = await empresa(company.empresaId);
    expect(after).toEqual({ ...before, plano_id: planos.completo });
    const same = await post('/api/Usuarios/migrarPlano', company.token, {
      filialId: company.filialId,
      planoId: planos.completo,
    });
    expect(same.statusCode).toBe(409);
  });

  it('works for the seeded active company and leaves other companies alone', async () => {
    const demo = await login(server.app, 'demo@erp.local');
    const trialEmpresa = await server.db.withSystem((tx) =>
      tx.one<{ id: number }>(`SELECT empresa_id AS id FROM usuario WHERE email = 'trial@erp.local'`),
    );
    const trialBefore = await empresa(trialEmpresa.id);
    const demoFilial = await server.db.withSystem((tx) =>
      tx.one<{ id: number; empresa: number }>(
        `SELECT filial_selecionada_id AS id, empresa_id AS empresa FROM usuario WHERE email = 'demo@erp.local'`,
      ),
    );
    const response = await post('/api/Usuarios/migrarPlano', demo, {
      filialId: demoFilial.id,
      planoId: planos.completo,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().empresaId).toBe(demoFilial.empresa);
    expect(await empresa(trialEmpresa.id)).toEqual(trialBefore);
  });
});

describe('POST /api/Usuarios/contratarPlano', () => {
  it('makes the plan effective for the caller company with the chosen add-on modules', async () => {
    const company = await signUp();
    const response = await post('/api/Usuarios/contratarPlano', company.token, {
      planoId: planos.completo,
      modulos: ['nfse', 'nfse'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      empresaId: company.empresaId,
      planoId: planos.completo,
      trial: false,
      situacao: 'ativo',
      dataVencimento: await today(30),
      modulosContratados: ['nfse'],
    });
  });

  it('rejects unknown modules (400), foreign plans (404) and an already active company (409)', async () => {
    const company = await signUp();
    const unknown = await post('/api/Usuarios/contratarPlano', company.token, {
      planoId: planos.basico,
      modulos: ['inexistente'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Módulo não disponível para contratação: inexistente.');
    const foreign = await post('/api/Usuarios/contratarPlano', company.token, { planoId: verdeBasico });
    expect(foreign.statusCode).toBe(404);
    expect((await empresa(company.empresaId)).trial).toBe(true);
    expect(
      (await post('/api/Usuarios/contratarPlano', company.token, { planoId: planos.basico })).statusCode,
    ).toBe(200);
    const again = await post('/api/Usuarios/contratarPlano', company.token, { planoId: planos.basico });
    expect(again.statusCode).toBe(409);
  });
});

describe('GET /api/Usuarios/assinatura and PUT /api/Usuarios/modulosAdicionais', () => {
  const put = (token: string, payload: unknown) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/Usuarios/modulosAdicionais',
      headers: { host: 'localhost', authorization: token },
      payload: payload as object,
    });
  const get = (token: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/Usuarios/assinatura',
      headers: { host: 'localhost', authorization: token },
    });

  it('shows the subscription and replaces the add-ons of an active company', async () => {
    const company = await signUp();
    expect((await get(company.token)).json()).toMatchObject({ trial: true, modulosContratados: [] });
    const inTrial = await put(company.token, { modulos: ['nfse'] });
    expect(inTrial.statusCode).toBe(409);
    expect(inTrial.json().error.message).toMatch(/^Contrate um plano antes de contratar módulos adicionais/);

    await post('/api/Usuarios/contratarPlano', company.token, { planoId: planos.basico });
    const added = await put(company.token, { modulos: ['pagamentos', 'nfse', 'nfse'] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().modulosContratados).toEqual(['pagamentos', 'nfse']);
    expect((await get(company.token)).json()).toMatchObject({
      empresaId: company.empresaId,
      planoId: planos.basico,
      situacao: 'ativo',
      modulosContratados: ['pagamentos', 'nfse'],
    });
    expect((await put(company.token, { modulos: [] })).json().modulosContratados).toEqual([]);
  });

  it('refuses modules the white-label does not offer (400) and users who do not manage the plan (403)', async () => {
    const company = await signUp();
    await post('/api/Usuarios/contratarPlano', company.token, { planoId: planos.basico });
    const unknown = await put(company.token, { modulos: ['inexistente'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Módulo não disponível para contratação: inexistente.');
    const vendedor = await login(server.app, 'vendedor@erp.local');
    expect((await put(vendedor, { modulos: ['nfse'] })).statusCode).toBe(403);
    expect((await get(vendedor)).statusCode).toBe(200);
  });
});
