import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let adminToken: string;
let demoEmpresaId: number;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
  host = 'localhost',
) =>
  server.app.inject({
    method,
    url,
    headers: { host, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function createKey(token: string, body: Record<string, unknown>) {
  return call('POST', '/api/ApiKeys', { authorization: token }, body);
}

beforeAll(async () => {
  server = await createTestServer();
  adminToken = await login(server.app, 'demo@erp.local');
  demoEmpresaId = (
    await server.db.withSystem((tx) =>
      tx.one<{ empresa_id: number }>(`SELECT empresa_id FROM usuario WHERE email = 'demo@erp.local'`),
    )
  ).empresa_id;
});
afterAll(() => server?.close());

describe('API keys', () => {
  it('shows the key once, stores only its SHA-256 and never reads it back', async () => {
    const created = await createKey(adminToken, {
      descricao: 'Loja virtual',
      permissoes: { VENDAS_CLIENTES: 2 },
    });
    expect(created.statusCode).toBe(200);
    const key = created.json();
    expect(key.chave).toMatch(/^erp_[A-Za-z0-9_-]{43}$/);
    expect(key.prefixo).toBe(key.chave.slice(0, 12));
    expect(key.situacao).toBe('ativa');
    const stored = await server.db.withSystem((tx) =>
      tx.one<{ chave_hash: Buffer; texto: string }>(
        'SELECT chave_hash, row_to_json(k)::text AS texto FROM api_key k WHERE id = $1',
        [key.id],
      ),
    );
    expect(stored.chave_hash.equals(createHash('sha256').update(key.chave).digest())).toBe(true);
    expect(stored.texto).not.toContain(key.chave.slice(12));
    const read = await call('GET', `/api/ApiKeys/${key.id}`, { authorization: adminToken });
    expect(read.statusCode).toBe(200);
    expect(read.json().chave ?? null).toBeNull();
    expect(read.body).not.toContain(key.chave.slice(12));
    const list = await call('GET', '/api/ApiKeys', { authorization: adminToken });
    expect(list.body).not.toContain(key.chave.slice(12));
  });

  it("reads only its empresa's rows and only the resources it was given, at the level given", async () => {
    const { chave } = (
      await createKey(adminToken, { descricao: 'CRM', permissoes: { VENDAS_CLIENTES: 2 } })
    ).json();
    // A client of another company (Verde Mercado), which an unscoped read would show.
    const foreign = await server.db.withSystem((tx) =>
      tx.one<{ id: number }>(
        `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome)
         SELECT empresa_id, 0, 'Cliente do Verde' FROM usuario WHERE email = 'verde@erp.local' RETURNING id`,
      ),
    );
    const counts = await server.db.withSystem((tx) =>
      tx.query<{ empresa_id: number; n: number }>(
        'SELECT empresa_id, count(*)::int AS n FROM pessoa WHERE tipo_pessoa = 0 GROUP BY empresa_id',
      ),
    );
    const own = counts.find((row) => row.empresa_id === demoEmpresaId)?.n ?? 0;
    for (const headers of [
      { 'x-api-key': chave } as Record<string, string>,
      { authorization: chave },
      { authorization: `Bearer ${chave}` },
    ]) {
      const clientes = await call('GET', '/api/Clientes?filter={"limit":1000}', headers);
      expect(clientes.statusCode).toBe(200);
      expect(clientes.json()).toHaveLength(own);
    }
    expect((await call('GET', `/api/Clientes/${foreign.id}`, { 'x-api-key': chave })).statusCode).toBe(404);

    expect((await call('GET', '/api/Produtos', { 'x-api-key': chave })).statusCode).toBe(403);
    expect((await call('GET', '/api/ApiKeys', { 'x-api-key': chave })).statusCode).toBe(403);
    const novo = await call('POST', '/api/Clientes', { 'x-api-key': chave }, { nome: 'Cliente da API' });
    expect(novo.statusCode, novo.body).toBe(200);
    const removido = await call('DELETE', `/api/Clientes/${novo.json().id}`, { 'x-api-key': chave });
    expect(removido.statusCode).toBe(403);
    // Routes of a signed-in person (own account, favourites) are not for keys.
    const favoritos = await call('GET', '/api/Usuarios/favoritos', { 'x-api-key': chave });
    expect(favoritos.statusCode).toBe(403);
    expect(favoritos.json().error.code).toBe('CHAVE_API_NAO_PERMITIDA');
  });

  it('answers 401 once revoked, inactive or expired, and on another white-label', async () => {
    const created = (
      await createKey(adminToken, { descricao: 'ERP antigo', permissoes: { VENDAS_CLIENTES: 1 } })
    ).json();
    const headers = { 'x-api-key': created.chave };
    expect((await call('GET', '/api/Clientes', headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/Clientes', headers, undefined, 'verde.localhost')).statusCode).toBe(401);

    const pausada = await call(
      'PATCH',
      `/api/ApiKeys/${created.id}`,
      { authorization: adminToken },
      { ativo: false },
    );
    expect(pausada.statusCode).toBe(200);
    expect((await call('GET', '/api/Clientes', headers)).statusCode).toBe(401);
    await call('PATCH', `/api/ApiKeys/${created.id}`, { authorization: adminToken }, { ativo: true });
    expect((await call('GET', '/api/Clientes', headers)).statusCode).toBe(200);

    await call(
      'PATCH',
      `/api/ApiKeys/${created.id}`,
      { authorization: adminToken },
      {
        expiraEm: new Date(Date.now() - 60_000).toISOString(),
      },
    );
    expect((await call('GET', '/api/Clientes', headers)).statusCode).toBe(401);
    await call('PATCH', `/api/ApiKeys/${created.id}`, { authorization: adminToken }, { expiraEm: null });
    expect((await call('GET', '/api/Clientes', headers)).statusCode).toBe(200);

    const revogada = await call('POST', `/api/ApiKeys/${created.id}/revogar`, { authorization: adminToken });
    expect(revogada.statusCode, revogada.body).toBe(200);
    expect(revogada.json().situacao).toBe('revogada');
    const depois = await call('GET', '/api/Clientes', headers);
    expect(depois.statusCode).toBe(401);
    expect(depois.json().error.code).toBe('AUTHORIZATION_REQUIRED');
    // A revoked key stays revoked.
    expect(
      (await call('PATCH', `/api/ApiKeys/${created.id}`, { authorization: adminToken }, { ativo: true }))
        .statusCode,
    ).toBe(409);
  });

  it('records the last use at most once a minute', async () => {
    const created = (
      await createKey(adminToken, { descricao: 'BI', permissoes: { VENDAS_CLIENTES: 1 } })
    ).json();
    const lastUse = async () =>
      (
        await server.db.withSystem((tx) =>
          tx.one<{ ultimo_uso: Date | null }>('SELECT ultimo_uso FROM api_key WHERE id = $1', [created.id]),
        )
      ).ultimo_uso;
    expect(await lastUse()).toBeNull();
    await call('GET', '/api/Clientes', { 'x-api-key': created.chave });
    const first = await lastUse();
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await call('GET', '/api/Clientes', { 'x-api-key': created.chave });
    expect((await lastUse())?.getTime()).toBe(first?.getTime());
    await server.db.withSystem((tx) =>
      tx.query(`UPDATE api_key SET ultimo_uso = now() - interval '2 minutes' WHERE id = $1`, [created.id]),
    );
    const old = await lastUse();
    await call('GET', '/api/Clientes', { 'x-api-key': created.chave });
    expect((await lastUse())?.getTime()).toBeGreaterThan(old?.getTime() ?? 0);
  });

  it('never grants more than the creator holds', async () => {
    const gerente = await addDemoUserWithProfile(server, {
      email: 'integrador@erp.local',
      nome: 'Integrador',
      perfil: 'Integrações',
      permissoes: { CONFIG_APIKEY: 4, VENDAS_CLIENTES: 1 },
    });
    const acima = await createKey(gerente.token, { descricao: 'Demais', permissoes: { VENDAS_CLIENTES: 4 } });
    expect(acima.statusCode).toBe(403);
    expect(acima.json().error.message).toContain('VENDAS_CLIENTES');
    const outra = await createKey(gerente.token, {
      descricao: 'Outra',
      permissoes: { FINANCEIRO_LANCAMENTOS: 1 },
    });
    expect(outra.statusCode).toBe(403);
    const inexistente = await createKey(gerente.token, { descricao: 'X', permissoes: { NAO_EXISTE: 1 } });
    expect(inexistente.statusCode).toBe(400);
    expect(inexistente.json().error.message).toContain('NAO_EXISTE');
    const nivel = await createKey(gerente.token, { descricao: 'X', permissoes: { VENDAS_CLIENTES: 7 } });
    expect(nivel.statusCode).toBe(400);
    // Level 0 (Nenhuma), as the form's per-key selects send it, grants nothing and is accepted.
    const ok = await createKey(gerente.token, {
      descricao: 'Leitura',
      permissoes: { VENDAS_CLIENTES: 1, FINANCEIRO_LANCAMENTOS: 0 },
    });
    expect(ok.statusCode).toBe(200);
    const subir = await call(
      'PATCH',
      `/api/ApiKeys/${ok.json().id}`,
      { authorization: gerente.token },
      {
        permissoes: { VENDAS_CLIENTES: 3 },
      },
    );
    expect(subir.statusCode).toBe(403);
    // A key that manages keys cannot mint a wider one either.
    const gestora = (
      await createKey(adminToken, { descricao: 'Gestora', permissoes: { CONFIG_APIKEY: 2 } })
    ).json();
    const filha = await call(
      'POST',
      '/api/ApiKeys',
      { 'x-api-key': gestora.chave },
      {
        descricao: 'Filha',
        permissoes: { VENDAS_CLIENTES: 1 },
      },
    );
    expect(filha.statusCode).toBe(403);
  });

  it("acts in the key's branch for branch-scoped records, and only in a branch its creator works in", async () => {
    const filiais = await server.db.withSystem((tx) =>
      tx.query<{ id: number }>('SELECT id FROM filial WHERE empresa_id = $1 ORDER BY id', [demoEmpresaId]),
    );
    const [matriz, outra] = filiais;
    if (!matriz || !outra) throw new Error('a empresa de demonstração tem duas filiais');
    // One depósito in each branch: a key sees only its own branch's.
    await server.db.withSystem((tx) =>
      tx.query(
        `INSERT INTO deposito (empresa_id, filial_id, descricao) VALUES ($1, $2, 'Depósito da matriz'), ($1, $3, 'Depósito da filial 2')`,
        [demoEmpresaId, matriz.id, outra.id],
      ),
    );
    const semFilial = (
      await createKey(adminToken, { descricao: 'Depósitos', permissoes: { CONFIG_DEPOSITOS: 1 } })
    ).json();
    const recusada = await call('GET', '/api/Depositos', { 'x-api-key': semFilial.chave });
    expect(recusada.statusCode).toBe(400);
    expect(recusada.json().error.message).toContain('Esta chave de API não tem filial');
    const naOutra = (
      await createKey(adminToken, {
        descricao: 'Depósitos da filial 2',
        permissoes: { CONFIG_DEPOSITOS: 1 },
        filialAcessoId: outra.id,
      })
    ).json();
    const depositos = await call('GET', '/api/Depositos', { 'x-api-key': naOutra.chave });
    expect(depositos.statusCode, depositos.body).toBe(200);
    const vistos = (depositos.json() as Array<{ descricao: string }>).map((row) => row.descricao);
    expect(vistos).toContain('Depósito da filial 2');
    expect(vistos).not.toContain('Depósito da matriz');

    // A user of the Matriz only cannot make a key for the other branch.
    const operador = await addDemoUserWithProfile(server, {
      email: 'operador-estoque@erp.local',
      nome: 'Operador de estoque',
      perfil: 'Depósitos e chaves',
      permissoes: { CONFIG_APIKEY: 4, CONFIG_DEPOSITOS: 4 },
    });
    const alheia = await createKey(operador.token, {
      descricao: 'Outra filial',
      permissoes: { CONFIG_DEPOSITOS: 1 },
      filialAcessoId: outra.id,
    });
    expect(alheia.statusCode).toBe(403);
    expect(alheia.json().error.message).toContain('filial');
    const propria = await createKey(operador.token, {
      descricao: 'Matriz',
      permissoes: { CONFIG_DEPOSITOS: 1 },
      filialAcessoId: matriz.id,
    });
    expect(propria.statusCode, propria.body).toBe(200);
  });

  it('declares the apiKey security scheme in the OpenAPI document', () => {
    const openapi = JSON.parse(readFileSync('generated/openapi.json', 'utf8'));
    expect(openapi.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    expect(openapi.paths['/api/Clientes'].get.security).toEqual([{ token: [] }, { apiKey: [] }]);
    expect(openapi.paths['/api/Usuarios/login'].post.security).toEqual([]);
  });
});
