import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const name of ['demo', 'vendedor', 'contador', 'admin', 'trial']) {
    tokens[name] = await login(server.app, `${name}@erp.local`);
  }
  const rows = await server.db.withSystem((tx) =>
    tx.query<{ id: number; email: string }>('SELECT id, email FROM usuario'),
  );
  for (const row of rows) ids[row.email.split('@')[0] as string] = row.id;
});
afterAll(async () => server?.close());

const call = (method: string, url: string, token: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const list = (filter: unknown, token = tokens.demo) =>
  call('GET', `/api/Usuarios?filter=${encodeURIComponent(JSON.stringify(filter))}`, token);
const emails = (body: Array<{ email: string }>) => body.map((user) => user.email);

describe('GET /api/Usuarios', () => {
  it('lists the company users ordered by nome, in the API shape without the hash', async () => {
    const response = await call('GET', '/api/Usuarios', tokens.demo);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(emails(body)).toEqual(['demo@erp.local', 'contador@erp.local', 'vendedor@erp.local']);
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        'id',
        'email',
        'nome',
        'avatar',
        'perfilId',
        'perfilAdmin',
        'suporteWhiteLabel',
        'isContador',
        'isAvanco',
        'master',
        'painelAdministrativo',
        'filialSelecionada',
        'filiais',
        'ativo',
        'primeiroAcesso',
        'empresaId',
        'criadoEm',
        'alteradoEm',
        'versao',
      ].sort(),
    );
    expect(response.body).not.toContain('argon2');
    expect(body[0].filiais).toHaveLength(2);
    expect(body[0].filiais.every((id: unknown) => typeof id === 'number')).toBe(true);
  });

  it('applies like, or, and, inq, order, limit, skip and fields', async () => {
    expect(emails((await list({ where: { nome: { like: '%Vend%' } } })).json())).toEqual([
      'vendedor@erp.local',
    ]);
    const or = await list({ where: { or: [{ email: 'demo@erp.local' }, { isContador: true }] } });
    expect(emails(or.json())).toEqual(['demo@erp.local', 'contador@erp.local']);
    const and = await list({ where: { and: [{ perfilAdmin: false }, { isContador: false }] } });
    expect(emails(and.json())).toEqual(['vendedor@erp.local']);
    const inq = await list({ where: { email: { inq: ['vendedor@erp.local', 'contador@erp.local'] } } });
    expect(emails(inq.json())).toEqual(['contador@erp.local', 'vendedor@erp.local']);
    const desc = await list({ order: 'nome DESC' });
    expect(emails(desc.json())).toEqual(['vendedor@erp.local', 'contador@erp.local', 'demo@erp.local']);
    const page = await list({ order: ['email ASC'], limit: 1, skip: 1 });
    expect(emails(page.json())).toEqual(['demo@erp.local']);
    const fields = (await list({ fields: ['id', 'email'], where: { id: ids.vendedor } })).json();
    expect(fields).toEqual([{ id: ids.vendedor, email: 'vendedor@erp.local' }]);
    const without = (await list({ fields: { filiais: false, versao: false } })).json();
    expect(without[0]).not.toHaveProperty('filiais');
    expect(without[0]).toHaveProperty('nome');
  });

  it('includes perfil and filiais, and rejects other relations with 400', async () => {
    const body = (await list({ where: { id: ids.vendedor }, include: ['perfil', 'filiais'] })).json();
    expect(body[0].perfil).toMatchObject({ nome: 'Vendas' });
    expect(body[0].perfil.permissoes.VENDAS_CLIENTES).toBe(4);
    expect(body[0].filiais).toEqual([expect.objectContaining({ apelido: 'Matriz' })]);
    const bad = await list({ include: 'empresa' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('relação "empresa" não existe');
  });

  it('answers bad filters with 400 and a pt-BR message, never 500', async () => {
    const cases: Array<[string, string]> = [
      ['{nao json', 'não é um JSON válido'],
      ['{"where":{"__proto__":{"ativo":true}}}', 'chave proibida "__proto__"'],
      ['{"where":{"senhaHash":"x"}}', 'campo "senhaHash" não existe'],
      ['{"where":{"nome":{"regex":"^A"}}}', 'operador "regex" não é suportado'],
      ['{"where":{"nome":{"regexp":"(a)\\\\1"}}}', 'não aceita referências a grupos'],
      ['{"order":"senha_hash ASC"}', 'campo "senha_hash" não existe'],
      ['{"limit":5000}', 'limit deve ser um inteiro entre 0 e 1000'],
      ['{"fields":["senhaHash"]}', 'não pode ser selecionado'],
    ];
    for (const [filter, message] of cases) {
      const response = await call('GET', `/api/Usuarios?filter=${encodeURIComponent(filter)}`, tokens.demo);
      expect(response.statusCode, filter).toBe(400);
      expect(response.json().error.message, filter).toMatch(/^Filtro inválido: /);
      expect(response.json().error.message, filter).toContain(message);
    }
  });

  it('denies the vendedor (no CONFIG_USUARIOS) and allows the contador', async () => {
    const denied = await call('GET', '/api/Usuarios', tokens.vendedor);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toContain('não tem permissão');
    expect((await call('GET', '/api/Usuarios', tokens.contador)).statusCode).toBe(200);
    expect((await call('GET', '/api/Usuarios', undefined)).statusCode).toBe(401);
  });
});

describe('GET /api/Usuarios/count and /{id}', () => {
  it('counts with where', async () => {
    expect((await call('GET', '/api/Usuarios/count', tokens.demo)).json()).toEqual({ count: 3 });
    const where = encodeURIComponent(JSON.stringify({ perfilAdmin: false }));
    expect((await call('GET', `/api/Usuarios/count?where=${where}`, tokens.demo)).json()).toEqual({
      count: 2,
    });
    const bad = await call('GET', `/api/Usuarios/count?where=${encodeURIComponent('{"x":1}')}`, tokens.demo);
    expect(bad.statusCode).toBe(400);
  });

  it('gets one user with fields/include; 404 for unknown ids and other companies', async () => {
    const filter = encodeURIComponent(JSON.stringify({ include: 'perfil' }));
    const one = await call('GET', `/api/Usuarios/${ids.vendedor}?filter=${filter}`, tokens.demo);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ email: 'vendedor@erp.local', perfil: { nome: 'Vendas' } });
    for (const id of [999_999, ids.trial]) {
      const missing = await call('GET', `/api/Usuarios/${id}`, tokens.demo);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Usuário não encontrado.');
    }
    expect((await call('GET', '/api/Usuarios/abc', tokens.demo)).statusCode).toBe(400);
  });

  it('lets a user read their own record without the permission, but nobody else', async () => {
    expect((await call('GET', `/api/Usuarios/${ids.vendedor}`, tokens.vendedor)).statusCode).toBe(200);
    expect((await call('GET', `/api/Usuarios/${ids.demo}`, tokens.vendedor)).statusCode).toBe(403);
  });
});

describe('POST /api/Usuarios', () => {
  it('creates a user who can log in, with hashed password and the given branches', async () => {
    const filiais = (await call('GET', `/api/Usuarios/${ids.demo}`, tokens.demo)).json().filiais as number[];
    const response = await call('POST', '/api/Usuarios', tokens.demo, {
      email: ' Nova.Pessoa@ERP.local ',
      nome: 'Nova Pessoa',
      senha: 'segredo1',
      filiais: [filiais[1]],
    });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({
      email: 'nova.pessoa@erp.local',
      perfilAdmin: false,
      filiais: [filiais[1]],
      filialSelecionada: filiais[1],
      versao: 1,
      primeiroAcesso: true,
    });
    const stored = await server.db.withSystem((tx) =>
      tx.one<{ senha_hash: string; criado_por: number }>(
        'SELECT senha_hash, criado_por FROM usuario WHERE id = $1',
        [user.id],
      ),
    );
    expect(stored.senha_hash).toMatch(/^\$argon2id\$/);
    expect(stored.criado_por).toBe(ids.demo);
    await login(server.app, 'nova.pessoa@erp.local', 'segredo1');
  });

  it('answers 409 "Já existe" for an address taken in this white-label, even by another company', async () => {
    for (const email of ['vendedor@erp.local', 'TRIAL@erp.local']) {
      const response = await call('POST', '/api/Usuarios', tokens.demo, {
        email,
        nome: 'X',
        senha: '123456',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('Já existe um usuário com este e-mail.');
    }
    // Unique per white-label: the verde address is free on this one.
    const verde = await call('POST', '/api/Usuarios', tokens.demo, {
      email: 'verde@erp.local',
      nome: 'Homônimo',
      senha: '123456',
    });
    expect(verde.statusCode).toBe(200);
  });

  it('validates e-mail, password, name, profile and branches in pt-BR', async () => {
    const base = { email: 'valida@erp.local', nome: 'Valida', senha: '123456' };
    const trialIds = await server.db.withSystem((tx) =>
      tx.one<{ perfil: number; filial: number }>(
        `SELECT (SELECT id FROM perfil WHERE empresa_id = u.empresa_id LIMIT 1) AS perfil,
                (SELECT id FROM filial WHERE empresa_id = u.empresa_id LIMIT 1) AS filial
           FROM usuario u WHERE u.email = 'trial@erp.local'`,
      ),
    );
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'sem-arroba' }, 'E-mail inválido'],
      [{ email: `${'a'.repeat(45)}@erp.local` }, 'até 50 caracteres'],
      [{ senha: '123' }, 'mínimo 6 caracteres'],
      [{ nome: '  ' }, 'Informe o nome!'],
      [{ perfilId: trialIds.perfil }, 'Perfil de acesso não encontrado nesta empresa.'],
      [{ filiais: [trialIds.filial] }, `Filial não encontrada nesta empresa: ${trialIds.filial}.`],
    ];
    for (const [change, message] of cases) {
      const response = await call('POST', '/api/Usuarios', tokens.demo, { ...base, ...change });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const missing = await call('POST', '/api/Usuarios', tokens.demo, { email: 'x@erp.local' });
    expect(missing.statusCode).toBe(400);
  });

  it('lets only platform staff set platform flags; the vendedor cannot create', async () => {
    const flagged = { email: 'staff@erp.local', nome: 'Staff', senha: '123456', isAvanco: true };
    const denied = await call('POST', '/api/Usuarios', tokens.demo, flagged);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toContain('equipe da plataforma');
    const byStaff = await call('POST', '/api/Usuarios', tokens.admin, flagged);
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json().isAvanco).toBe(true);
    const vendedor = await call('POST', '/api/Usuarios', tokens.vendedor, {
      ...flagged,
      email: 'v2@erp.local',
    });
    expect(vendedor.statusCode).toBe(403);
    const contador = await call('POST', '/api/Usuarios', tokens.contador, {
      email: 'pelo.contador@erp.local',
      nome: 'Criado pelo contador',
      senha: '123456',
    });
    expect(contador.statusCode).toBe(200);
  });
});

describe('a user manager with CONFIG_USUARIOS TOTAL but no administrator flag', () => {
  it('manages ordinary users but cannot create unrestricted ones or touch administrators', async () => {
    const perfis = await server.db.withSystem(async (tx) => {
      const empresa = await tx.one<{ id: number }>('SELECT empresa_id AS id FROM usuario WHERE id = $1', [
        ids.demo,
      ]);
      const gestor = await tx.one<{ id: number }>(
        `INSERT INTO perfil (empresa_id, nome, permissoes) VALUES ($1, 'Gestor', '{"CONFIG_USUARIOS": 4}') RETURNING id`,
        [empresa.id],
      );
      const vendas = await tx.one<{ id: number }>(
        `SELECT id FROM perfil WHERE empresa_id = $1 AND nome = 'Vendas'`,
        [empresa.id],
      );
      return { gestor: gestor.id, vendas: vendas.id };
    });
    const created = await call('POST', '/api/Usuarios', tokens.demo, {
      email: 'gestor@erp.local',
      nome: 'Gestor',
      senha: '123456',
      perfilId: perfis.gestor,
    });
    expect(created.statusCode).toBe(200);
    const gestor = await login(server.app, 'gestor@erp.local', '123456');
    const base = { nome: 'Pelo gestor', senha: '123456' };
    const noProfile = await call('POST', '/api/Usuarios', gestor, { ...base, email: 'g1@erp.local' });
    expect(noProfile.statusCode).toBe(403);
    expect(noProfile.json().error.message).toContain('sem perfil de acesso');
    const admin = await call('POST', '/api/Usuarios', gestor, {
      ...base,
      email: 'g2@erp.local',
      perfilId: perfis.vendas,
      perfilAdmin: true,
    });
    expect(admin.statusCode).toBe(403);
    const ok = await call('POST', '/api/Usuarios', gestor, {
      ...base,
      email: 'g3@erp.local',
      perfilId: perfis.vendas,
    });
    expect(ok.statusCode).toBe(200);
    const renamed = await call('PATCH', `/api/Usuarios/${ok.json().id}`, gestor, { nome: 'Renomeado' });
    expect(renamed.json().nome).toBe('Renomeado');
    const touchAdmin = await call('PATCH', `/api/Usuarios/${ids.demo}`, gestor, { senha: 'tomada1' });
    expect(touchAdmin.statusCode).toBe(403);
    expect((await call('DELETE', `/api/Usuarios/${ids.contador}`, gestor)).statusCode).toBe(403);
  });
});

describe('PUT, PATCH and DELETE /api/Usuarios/{id}', () => {
  const create = async (email: string) =>
    (await call('POST', '/api/Usuarios', tokens.demo, { email, nome: email, senha: '123456' })).json();

  it('updates partially, bumps versao and answers a stale versao with 409', async () => {
    const user = await create('editar@erp.local');
    const put = await call('PUT', `/api/Usuarios/${user.id}`, tokens.demo, { nome: 'Editado', versao: 1 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ nome: 'Editado', email: 'editar@erp.local', versao: 2 });
    const patch = await call('PATCH', `/api/Usuarios/${user.id}`, tokens.demo, { isContador: true });
    expect(patch.json()).toMatchObject({ nome: 'Editado', isContador: true, versao: 3 });
    const stale = await call('PUT', `/api/Usuarios/${user.id}`, tokens.demo, { nome: 'Outro', versao: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'Este registro foi alterado por outro usuário. Recarregue a página e tente novamente.',
    );
    const row = await server.db.withSystem((tx) =>
      tx.one<{ nome: string; alterado_por: number }>('SELECT nome, alterado_por FROM usuario WHERE id = $1', [
        user.id,
      ]),
    );
    expect(row).toEqual({ nome: 'Editado', alterado_por: ids.demo });
    // A LoopBack client sends the whole object back: read-only properties are ignored.
    const current = (await call('GET', `/api/Usuarios/${user.id}`, tokens.demo)).json();
    const roundTrip = await call('PUT', `/api/Usuarios/${user.id}`, tokens.demo, {
      ...current,
      nome: 'Volta',
    });
    expect(roundTrip.statusCode).toBe(200);
    expect(roundTrip.json()).toMatchObject({
      ...current,
      nome: 'Volta',
      versao: 4,
      alteradoEm: expect.any(String),
    });
    const taken = await call('PATCH', `/api/Usuarios/${user.id}`, tokens.demo, { email: 'demo@erp.local' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toContain('Já existe');
  });

  it('ends the sessions of a user whose password an administrator changed', async () => {
    const user = await create('senha.nova@erp.local');
    const token = await login(server.app, 'senha.nova@erp.local', '123456');
    const put = await call('PUT', `/api/Usuarios/${user.id}`, tokens.demo, { senha: 'trocada1' });
    expect(put.statusCode).toBe(200);
    expect((await call('GET', '/api/Usuarios/verificaFilial', token)).statusCode).toBe(401);
    await login(server.app, 'senha.nova@erp.local', 'trocada1');
  });

  it('lets a user edit their own account but not raise their own access', async () => {
    const own = await call('PUT', `/api/Usuarios/${ids.vendedor}`, tokens.vendedor, { nome: 'Victor V.' });
    expect(own.statusCode).toBe(200);
    expect(own.json().nome).toBe('Victor V.');
    for (const change of [{ perfilAdmin: true }, { isContador: true }, { perfilId: null }]) {
      const response = await call('PATCH', `/api/Usuarios/${ids.vendedor}`, tokens.vendedor, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
    }
    const master = await call('PATCH', `/api/Usuarios/${ids.vendedor}`, tokens.vendedor, { master: true });
    expect(master.statusCode).toBe(403);
    const other = await call('PUT', `/api/Usuarios/${ids.demo}`, tokens.vendedor, { nome: 'Hack' });
    expect(other.statusCode).toBe(403);
    const ownPassword = await call('PUT', `/api/Usuarios/${ids.vendedor}`, tokens.vendedor, {
      senha: 'abcdef',
    });
    expect(ownPassword.statusCode).toBe(400);
    const after = (await call('GET', `/api/Usuarios/${ids.vendedor}`, tokens.vendedor)).json();
    expect(after).toMatchObject({ perfilAdmin: false, isContador: false, master: false });
    expect(after.perfilId).not.toBeNull();
  });

  it('answers 404 for ids of other companies', async () => {
    const response = await call('PATCH', `/api/Usuarios/${ids.trial}`, tokens.demo, { nome: 'Invasor' });
    expect(response.statusCode).toBe(404);
    const row = await server.db.withSystem((tx) =>
      tx.one<{ nome: string }>('SELECT nome FROM usuario WHERE id = $1', [ids.trial]),
    );
    expect(row.nome).toBe('Tiago Teste');
  });

  it('deletes with 204, refuses yourself (400) and the last administrator (409)', async () => {
    const user = await create('excluir@erp.local');
    expect((await call('DELETE', `/api/Usuarios/${user.id}`, tokens.vendedor)).statusCode).toBe(403);
    const deleted = await call('DELETE', `/api/Usuarios/${user.id}`, tokens.demo);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/api/Usuarios/${user.id}`, tokens.demo)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/Usuarios/${user.id}`, tokens.demo)).statusCode).toBe(404);
    const self = await call('DELETE', `/api/Usuarios/${ids.demo}`, tokens.demo);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('Você não pode excluir o próprio usuário.');
    const last = await call('DELETE', `/api/Usuarios/${ids.demo}`, tokens.contador);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toContain('último administrador');
    const demote = await call('PATCH', `/api/Usuarios/${ids.demo}`, tokens.contador, { perfilAdmin: false });
    expect(demote.statusCode).toBe(409);
  });
});

describe('verificaFilial and usuarios-whitelabel', () => {
  it('reports the branches the signed-in user may select', async () => {
    const demo = (await call('GET', '/api/Usuarios/verificaFilial', tokens.demo)).json();
    expect(demo).toMatchObject({ possuiFilial: true, quantidade: 2 });
    expect(typeof demo.filialSelecionada).toBe('number');
    const vendedor = (await call('GET', '/api/Usuarios/verificaFilial', tokens.vendedor)).json();
    expect(vendedor.quantidade).toBe(1);
  });

  it('lists a white-label across companies for platform staff only', async () => {
    const demoWl = server.tenants;
    const tenant = (await demoWl.all()).find((item) => item.settings.slug === 'demo');
    const url = (filter: unknown) =>
      `/api/Usuarios/usuarios-whitelabel/${tenant?.id}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
    const all = await call(
      'GET',
      url({ where: { email: { like: '%@erp.local' } }, limit: 1000 }),
      tokens.admin,
    );
    expect(all.statusCode).toBe(200);
    const body = all.json() as Array<{ email: string; empresaNome: string; empresaId: number }>;
    expect(emails(body)).toEqual(expect.arrayContaining(['demo@erp.local', 'trial@erp.local']));
    // verde@erp.local of the other white-label stays out (the demo company's homonym is in).
    expect(body.filter((user) => user.email === 'verde@erp.local').map((user) => user.empresaNome)).toEqual([
      'Empresa Demonstração Ltda',
    ]);
    expect(new Set(body.map((user) => user.empresaId)).size).toBeGreaterThan(1);
    expect(body.find((user) => user.email === 'trial@erp.local')?.empresaNome).toBe('Loja Teste Grátis ME');
    const trialEmpresa = body.find((user) => user.email === 'trial@erp.local')?.empresaId;
    const onlyTrial = (await call('GET', url({ where: { empresaId: trialEmpresa } }), tokens.admin)).json();
    expect(emails(onlyTrial)).toEqual(['trial@erp.local']);
    expect((await call('GET', url({}), tokens.demo)).statusCode).toBe(403);
    const unknown = await call('GET', '/api/Usuarios/usuarios-whitelabel/999999', tokens.admin);
    expect(unknown.statusCode).toBe(404);
  });
});
