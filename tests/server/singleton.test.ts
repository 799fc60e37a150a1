import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEntity } from '../../runtime/core/resolveEntity.ts';
import { validateSchemaSet } from '../../runtime/core/validateSchemaSet.ts';
import { entityIndexes } from '../../runtime/server/services/records/entityIndexes.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Singleton entities (`"singleton": true`): one record per empresa or per filial, kept by a unique index
 * on the tenant columns; through configuracaoNfe (filial) and configuracaoGeral (empresa).
 */
let server: TestServer;
const tokens: Record<string, string> = {};
type Body = Record<string, unknown>;

const api = (method: string, url: string, token: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    // A session belongs to its white-label: verde's token is used on verde's domain.
    headers: {
      host: token !== undefined && token === tokens.verde ? 'verde.localhost' : 'localhost',
      ...(token ? { authorization: token } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  server = await createTestServer();
  tokens.demo = await login(server.app, 'demo@erp.local');
  tokens.verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  tokens.vendedor = await login(server.app, 'vendedor@erp.local');
});
afterAll(async () => server?.close());

describe('singleton in the entity files and the index plan', () => {
  it('plans a unique index on the tenant columns: (empresa_id, filial_id) per branch, (empresa_id) per company', () => {
    const files = server.tenants.schemaFiles;
    const nfe = entityIndexes(resolveEntity('configuracaoNfe', files)).find((index) => index.singleton);
    expect(nfe).toMatchObject({
      name: 'idx_configuracao_nfe_singleton',
      unique: true,
      columns: ['empresa_id', 'filial_id'],
    });
    const geral = entityIndexes(resolveEntity('configuracaoGeral', files)).find((index) => index.singleton);
    expect(geral).toMatchObject({ unique: true, columns: ['empresa_id'] });
    expect(entityIndexes(resolveEntity('naturezaOperacao', files)).some((index) => index.singleton)).toBe(
      false,
    );
  });

  it('rejects a singleton entity of scope global', () => {
    const path = 'schemas/entities/configuracaoGeral/configuracaoGeral.entity.json';
    const files = server.tenants.schemaFiles;
    const bad = { ...(files[path] as object), scope: 'global' };
    const issues = validateSchemaSet({ ...files, [path]: bad });
    expect(issues.some((issue) => issue.file === path && issue.pointer === '/scope')).toBe(true);
  });

  it('the schema sync created the unique indexes', async () => {
    const rows = await server.db.withSystem((tx) =>
      tx.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE indexname LIKE '%_singleton' ORDER BY indexname`,
      ),
    );
    const byName = Object.fromEntries(rows.map((row) => [row.indexname, row.indexdef]));
    expect(byName.idx_configuracao_nfe_singleton).toMatch(/UNIQUE INDEX .*\(empresa_id, filial_id\)/);
    expect(byName.idx_configuracao_geral_singleton).toMatch(/UNIQUE INDEX .*\(empresa_id\)/);
    expect(byName.idx_certificado_digital_singleton).toMatch(/UNIQUE INDEX .*\(empresa_id, filial_id\)/);
  });
});

describe('records API of a singleton', () => {
  it('configuracaoNfe: one record per branch; a second POST is a 409 with a clear message', async () => {
    const first = await api('POST', '/api/ConfiguracoesNfe', tokens.demo, {
      serieNfe: 1,
      proximoNumeroNfe: 10,
    });
    expect(first.statusCode, first.body).toBe(200);
    const created = first.json() as Body;
    expect(created).toMatchObject({ ambiente: 2, tipoEmissao: 1, serieNfe: 1, proximoNumeroNfe: 10 });

    const second = await api('POST', '/api/ConfiguracoesNfe', tokens.demo, { serieNfe: 2 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      statusCode: 409,
      name: 'ConflictError',
      code: 'REGISTRO_UNICO',
      message:
        'Já existe um registro de Configuração fiscal para esta filial: altere o registro existente em vez de criar outro.',
    });

    // Editing keeps working, and the list stays at one record.
    const put = await api('PUT', `/api/ConfiguracoesNfe/${created.id}`, tokens.demo, {
      ...Object.fromEntries(
        Object.entries(created).filter(([key]) => !/^(id|empresaId|filialId|criado|alterado)/.test(key)),
      ),
      ambiente: 1,
      proximoNumeroNfe: 11,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ ambiente: 1, proximoNumeroNfe: 11, versao: 2 });
    const list = await api('GET', '/api/ConfiguracoesNfe', tokens.demo);
    expect(list.json()).toHaveLength(1);
  });

  it('configuracaoNfe: the other branch has its own record', async () => {
    const info = await api('GET', '/api/Usuarios/getUserInfo?sistema=novoerp', tokens.demo);
    const filiais = (info.json().filiais ?? []) as Array<{ id: number }>;
    const current = info.json().filialSelecionada as number | undefined;
    const other = filiais.map((filial) => filial.id).find((id) => id !== current);
    expect(other).toBeDefined();
    const switched = await api('POST', '/api/Usuarios/selecionarFilial', tokens.demo, { filialId: other });
    expect(switched.statusCode, switched.body).toBe(200);
    try {
      expect((await api('GET', '/api/ConfiguracoesNfe', tokens.demo)).json()).toEqual([]);
      const created = await api('POST', '/api/ConfiguracoesNfe', tokens.demo, { serieNfce: 3 });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({ serieNfce: 3, filialId: other });
    } finally {
      await api('POST', '/api/Usuarios/selecionarFilial', tokens.demo, { filialId: current });
    }
  });

  it('configuracaoGeral: one record per company, each company its own', async () => {
    const first = await api('POST', '/api/ConfiguracoesGerais', tokens.demo, {
      permitirEstoqueNegativo: true,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      permitirEstoqueNegativo: true,
      casasDecimaisQuantidade: 3,
      casasDecimaisValorUnitario: 2,
      formacaoPrecoVenda: 1,
      diasVencimentoPadrao: 30,
    });
    const second = await api('POST', '/api/ConfiguracoesGerais', tokens.demo, {});
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'Já existe um registro de Configurações gerais para esta empresa: altere o registro existente em vez de criar outro.',
    );
    // Another company is not blocked by (nor sees) the demo company's record.
    expect((await api('GET', '/api/ConfiguracoesGerais', tokens.verde)).json()).toEqual([]);
    const verde = await api('POST', '/api/ConfiguracoesGerais', tokens.verde, { casasDecimaisQuantidade: 0 });
    expect(verde.statusCode, verde.body).toBe(200);
  });

  it('validates the limits in pt-BR and keeps the permission key', async () => {
    const bad = await api('POST', '/api/ConfiguracoesGerais', tokens.verde, { casasDecimaisQuantidade: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/4/);
    const denied = await api('GET', '/api/ConfiguracoesNfe', tokens.vendedor);
    expect(denied.statusCode).toBe(403);
  });
});
