import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportRecord } from '../../runtime/server/services/reportRecords.ts';
import { buildReportPlan } from '../../runtime/server/services/reports/buildReportPlan.ts';
import { generateReport } from '../../runtime/server/services/reports/generateReport.ts';
import { loadReportDefinition } from '../../runtime/server/services/reports/loadReportDefinition.ts';
import { readXlsx } from '../support/reportFiles.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Custom fields (issue 18, Estúdio › Campos personalizados): declared per white-label as a studio patch of
 * the entity, stored in the table's `custom` jsonb column, validated by the server like any field, filtered
 * and sorted through `custom.<name>`, invisible to other white-labels, and kept when a version is rolled back.
 */
let server: TestServer;
let verdeId: number;
let verde: string;
let demo: string;
let staff: string;

const ENTITY = 'schemas/entities/produto/produto.entity.json';
const CUSTOM = {
  codigoInterno: {
    type: 'string',
    label: 'Código interno',
    maxLength: 10,
    pattern: '^[A-Z]{2}-\\d+$',
    patternMessage: 'use duas letras, hífen e números (ex.: AB-12)',
  },
  garantiaMeses: { type: 'integer', label: 'Garantia (meses)', minimum: 0, maximum: 120 },
  linha: {
    type: 'enum',
    label: 'Linha',
    options: [
      { value: 'casa', label: 'Casa' },
      { value: 'obra', label: 'Obra' },
    ],
  },
  importado: { type: 'boolean', label: 'Importado' },
  lancamento: { type: 'date', label: 'Lançamento' },
  precoSugerido: { type: 'money', label: 'Preço sugerido' },
};

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object, host = 'verde.localhost') =>
  server.app.inject({
    method,
    url,
    headers: { host, authorization: token },
    ...(payload ? { payload } : {}),
  });
const studio = `/api/ConfigWhiteLabels`;
const draft = async (patch: object) => {
  const state = (await call(verde, 'GET', `${studio}/${verdeId}/customizacoes`)).json() as {
    rascunhos: Array<{ caminho: string; revisao: number }>;
  };
  const revisao = state.rascunhos.find((row) => row.caminho === ENTITY)?.revisao ?? 0;
  return call(verde, 'PUT', `${studio}/${verdeId}/customizacoes/rascunhos`, {
    caminho: ENTITY,
    patch,
    revisao,
  });
};
const publish = async () => {
  const answer = await call(verde, 'POST', `${studio}/${verdeId}/customizacoes/publicar`, {});
  expect(answer.statusCode, answer.body).toBe(200);
  await server.app.tenants.reload();
  return (answer.json() as { versao: number }).versao;
};
const list = async (filter: object, token = verde, host = 'verde.localhost') => {
  const answer = await call(
    token,
    'GET',
    `/api/Produtos?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    undefined,
    host,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Array<{ id: number; descricao: string; custom?: Record<string, unknown> }>;
};
const storedCustom = async (id: number) =>
  (
    await server.db.withSystem((tx) =>
      tx.one<{ custom: Record<string, unknown> }>('SELECT custom FROM produto WHERE id = $1', [id]),
    )
  ).custom;

let firstVersion = 0;
let withFields = 0;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await createTestServer();
  const rows = await server.db.withSystem((tx) =>
    tx.query<{ id: number; id_config: string }>('SELECT id, id_config FROM config_white_label'),
  );
  verdeId = Number(rows.find((row) => row.id_config === 'verde')?.id);
  await server.db.withSystem((tx) =>
    tx.query(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`),
  );
  verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  demo = await login(server.app, 'demo@erp.local');
  staff = await login(server.app, 'admin@erp.local');
  // A first version without custom fields, to roll back to.
  const label = await draft({ labelPlural: 'Produtos e serviços' });
  expect(label.statusCode, label.body).toBe(200);
  firstVersion = await publish();
}, 90_000);
afterAll(async () => {
  await server?.close();
});

describe('declaring custom fields', () => {
  it.each([
    [
      'a name of a base field',
      { customFields: { descricao: { type: 'string', label: 'Outra descrição' } } },
      /"descricao" já é um campo de produto: escolha outro nome/,
    ],
    ['an unknown type', { customFields: { cor: { type: 'cor', label: 'Cor' } } }, /customFields\/cor\/type/],
    ['a list without options', { customFields: { cor: { type: 'enum', label: 'Cor' } } }, /options/],
    [
      'repeated option values',
      {
        customFields: {
          cor: {
            type: 'enum',
            label: 'Cor',
            options: [
              { value: 'a', label: 'A' },
              { value: 'a', label: 'B' },
            ],
          },
        },
      },
      /a opção "a" aparece mais de uma vez/,
    ],
    [
      'a reference to an entity that does not exist',
      { customFields: { dono: { type: 'relation', label: 'Dono', relation: { entity: 'naoExiste' } } } },
      /entidade "naoExiste" não existe/,
    ],
    [
      'a name outside camelCase',
      { customFields: { 'codigo-interno': { type: 'string', label: 'Código' } } },
      /customFields/,
    ],
  ])('refuses %s with a pt-BR message and stores nothing', async (_name, patch, message) => {
    const answer = await draft(patch);
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().error.message).toMatch(message);
    const state = (await call(verde, 'GET', `${studio}/${verdeId}/customizacoes`)).json();
    expect(JSON.stringify(state.rascunhos)).not.toContain('customFields');
  });

  it('publishes the fields: the white-label bundle declares them, another white-label does not', async () => {
    const saved = await draft({ customFields: CUSTOM });
    expect(saved.statusCode, saved.body).toBe(200);
    const diff = (await call(verde, 'GET', `${studio}/${verdeId}/customizacoes/comparacao`)).json();
    expect(diff.alteracoes.map((change: { descricao: string }) => change.descricao)).toContain(
      'campo personalizado codigoInterno › rótulo: (padrão) → "Código interno"',
    );
    withFields = await publish();
    const bundle = async (host: string) =>
      (await server.app.inject({ method: 'GET', url: '/api/Schemas/bundle', headers: { host } })).json();
    expect(Object.keys((await bundle('verde.localhost')).entities.produto.entity.customFields)).toEqual(
      Object.keys(CUSTOM),
    );
    expect((await bundle('localhost')).entities.produto.entity.customFields).toBeUndefined();
  });
});

describe('records with custom fields', () => {
  it('saves, reads back and validates them like any field', async () => {
    const created = await call(verde, 'POST', '/api/Produtos', {
      descricao: 'Furadeira de impacto',
      custom: {
        codigoInterno: 'FU-10',
        garantiaMeses: 12,
        linha: 'obra',
        importado: true,
        lancamento: '2026-03-01',
        precoSugerido: 499.9,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    ids.furadeira = created.json().id;
    expect(created.json().custom).toEqual({
      codigoInterno: 'FU-10',
      garantiaMeses: 12,
      linha: 'obra',
      importado: true,
      lancamento: '2026-03-01',
      precoSugerido: 499.9,
    });
    const other = await call(verde, 'POST', '/api/Produtos', {
      descricao: 'Vassoura',
      custom: { codigoInterno: 'VA-2', garantiaMeses: 3, linha: 'casa', precoSugerido: 25 },
    });
    expect(other.statusCode, other.body).toBe(200);
    ids.vassoura = other.json().id;
    const read = await call(verde, 'GET', `/api/Produtos/${ids.furadeira}`);
    expect(read.json().custom.codigoInterno).toBe('FU-10');

    const bad = await call(verde, 'POST', '/api/Produtos', {
      descricao: 'Errado',
      custom: { codigoInterno: 'x', garantiaMeses: 500, linha: 'jardim', corFavorita: 'azul' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.details.fields as Array<{ campo: string; mensagem: string }>;
    expect(fields).toEqual(
      expect.arrayContaining([
        {
          campo: 'custom.codigoInterno',
          mensagem: 'Código interno: use duas letras, hífen e números (ex.: AB-12)',
        },
        expect.objectContaining({
          campo: 'custom.garantiaMeses',
          mensagem: expect.stringMatching(/^Garantia \(meses\): /),
        }),
        {
          campo: 'custom.linha',
          mensagem: 'Linha: opção inválida; escolha uma das opções da lista',
        },
        { campo: 'custom.corFavorita', mensagem: 'custom.corFavorita: campo desconhecido' },
      ]),
    );
    expect(bad.json().error.message).toMatch(/^Dados inválidos — /);
  });

  it('filters and sorts by custom.<name> with the value typed', async () => {
    const byCode = await list({ where: { 'custom.codigoInterno': 'FU-10' } });
    expect(byCode.map((row) => row.id)).toEqual([ids.furadeira]);
    const byLine = await list({ where: { 'custom.linha': { inq: ['casa'] } } });
    expect(byLine.map((row) => row.id)).toEqual([ids.vassoura]);
    const byWarranty = await list({ where: { 'custom.garantiaMeses': { gt: 6 } } });
    expect(byWarranty.map((row) => row.id)).toEqual([ids.furadeira]);
    const byFlag = await list({ where: { 'custom.importado': true } });
    expect(byFlag.map((row) => row.id)).toEqual([ids.furadeira]);
    const byDate = await list({ where: { 'custom.lancamento': { gte: '2026-01-01' } } });
    expect(byDate.map((row) => row.id)).toEqual([ids.furadeira]);
    const like = await list({ where: { 'custom.codigoInterno': { ilike: 'va%' } } });
    expect(like.map((row) => row.id)).toEqual([ids.vassoura]);
    const sorted = await list({
      where: { id: { inq: [ids.furadeira, ids.vassoura] } },
      order: 'custom.precoSugerido DESC',
    });
    expect(sorted.map((row) => row.id)).toEqual([ids.furadeira, ids.vassoura]);
    const unknown = await call(
      verde,
      'GET',
      `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ where: { 'custom.naoExiste': 1 } }))}`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/custom\.naoExiste/);
    const count = await call(
      verde,
      'GET',
      `/api/Produtos/count?where=${encodeURIComponent(JSON.stringify({ 'custom.linha': 'obra' }))}`,
    );
    expect(count.json().count).toBe(1);
  });

  it("exports them after the report's own columns, typed and with the list labels", async () => {
    const whiteLabel = await server.app.tenants.forHost('verde.localhost');
    if (!whiteLabel) throw new Error('verde ausente');
    const user = await server.db.withSystem((tx) =>
      tx.one<{ id: number; empresa_id: number; filial_selecionada_id: number }>(
        `SELECT id, empresa_id, filial_selecionada_id FROM usuario WHERE email = 'verde@erp.local'`,
      ),
    );
    const record = await createReportRecord(server.app, {
      empresaId: user.empresa_id,
      usuarioId: user.id,
      descricao: 'Produtos alterados',
      tipo: 'xlsx',
    });
    const plan = buildReportPlan({
      definition: loadReportDefinition(whiteLabel.schemas, 'produtos-alterados'),
      schemas: whiteLabel.schemas,
      formato: 'xlsx',
      filtros: { alteradoDesde: '2000-01-01', descricao: 'Furadeira' },
      relatorioId: record.id,
      tenant: { empresaId: user.empresa_id, filialId: user.filial_selecionada_id, usuarioId: user.id },
    });
    expect(plan.columns.map((column) => column.label).slice(-6)).toEqual([
      'Código interno',
      'Garantia (meses)',
      'Linha',
      'Importado',
      'Lançamento',
      'Preço sugerido',
    ]);
    await generateReport(server.databaseUrl, plan);
    const stored = await server.db.withSystem((tx) =>
      tx.one<{ arquivo: Buffer }>('SELECT arquivo FROM relatorio WHERE id = $1', [record.id]),
    );
    const sheet = await readXlsx(stored.arquivo);
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows.findIndex((row) => row.includes('Código interno'));
    expect(header).toBeGreaterThanOrEqual(0);
    const line = rows[header + 1] ?? [];
    const at = (label: string) => line[(rows[header] ?? []).indexOf(label)];
    expect(at('Código interno')).toBe('FU-10');
    expect(at('Garantia (meses)')).toBe(12);
    expect(at('Linha')).toBe('Obra');
    expect(at('Preço sugerido')).toBe(499.9);
  });

  it('merges a partial update: null clears one field, the others stay', async () => {
    const patched = await call(verde, 'PATCH', `/api/Produtos/${ids.furadeira}`, {
      custom: { linha: null, garantiaMeses: 24 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().custom).toEqual({
      codigoInterno: 'FU-10',
      garantiaMeses: 24,
      importado: true,
      lancamento: '2026-03-01',
      precoSugerido: 499.9,
    });
    expect(await storedCustom(ids.furadeira as number)).not.toHaveProperty('linha');
    // A PUT (replace) that leaves `custom` out keeps the values: custom fields always merge.
    const current = (await call(verde, 'GET', `/api/Produtos/${ids.furadeira}`)).json();
    const { custom: _custom, ...withoutCustom } = current;
    const replaced = await call(verde, 'PUT', `/api/Produtos/${ids.furadeira}`, withoutCustom);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().custom.codigoInterno).toBe('FU-10');
  });

  it('is invisible to another white-label, which cannot write custom values', async () => {
    const own = await call(demo, 'POST', '/api/Produtos', { descricao: 'Produto da demo' }, 'localhost');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).not.toHaveProperty('custom');
    const rows = await list({ limit: 5 }, demo, 'localhost');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).not.toHaveProperty('custom');
    const refused = await call(
      demo,
      'POST',
      '/api/Produtos',
      { descricao: 'X', custom: { codigoInterno: 'AB-1' } },
      'localhost',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/Produtos não têm campos personalizados neste white-label/);
    const filter = await call(
      demo,
      'GET',
      `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ where: { 'custom.codigoInterno': 'FU-10' } }))}`,
      undefined,
      'localhost',
    );
    expect(filter.statusCode).toBe(400);
  });

  it('requires a required custom field on create, with its label', async () => {
    expect(
      (await draft({ customFields: { ...CUSTOM, linha: { ...CUSTOM.linha, required: true } } })).statusCode,
    ).toBe(200);
    await publish();
    const missing = await call(verde, 'POST', '/api/Produtos', { descricao: 'Sem linha' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields).toEqual([
      { campo: 'custom.linha', mensagem: 'Linha: preenchimento obrigatório' },
    ]);
    const ok = await call(verde, 'POST', '/api/Produtos', {
      descricao: 'Com linha',
      custom: { linha: 'casa' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('rollback and the platform', () => {
  it('restoring a version without the fields hides their values and keeps them stored', async () => {
    const restored = await call(
      verde,
      'POST',
      `${studio}/${verdeId}/customizacoes/versoes/${firstVersion}/restaurar`,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    await server.app.tenants.reload();
    const read = await call(verde, 'GET', `/api/Produtos/${ids.furadeira}`);
    expect(read.json()).not.toHaveProperty('custom');
    expect((await storedCustom(ids.furadeira as number)).codigoInterno).toBe('FU-10');
    // Saving the record meanwhile does not lose them.
    const saved = await call(verde, 'PATCH', `/api/Produtos/${ids.furadeira}`, {
      descricao: 'Furadeira 750 W',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const back = await call(
      verde,
      'POST',
      `${studio}/${verdeId}/customizacoes/versoes/${withFields}/restaurar`,
    );
    expect(back.statusCode, back.body).toBe(200);
    await server.app.tenants.reload();
    expect((await call(verde, 'GET', `/api/Produtos/${ids.furadeira}`)).json().custom.codigoInterno).toBe(
      'FU-10',
    );
  });

  it('indexes `custom` with GIN and marks jsonb containment LEAKPROOF so RLS can use the index', async () => {
    const rows = await server.db.withSystem((tx) =>
      tx.query<{ indexdef: string }>(
        `SELECT indexdef FROM pg_indexes WHERE tablename = 'produto' AND indexname = 'produto_custom_gin'`,
      ),
    );
    expect(rows[0]?.indexdef).toMatch(/USING gin \(custom jsonb_path_ops\)/);
    const proc = await server.db.withSystem((tx) =>
      tx.one<{ proleakproof: boolean }>(
        `SELECT proleakproof FROM pg_proc WHERE oid = 'pg_catalog.jsonb_contains(jsonb,jsonb)'::regprocedure`,
      ),
    );
    expect(proc.proleakproof).toBe(true);
  });

  it('documents `custom` as an open object in the OpenAPI spec', async () => {
    const spec = (await server.app.inject({ method: 'GET', url: '/documentation/openapi.json' })).json();
    const produto = spec.components.schemas.ProdutoInput ?? spec.components.schemas.Produto;
    expect(produto.properties.custom).toMatchObject({ type: 'object', additionalProperties: true });
  });

  it('starts a white-label created through the API from its template, as studio version 1', async () => {
    const created = await call(
      staff,
      'POST',
      '/api/ConfigWhiteLabels',
      { idConfig: 'filho-verde', title: 'Filho do Verde', dominios: ['filho.localhost'], modelo: 'verde' },
      'localhost',
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const versions = await server.db.withSystem((tx) =>
      tx.query<{ versao: number; resumo: string; patches: Record<string, unknown> }>(
        'SELECT versao, resumo, patches FROM customizacao_versao WHERE config_white_label_id = $1',
        [id],
      ),
    );
    expect(versions.map((row) => [row.versao, row.resumo])).toEqual([[1, 'Criado a partir do modelo verde']]);
    // verde's own override file (the cliente form) and its studio layer (the custom fields) both came along.
    expect(Object.keys(versions[0]?.patches ?? {})).toEqual(
      expect.arrayContaining(['schemas/entities/cliente/cliente.form.json', ENTITY]),
    );
    const bundle = (
      await server.app.inject({
        method: 'GET',
        url: '/api/Schemas/bundle',
        headers: { host: 'filho.localhost' },
      })
    ).json();
    expect(Object.keys(bundle.entities.produto.entity.customFields)).toContain('codigoInterno');
    const wrong = await call(
      staff,
      'POST',
      '/api/ConfigWhiteLabels',
      { idConfig: 'sem-modelo', title: 'X', dominios: ['x.localhost'], modelo: 'nenhum' },
      'localhost',
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe(
      'O modelo "nenhum" não existe: informe o idConfig de um white-label existente.',
    );
  });
});
