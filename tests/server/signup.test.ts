import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

const valid = {
  email: 'nova@empresa.com.br',
  senha: 'segredo1',
  confirmaSenha: 'segredo1',
  cpfCnpj: '11.444.777/0001-61',
  nome: 'João Pereira',
  empresa: 'Pereira Comércio Ltda',
  telefone: '(21) 3456-7890',
  regime: 2,
};

const signUp = (payload: Record<string, unknown>, host = 'localhost') =>
  server.app.inject({ method: 'POST', url: '/api/Usuarios/cadastro', headers: { host }, payload });

interface CreatedCompany {
  id: number;
  cpf_cnpj: string | null;
  trial: boolean;
  bloqueada: boolean;
  dias: number;
  plano: string | null;
  indicante: unknown;
  campos_cadastro: Record<string, string>;
  nao_cadastrar_superlogica: boolean;
}

/** The company created for the user `userId`, read without RLS. */
const companyOf = (userId: number) =>
  server.db.withSystem((tx) =>
    tx.one<CreatedCompany>(
      `SELECT e.id, e.cpf_cnpj, e.trial, e.bloqueada, e.data_vencimento - current_date AS dias, p.id_externo AS plano,
              e.indicante, e.campos_cadastro, e.nao_cadastrar_superlogica
         FROM usuario u JOIN empresa e ON e.id = u.empresa_id LEFT JOIN plano p ON p.id = e.plano_id
        WHERE u.id = $1`,
      [userId],
    ),
  );

describe('POST /api/Usuarios/cadastro validation (spec 000 §5)', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['missing e-mail', { email: undefined }, 'email', 'O E-mail é obrigatório!'],
    ['malformed e-mail', { email: 'nova@empresa' }, 'email', 'E-mail inválido!'],
    ['long e-mail', { email: `${'n'.repeat(40)}@empresa.com.br` }, 'email', 'Máximo 50 caracteres!'],
    ['short password', { senha: '12345', confirmaSenha: '12345' }, 'senha', 'Mínimo 6 caracteres!'],
    ['different confirmation', { confirmaSenha: 'segredo2' }, 'confirmaSenha', 'Os valores não conferem!'],
    ['invalid CNPJ', { cpfCnpj: '11.444.777/0001-62' }, 'cpfCnpj', 'Documento inválido'],
    ['invalid CPF', { cpfCnpj: '111.111.111-11' }, 'cpfCnpj', 'Documento inválido'],
    ['missing company', { empresa: '  ' }, 'empresa', 'O nome da empresa é obrigatório!'],
    ['missing phone', { telefone: undefined }, 'telefone', 'O telefone é obrigatório!'],
    ['missing name', { nome: '' }, 'nome', 'Informe o nome!'],
    ['missing document', { cpfCnpj: undefined }, 'cpfCnpj', 'Campo Obrigatório!'],
    ['missing regime', { regime: undefined }, 'regime', 'Campo Obrigatório!'],
  ];
  it.each(cases)('%s → 400 with the field message', async (_name, overrides, campo, mensagem) => {
    const response = await signUp({ ...valid, ...overrides });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.details.fields).toEqual([{ campo, mensagem }]);
    expect(error.message).toBe(mensagem);
  });

  it('lists every problem of an empty form at once', async () => {
    const response = await signUp({});
    expect(response.statusCode).toBe(400);
    const campos = response.json().error.details.fields.map((field: { campo: string }) => field.campo);
    expect(campos.sort()).toEqual(
      ['confirmaSenha', 'cpfCnpj', 'email', 'empresa', 'nome', 'regime', 'senha', 'telefone'].sort(),
    );
  });

  it('answers a duplicate e-mail (any case) with 409 and a message containing "Já existe"', async () => {
    const response = await signUp({ ...valid, email: 'DEMO@erp.local' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('Já existe');
  });
});

describe('POST /api/Usuarios/cadastro account creation', () => {
  it('accepts an alphanumeric CNPJ and creates company, branch, full admin profile and a 15-day trial', async () => {
    const response = await signUp({ ...valid, cpfCnpj: '12.ABC.345/01DE-35' });
    expect(response.statusCode, response.body).toBe(200);
    const { id, userId } = response.json();
    expect(id).toMatch(/^[\w-]{43}$/);
    const company = await companyOf(userId);
    expect(company).toMatchObject({ cpf_cnpj: '12ABC34501DE35', trial: true, bloqueada: false, dias: 15 });
    expect(company.plano).toBe('trial');

    const rows = await server.db.withSystem(async (tx) => ({
      filiais: await tx.query<{ id: number; nome: string }>(
        'SELECT id, nome FROM filial WHERE empresa_id = $1',
        [company.id],
      ),
      user: await tx.one<{
        perfil_admin: boolean;
        filial_selecionada_id: number;
        permissoes: Record<string, number>;
      }>(
        `SELECT u.perfil_admin, u.filial_selecionada_id, p.permissoes
           FROM usuario u JOIN perfil p ON p.id = u.perfil_id WHERE u.id = $1`,
        [userId],
      ),
    }));
    expect(rows.filiais).toEqual([{ id: expect.any(Number), nome: 'Pereira Comércio Ltda' }]);
    expect(rows.user.perfil_admin).toBe(true);
    expect(rows.user.filial_selecionada_id).toBe(rows.filiais[0]?.id);
    const keys = Object.keys(
      (server.tenants.schemaFiles['schemas/permissions/keys.json'] as { keys: Record<string, unknown> }).keys,
    );
    expect(keys.length).toBeGreaterThan(10);
    expect(Object.keys(rows.user.permissoes).sort()).toEqual([...keys].sort());
    expect(Object.values(rows.user.permissoes).every((level) => level === 4)).toBe(true);

    const info = await server.app.inject({
      method: 'GET',
      url: '/api/Usuarios/getUserInfo?sistema=novoerp',
      headers: { host: 'localhost', authorization: id },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      id: userId,
      email: 'nova@empresa.com.br',
      nome: 'João Pereira',
      perfilAdmin: true,
      empresaObj: { trial: true, bloqueada: false },
      configWhiteLabel: { idConfig: 'demo' },
      filialSelecionadaObj: { nome: 'Pereira Comércio Ltda' },
    });
  });

  it('stores the referral, campo1–campo4 and naoCadastrasSuperlogica', async () => {
    const indicante = { id: 42, nome: 'Parceiro Contábil' };
    const response = await signUp({
      ...valid,
      email: 'indicada@empresa.com.br',
      cpfCnpj: '529.982.247-25',
      indicante: Buffer.from(JSON.stringify(indicante)).toString('base64'),
      campo1: 'google',
      campo2: 'cpc',
      campo3: 'campanha-verao',
      campo4: 'banner',
      naoCadastrasSuperlogica: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await companyOf(response.json().userId)).toMatchObject({
      cpf_cnpj: '52998224725',
      indicante,
      campos_cadastro: { campo1: 'google', campo2: 'cpc', campo3: 'campanha-verao', campo4: 'banner' },
      nao_cadastrar_superlogica: true,
    });

    const plain = await signUp({
      ...valid,
      email: 'sem-indicacao@empresa.com.br',
      indicante: 'não é base64 {',
    });
    expect(plain.statusCode).toBe(200);
    expect(await companyOf(plain.json().userId)).toMatchObject({
      indicante: null,
      campos_cadastro: {},
      nao_cadastrar_superlogica: false,
    });
  });

  it('on the verde white-label requires only its shown fields and gives its 30-day trial', async () => {
    const minimal = { email: 'loja@verde.com.br', senha: 'segredo1', confirmaSenha: 'segredo1' };
    const missing = await signUp(minimal, 'verde.localhost');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields).toEqual([
      { campo: 'empresa', mensagem: 'O nome da empresa é obrigatório!' },
      { campo: 'telefone', mensagem: 'O telefone é obrigatório!' },
    ]);
    const response = await signUp(
      { ...minimal, empresa: 'Loja Verde', telefone: '(31) 9 8888-7777' },
      'verde.localhost',
    );
    expect(response.statusCode, response.body).toBe(200);
    const { id, userId } = response.json();
    expect(await companyOf(userId)).toMatchObject({
      dias: 30,
      trial: true,
      plano: 'verde-trial',
      cpf_cnpj: null,
    });
    const info = await server.app.inject({
      method: 'GET',
      url: '/api/Usuarios/getUserInfo',
      headers: { host: 'verde.localhost', authorization: id },
    });
    expect(info.json().configWhiteLabel.idConfig).toBe('verde');
    // The same e-mail is free on another white-label.
    const demo = await signUp({ ...valid, email: 'loja@verde.com.br' });
    expect(demo.statusCode).toBe(200);
  });
});
