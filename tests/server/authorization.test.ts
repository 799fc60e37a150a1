import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCertificado } from '../support/generateCertificado.ts';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * The authorisation model of README "Segurança", one case per finding of issue 12 (1: staff flags,
 * 2: deny by default and perfil in use, 3: white-label ownership) plus write-only secrets.
 */
let server: TestServer;
let demoId: number;
let verdeId: number;
const tokens: Record<string, string> = {};

const call = (
  method: string,
  url: string,
  token: string | undefined,
  payload?: unknown,
  host = 'localhost',
) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host, ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const sql = <R extends object = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  server.db.withSystem((tx) => tx.query<R>(text, params));

beforeAll(async () => {
  server = await createTestServer();
  const rows = await sql<{ id: number; slug: string }>('SELECT id, slug FROM config_white_label');
  demoId = rows.find((row) => row.slug === 'demo')?.id as number;
  verdeId = rows.find((row) => row.slug === 'verde')?.id as number;
  // Verde's operator: a master (white-label operator) who administers the Verde company, not platform staff.
  await sql(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`);
  tokens.verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  tokens.admin = await login(server.app, 'admin@erp.local');
  tokens.demo = await login(server.app, 'demo@erp.local');
  tokens.contador = await login(server.app, 'contador@erp.local');
  tokens.vendedor = await login(server.app, 'vendedor@erp.local');
});
afterAll(async () => server?.close());

const flagsOf = async (email: string) =>
  (
    await sql<{ is_avanco: boolean; master: boolean; painel_administrativo: boolean }>(
      'SELECT is_avanco, master, painel_administrativo FROM usuario WHERE email = $1',
      [email],
    )
  )[0];

describe('finding 1: only platform staff grant platform flags', () => {
  it('refuses a master who sets isAvanco on their own account', async () => {
    const verdeUser = (
      await sql<{ id: number }>(`SELECT id FROM usuario WHERE email = 'verde@erp.local'`)
    )[0];
    const response = await call(
      'PATCH',
      `/api/Usuarios/${verdeUser?.id}`,
      tokens.verde,
      { isAvanco: true },
      'verde.localhost',
    );
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error.message).toBe(
      'Somente a equipe da plataforma pode alterar o campo isAvanco.',
    );
    expect((await flagsOf('verde@erp.local'))?.is_avanco).toBe(false);
  });

  it('refuses a master who creates users with platform flags', async () => {
    for (const flag of ['isAvanco', 'master', 'painelAdministrativo', 'suporteWhiteLabel']) {
      const email = `novo.${flag.toLowerCase()}@verde.local`;
      const response = await call(
        'POST',
        '/api/Usuarios',
        tokens.verde,
        { email, nome: 'Novo', senha: '123456', [flag]: true },
        'verde.localhost',
      );
      expect(response.statusCode, `${flag}: ${response.body}`).toBe(403);
      expect(await sql('SELECT 1 FROM usuario WHERE email = $1', [email])).toEqual([]);
    }
    // The same master still creates ordinary users of their company.
    const plain = await call(
      'POST',
      '/api/Usuarios',
      tokens.verde,
      { email: 'comum@verde.local', nome: 'Comum', senha: '123456', perfilAdmin: true },
      'verde.localhost',
    );
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('lets platform staff grant them, but never to themselves', async () => {
    const granted = await call('POST', '/api/Usuarios', tokens.admin, {
      email: 'painel2@erp.local',
      nome: 'Painel 2',
      senha: '123456',
      painelAdministrativo: true,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await flagsOf('painel2@erp.local'))?.painel_administrativo).toBe(true);
    const adminId = (await sql<{ id: number }>(`SELECT id FROM usuario WHERE email = 'admin@erp.local'`))[0]
      ?.id;
    const own = await call('PATCH', `/api/Usuarios/${adminId}`, tokens.admin, { painelAdministrativo: true });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toContain('não pode aumentar os próprios acessos');
  });
});

describe('nobody raises their own rights through the perfil they hold', () => {
  it('refuses a profile manager who edits their own perfil, not another one', async () => {
    const gestor = await addDemoUserWithProfile(server, {
      email: 'gestor.perfis@erp.local',
      nome: 'Gestor de perfis',
      perfil: 'Gestão de perfis',
      permissoes: { CONFIG_PERFIL: 4 },
    });
    const own = (
      await sql<{ perfil_id: number }>('SELECT perfil_id FROM usuario WHERE id = $1', [gestor.id])
    )[0]?.perfil_id;
    const raise = await call('PATCH', `/api/Perfis/${own}`, gestor.token, {
      permissoes: { CONFIG_PERFIL: 4, FINANCEIRO_CONTAS_PAGAR: 4 },
    });
    expect(raise.statusCode, raise.body).toBe(403);
    expect(raise.json().error.message).toBe(
      'Você não pode alterar o perfil de acesso que você usa; peça a um administrador.',
    );
    const stored = await sql<{ permissoes: Record<string, number> }>(
      'SELECT permissoes FROM perfil WHERE id = $1',
      [own],
    );
    expect(stored[0]?.permissoes).toEqual({ CONFIG_PERFIL: 4 });
    const other = await call('POST', '/api/Perfis', gestor.token, {
      nome: 'Outro',
      permissoes: { DASHBOARD: 1 },
    });
    expect(other.statusCode, other.body).toBe(200);
    const edited = await call('PATCH', `/api/Perfis/${other.json().id}`, gestor.token, {
      permissoes: { DASHBOARD: 4 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The administrator edits any perfil, the manager's included.
    const byAdmin = await call('PATCH', `/api/Perfis/${own}`, tokens.demo, {
      permissoes: { CONFIG_PERFIL: 2 },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

describe('finding 2: deny by default; a perfil in use cannot be deleted', () => {
  it('answers 409 naming how many users hold the perfil, and keeps their restrictions', async () => {
    const first = await addDemoUserWithProfile(server, {
      email: 'restrito1@erp.local',
      nome: 'Restrito 1',
      perfil: 'Só clientes',
      permissoes: { VENDAS_CLIENTES: 1 },
    });
    const perfilId = (
      await sql<{ perfil_id: number }>('SELECT perfil_id FROM usuario WHERE id = $1', [first.id])
    )[0]?.perfil_id;
    // Before: the restricted user cannot open the perfil screen's data.
    expect((await call('GET', '/api/Perfis', first.token)).statusCode).toBe(403);

    // The user deletes... nothing: they lack CONFIG_PERFIL. The administrator tries.
    const one = await call('DELETE', `/api/Perfis/${perfilId}`, tokens.demo);
    expect(one.statusCode, one.body).toBe(409);
    expect(one.json().error.message).toBe(
      'Este perfil de acesso está em uso por 1 usuário; troque o perfil de acesso dele antes de excluir.',
    );
    await sql('UPDATE usuario SET perfil_id = $1 WHERE email = $2', [perfilId, 'vendedor@erp.local']);
    const two = await call('DELETE', `/api/Perfis/${perfilId}`, tokens.demo);
    expect(two.statusCode).toBe(409);
    expect(two.json().error.message).toBe(
      'Este perfil de acesso está em uso por 2 usuários; troque o perfil de acesso deles antes de excluir.',
    );
    expect(await sql('SELECT 1 FROM perfil WHERE id = $1', [perfilId])).toHaveLength(1);
    // Still restricted: the perfil is there and grants no CONFIG_PERFIL.
    expect((await call('GET', '/api/Perfis', first.token)).statusCode).toBe(403);

    // An unused perfil is deleted as before.
    const unused = await call('POST', '/api/Perfis', tokens.demo, { nome: 'Sem uso', permissoes: {} });
    expect(unused.statusCode, unused.body).toBe(200);
    expect((await call('DELETE', `/api/Perfis/${unused.json().id}`, tokens.demo)).statusCode).toBe(200);
  });

  it('denies every key to a user without perfil or with a malformed one', async () => {
    const user = await addDemoUserWithProfile(server, {
      email: 'semperfil@erp.local',
      nome: 'Sem perfil',
      perfil: 'Temporário',
      permissoes: { VENDAS_CLIENTES: 4 },
    });
    expect((await call('GET', '/api/Clientes', user.token)).statusCode).toBe(200);
    // A user left without perfil (data from before the restriction, or set by hand).
    await sql('UPDATE usuario SET perfil_id = NULL WHERE id = $1', [user.id]);
    for (const url of ['/api/Clientes', '/api/Perfis', '/api/Usuarios', '/api/Produtos']) {
      const response = await call('GET', url, user.token);
      expect(response.statusCode, url).toBe(403);
    }
    const menu = await call('GET', '/api/Usuarios/userInfo', user.token);
    if (menu.statusCode === 200) expect(menu.json().permissoes).toBeNull();
    // A malformed permission map (an array) denies as well.
    const perfil = await sql<{ id: number }>(
      `INSERT INTO perfil (empresa_id, nome, permissoes)
       SELECT empresa_id, 'Quebrado', '["VENDAS_CLIENTES"]'::jsonb FROM usuario WHERE id = $1 RETURNING id`,
      [user.id],
    );
    await sql('UPDATE usuario SET perfil_id = $1 WHERE id = $2', [perfil[0]?.id, user.id]);
    expect((await call('GET', '/api/Clientes', user.token)).statusCode).toBe(403);
  });

  it('keeps the demo users working: administrator, accountant, platform staff, profile user', async () => {
    expect((await call('GET', '/api/Clientes', tokens.demo)).statusCode).toBe(200);
    expect((await call('GET', '/api/Perfis', tokens.demo)).statusCode).toBe(200);
    expect((await call('GET', '/api/ConfiguracoesNfe', tokens.contador)).statusCode).toBe(200);
    expect((await call('GET', '/api/Clientes', tokens.admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/Clientes', tokens.vendedor)).statusCode).toBe(200);
  });
});

describe("finding 3: a white-label's rows belong to its operators", () => {
  it("never shows another white-label's CRM credentials to a master", async () => {
    const put = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, tokens.admin, {
      misc: {
        integracaoPloomes: { TOKEN: 'token-crm-da-demo', STAGE_ID: 987654, URL: 'https://crm.example' },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const filter = encodeURIComponent(JSON.stringify({ where: { idConfig: 'demo' } }));
    for (const url of [
      '/api/ConfigWhiteLabels',
      `/api/ConfigWhiteLabels?filter=${filter}`,
      `/api/ConfigWhiteLabels/${demoId}`,
    ]) {
      const response = await call('GET', url, tokens.verde, undefined, 'verde.localhost');
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('token-crm-da-demo');
      expect(response.body, url).not.toContain('987654');
      const demo = [response.json()].flat().find((config: { id: number }) => config.id === demoId);
      expect(demo.misc.integracaoPloomes).toEqual({ URL: 'https://crm.example' });
    }
    // Their own white-label's operator-only members stay visible to them.
    const own = await call(
      'GET',
      `/api/ConfigWhiteLabels/${verdeId}`,
      tokens.verde,
      undefined,
      'verde.localhost',
    );
    expect(own.json().misc.integracaoPloomes).toHaveProperty('TOKENDefinido', false);
  });

  it("lists only the master's own white-label plans", async () => {
    const created = await call('POST', '/api/Planos', tokens.admin, {
      idExterno: 'plano-exclusivo-demo',
      nome: 'Exclusivo Demo',
      configWhiteLabel: demoId,
    });
    expect(created.statusCode, created.body).toBe(200);
    const planoId = created.json().id;
    const list = await call('GET', '/api/Planos', tokens.verde, undefined, 'verde.localhost');
    expect(list.statusCode).toBe(200);
    const whiteLabels = new Set(
      list.json().map((plano: { configWhiteLabel: number }) => plano.configWhiteLabel),
    );
    expect([...whiteLabels]).toEqual([verdeId]);
    expect(list.body).not.toContain('plano-exclusivo-demo');
    const byId = await call('GET', `/api/Planos/${planoId}`, tokens.verde, undefined, 'verde.localhost');
    expect(byId.statusCode).toBe(404);
    // Platform staff still see every white-label's plans.
    const all = await call('GET', '/api/Planos', tokens.admin);
    expect(all.json().some((plano: { id: number }) => plano.id === planoId)).toBe(true);
  });
});

describe('secrets are write-only', () => {
  it('stores the CRM token, shows only TOKENDefinido and keeps it when saved blank', async () => {
    const secret = 'crm-token-write-only';
    const put = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, tokens.admin, {
      misc: { integracaoPloomes: { TOKEN: secret } },
    });
    expect(put.body).not.toContain(secret);
    const blank = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, tokens.admin, {
      misc: { integracaoPloomes: { TOKEN: '', TOKENDefinido: true } },
    });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().misc.integracaoPloomes.TOKENDefinido).toBe(true);
    const tenant = (await server.tenants.all()).find((item) => item.id === demoId);
    expect(tenant?.settings.misc.integracaoPloomes.TOKEN).toBe(secret);
    for (const token of [undefined, tokens.demo, tokens.admin]) {
      const response = await call('GET', `/api/ConfigWhiteLabels/${demoId}`, token);
      expect(response.body).not.toContain(secret);
    }
  });

  it('never returns the CSC, an integration key or a webhook secret; filters and field lists cannot reach them', async () => {
    const csc = 'CSC0123456789ABCDEF';
    const created = await call('POST', '/api/ConfiguracoesNfe', tokens.demo, {
      serieNfe: 1,
      proximoNumeroNfe: 10,
      cscId: '1',
      cscToken: csc,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.body).not.toContain(csc);
    expect(created.json()).toMatchObject({ cscTokenDefinido: true, cscId: '1' });
    const id = created.json().id;
    // A GET → PUT round trip (the flag sent back, the secret absent) keeps the CSC; so does a blank PATCH.
    const { cscTokenDefinido: _flag, id: _id, criadoEm, alteradoEm, versao, ...rest } = created.json();
    const put = await call('PUT', `/api/ConfiguracoesNfe/${id}`, tokens.demo, {
      ...rest,
      cscTokenDefinido: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    const patch = await call('PATCH', `/api/ConfiguracoesNfe/${id}`, tokens.demo, {
      cscToken: '',
      cscId: '2',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ cscTokenDefinido: true, cscId: '2' });
    const stored = await sql<{ csc_token: string }>('SELECT csc_token FROM configuracao_nfe WHERE id = $1', [
      id,
    ]);
    expect(stored[0]?.csc_token).toBe(csc);

    const integracao = await call('POST', '/api/Integracoes', tokens.demo, {
      sistema: 1,
      chave: 'chave-secreta-1',
    });
    expect(integracao.statusCode, integracao.body).toBe(200);
    expect(integracao.json()).toMatchObject({ chaveDefinido: true });

    const webhook = await call('POST', '/api/Webhooks', tokens.demo, {
      url: 'https://hooks.example.com/erp',
      segredo: 'segredo-do-webhook-1',
    });
    expect(webhook.statusCode, webhook.body).toBe(200);
    expect(webhook.json()).toMatchObject({ segredoDefinido: true });

    for (const url of [
      '/api/ConfiguracoesNfe',
      `/api/ConfiguracoesNfe/${id}`,
      '/api/Integracoes',
      `/api/Integracoes/${integracao.json().id}`,
      '/api/Webhooks',
      `/api/Webhooks/${webhook.json().id}`,
    ]) {
      const response = await call('GET', url, tokens.demo);
      expect(response.statusCode, url).toBe(200);
      for (const secret of [csc, 'chave-secreta-1', 'segredo-do-webhook-1'])
        expect(response.body, url).not.toContain(secret);
    }
    for (const filter of [
      { where: { cscToken: { like: 'CSC%' } } },
      { fields: { cscToken: true } },
      { order: 'cscToken ASC' },
    ]) {
      const url = `/api/ConfiguracoesNfe?filter=${encodeURIComponent(JSON.stringify(filter))}`;
      const response = await call('GET', url, tokens.demo);
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
      expect(response.body).not.toContain(csc);
    }
    // null clears it.
    const cleared = await call('PATCH', `/api/ConfiguracoesNfe/${id}`, tokens.demo, { cscToken: null });
    expect(cleared.json().cscTokenDefinido).toBe(false);
  });

  it('never returns a certificate, its password or its encrypted copies', async () => {
    const senha = 'senha-do-certificado-42';
    const arquivo = generateCertificado({ senha }).toString('base64');
    const upload = await call('POST', '/api/CertificadosDigitais', tokens.demo, {
      arquivo,
      senha,
      nomeArquivo: 'empresa.pfx',
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const stored = await sql<{ id: number; senha_cifrada: string; arquivo_cifrado: string }>(
      'SELECT id, senha_cifrada, arquivo_cifrado FROM certificado_digital',
    );
    for (const url of ['/api/CertificadosDigitais', `/api/CertificadosDigitais/${stored[0]?.id}`]) {
      const response = await call('GET', url, tokens.demo);
      for (const secret of [
        senha,
        arquivo.slice(0, 64),
        stored[0]?.senha_cifrada,
        stored[0]?.arquivo_cifrado,
      ]) {
        expect(response.body, url).not.toContain(String(secret).slice(0, 40));
      }
    }
    expect(upload.body).not.toContain(senha);
  });
});
