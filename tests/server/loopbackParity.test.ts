import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackDifferencesTable } from '../../runtime/server/routes/records/loopbackDifferences.ts';
import { createApiClient } from '../../runtime/web/api/createApiClient.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * The query language at parity with LoopBack 3 on PostgreSQL, table-driven over fixed data in a company of
 * its own (sign-up): one row per operator and option, and one per documented difference (README,
 * "Diferenças em relação ao LoopBack 3"). Expected rows are the products' codes, in the answer's order.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;

const api = (method: string, url: string, payload?: unknown, auth: string | undefined = token) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', ...(auth ? { authorization: auth } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const json = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));
const ok = async (method: string, url: string, payload?: unknown) => {
  const response = await api(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Body;
};

const ids: Record<string, number> = {};
/** The fixture: codigo → fields. Nulls are deliberate (neq, gt null, order nulls). */
const PRODUTOS: Array<[string, Body]> = [
  ['P1', { descricao: 'Parafuso sextavado', unidade: 'UN', precoVenda: 10, ativo: true, validadeDias: 30 }],
  ['P2', { descricao: 'Porca', unidade: 'UN', precoVenda: 2.5, ativo: true, validadeDias: null }],
  ['P3', { descricao: 'parafuso fenda', unidade: 'CX', precoVenda: 45, ativo: false, validadeDias: 10 }],
  ['P4', { descricao: 'Arruela', unidade: 'KG', precoVenda: 7, ativo: true, validadeDias: 60 }],
  ['P5', { descricao: 'Bucha', unidade: null, precoVenda: 1, ativo: false, validadeDias: null }],
];

beforeAll(async () => {
  server = await createTestServer();
  const signup = await api(
    'POST',
    '/api/Usuarios/cadastro',
    {
      email: 'integrador@paridade.com.br',
      senha: 'segredo1',
      confirmaSenha: 'segredo1',
      nome: 'Integra Dor',
      empresa: 'Paridade LoopBack Ltda',
      telefone: '(11) 98765-4321',
      cpfCnpj: '45.997.418/0001-53',
      regime: 1,
    },
    undefined,
  );
  expect(signup.statusCode, signup.body).toBe(200);
  token = signup.json().id;
  expect((await ok('GET', '/api/Produtos/count')).count).toBe(0);
  ids.alfa = (await ok('POST', '/api/Marcas', { descricao: 'Alfa', ativo: true })).id as number;
  ids.beta = (await ok('POST', '/api/Marcas', { descricao: 'Beta', ativo: false })).id as number;
  const marca: Record<string, number | null> = {
    P1: ids.alfa,
    P2: ids.beta,
    P3: null,
    P4: ids.alfa,
    P5: ids.beta,
  };
  for (const [codigo, fields] of PRODUTOS)
    ids[codigo] = (await ok('POST', '/api/Produtos', { codigo, ...fields, marcaId: marca[codigo] }))
      .id as number;
  ids.cliente = (await ok('POST', '/api/Clientes', { nome: 'Cliente Paridade' })).id as number;
  const item = (codigo: string, numeroItem: number, quantidade: number) => ({
    produtoId: ids[codigo],
    numeroItem,
    descricao: codigo,
    quantidade,
    valorUnitario: 1,
    valorTotal: quantidade,
  });
  const pedido = (numero: number, itens: unknown[]) => ({
    numero,
    clienteId: ids.cliente,
    dataEmissao: '2026-11-02',
    tipo: 0,
    situacao: 0,
    itens,
  });
  ids.pedido1 = (
    await ok('POST', '/api/PedidosVenda', pedido(1, [item('P1', 1, 5), item('P2', 2, 1), item('P4', 3, 3)]))
  ).id as number;
  ids.pedido2 = (await ok('POST', '/api/PedidosVenda', pedido(2, [item('P3', 1, 2), item('P5', 2, 4)])))
    .id as number;
});
afterAll(async () => server?.close());

const codes = (rows: Body[]) => rows.map((row) => row.codigo);

describe('where operators and options: query → rows (LoopBack 3 on PostgreSQL)', () => {
  // Without an order the answer is by id, i.e. P1…P5; `order` rows state their own.
  const cases: Array<[string, Body, string[]]> = [
    ['equality', { where: { unidade: 'UN' } }, ['P1', 'P2']],
    ['eq null', { where: { unidade: null } }, ['P5']],
    ['neq leaves null values out (col != $1)', { where: { unidade: { neq: 'UN' } } }, ['P3', 'P4']],
    ['neq null', { where: { validadeDias: { neq: null } } }, ['P1', 'P3', 'P4']],
    ['gt', { where: { precoVenda: { gt: 7 } } }, ['P1', 'P3']],
    ['gte / lte', { where: { validadeDias: { gte: 10, lte: 30 } } }, ['P1', 'P3']],
    ['lt', { where: { precoVenda: { lt: 2.5 } } }, ['P5']],
    ['gt null matches no row', { where: { validadeDias: { gt: null } } }, []],
    ['between', { where: { precoVenda: { between: [2.5, 10] } } }, ['P1', 'P2', 'P4']],
    ['inq', { where: { codigo: { inq: ['P2', 'P4', 'X'] } } }, ['P2', 'P4']],
    ['inq with null: null matches nothing', { where: { validadeDias: { inq: [10, null] } } }, ['P3']],
    ['nin', { where: { codigo: { nin: ['P1', 'P2', 'P3'] } } }, ['P4', 'P5']],
    ['nin with null: NOT IN (…, NULL) is never true', { where: { codigo: { nin: ['P1', null] } } }, []],
    [
      'empty inq / nin',
      { where: { or: [{ codigo: { inq: [] } }, { codigo: { nin: [] }, unidade: 'KG' }] } },
      ['P4'],
    ],
    ['like is case-sensitive', { where: { descricao: { like: 'Paraf%' } } }, ['P1']],
    ['ilike', { where: { descricao: { ilike: 'paraf%' } } }, ['P1', 'P3']],
    ['nlike', { where: { descricao: { nlike: '%u%' } } }, ['P2']],
    ['nilike', { where: { descricao: { nilike: '%PARA%' } } }, ['P2', 'P4', 'P5']],
    ['regexp bare pattern', { where: { descricao: { regexp: '^[PA]' } } }, ['P1', 'P2', 'P4']],
    ['regexp /pattern/i', { where: { descricao: { regexp: '/^paraf/i' } } }, ['P1', 'P3']],
    [
      'regexp with flags that do not change the match',
      { where: { descricao: { regexp: '/ca$/g' } } },
      ['P2'],
    ],
    ['boolean true/false', { where: { ativo: false } }, ['P3', 'P5']],
    [
      'boolean "1" and 0 as LoopBack coerces them',
      {
        where: {
          or: [
            { ativo: '1', unidade: 'KG' },
            { ativo: 0, unidade: 'CX' },
          ],
        },
      },
      ['P3', 'P4'],
    ],
    [
      'and / or nesting',
      { where: { or: [{ and: [{ ativo: true }, { unidade: 'UN' }] }, { codigo: 'P5' }] } },
      ['P1', 'P2', 'P5'],
    ],
    [
      'order desc with nulls first (PostgreSQL)',
      { order: 'validadeDias DESC', fields: ['codigo', 'validadeDias'] },
      ['P2', 'P5', 'P4', 'P1', 'P3'],
    ],
    [
      'order by two keys in one string',
      { order: 'unidade ASC, codigo DESC' },
      ['P3', 'P4', 'P2', 'P1', 'P5'],
    ],
    ['limit and skip', { order: 'codigo DESC', limit: 2, skip: 1 }, ['P4', 'P3']],
    ['offset as skip', { limit: 1, offset: 4 }, ['P5']],
    ['limit 0 is no limit', { limit: 0 }, ['P1', 'P2', 'P3', 'P4', 'P5']],
  ];
  it.each(cases)('%s', async (_name, filter, expected) => {
    const response = await api('GET', `/api/Produtos?filter=${json(filter)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(codes(response.json())).toEqual(expected);
  });

  it('count takes the same where (JSON and bracket forms)', async () => {
    expect((await ok('GET', `/api/Produtos/count?where=${json({ unidade: { neq: 'UN' } })}`)).count).toBe(2);
    expect((await ok('GET', '/api/Produtos/count?where[unidade]=UN')).count).toBe(2);
    expect((await ok('GET', '/api/Produtos/count?where[precoVenda][gt]=5')).count).toBe(3);
  });
});

describe('the bracket query-string form is the same filter as the JSON form', () => {
  const cases: Array<[string, string, Body]> = [
    ['where equality', 'filter[where][unidade]=UN', { where: { unidade: 'UN' } }],
    [
      'operators',
      'filter[where][precoVenda][gte]=7&filter[where][precoVenda][lt]=45',
      { where: { precoVenda: { gte: 7, lt: 45 } } },
    ],
    [
      'limit, order, skip',
      'filter[limit]=2&filter[order]=codigo%20DESC&filter[skip]=1',
      { limit: 2, order: 'codigo DESC', skip: 1 },
    ],
    [
      'lists by index',
      'filter[where][codigo][inq][0]=P2&filter[where][codigo][inq][1]=P5',
      { where: { codigo: { inq: ['P2', 'P5'] } } },
    ],
    [
      'lists by []',
      'filter[where][codigo][inq][]=P3&filter[where][codigo][inq][]=P4',
      { where: { codigo: { inq: ['P3', 'P4'] } } },
    ],
    [
      'or by index',
      'filter[where][or][0][codigo]=P1&filter[where][or][1][unidade]=KG',
      { where: { or: [{ codigo: 'P1' }, { unidade: 'KG' }] } },
    ],
    ['boolean as text', 'filter[where][ativo]=false', { where: { ativo: false } }],
    [
      'fields',
      'filter[fields][codigo]=true&filter[fields][descricao]=true&filter[where][codigo]=P4',
      { fields: { codigo: true, descricao: true }, where: { codigo: 'P4' } },
    ],
  ];
  it.each(cases)('%s', async (_name, query, filter) => {
    const bracket = await api('GET', `/api/Produtos?${query}`);
    const form = await api('GET', `/api/Produtos?filter=${json(filter)}`);
    expect(bracket.statusCode, bracket.body).toBe(200);
    expect(bracket.json()).toEqual(form.json());
    // Not every row: the clause was applied.
    expect(bracket.json().length).toBeLessThan(PRODUTOS.length);
  });

  it('fields leaves out what it does not name', async () => {
    const [row] = (await ok(
      'GET',
      '/api/Produtos?filter[fields][0]=codigo&filter[where][codigo]=P2',
    )) as unknown as Body[];
    expect(row).toEqual({ codigo: 'P2' });
  });

  it('refuses a filter sent both ways, naming the parameter', async () => {
    const response = await api('GET', `/api/Produtos?filter=${json({ limit: 1 })}&filter[limit]=2`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Filtro inválido: o parâmetro "filter" veio em JSON e em colchetes ao mesmo tempo; use uma só forma.',
    );
  });

  it('reads ?filter=null as no filter', async () => {
    expect(codes((await api('GET', '/api/Produtos?filter=null')).json())).toEqual([
      'P1',
      'P2',
      'P3',
      'P4',
      'P5',
    ]);
  });
});

describe('findOne and exists', () => {
  it('findOne answers the first match in the filter order, or 404 MODEL_NOT_FOUND', async () => {
    expect(
      (
        await ok(
          'GET',
          `/api/Produtos/findOne?filter=${json({ where: { unidade: 'UN' }, order: 'codigo DESC' })}`,
        )
      ).codigo,
    ).toBe('P2');
    expect((await ok('GET', '/api/Produtos/findOne?filter[where][ativo]=false')).codigo).toBe('P3');
    const none = await api('GET', `/api/Produtos/findOne?filter=${json({ where: { codigo: 'X' } })}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toMatchObject({
      code: 'MODEL_NOT_FOUND',
      codigo: 'REGISTRO_NAO_ENCONTRADO',
      message: 'Produto não encontrado.',
    });
  });

  it('exists says true for the tenant’s record and false for a missing or another tenant’s one', async () => {
    expect(await ok('GET', `/api/Produtos/${ids.P1}/exists`)).toEqual({ exists: true });
    expect(await ok('GET', `/api/Produtos/${(ids.P5 as number) + 100000}/exists`)).toEqual({ exists: false });
    const demoToken = await login(server.app, 'demo@erp.local');
    const demo = await api('POST', '/api/Produtos', { descricao: 'Produto da outra empresa' }, demoToken);
    expect(demo.statusCode, demo.body).toBe(200);
    expect(await ok('GET', `/api/Produtos/${demo.json().id}/exists`)).toEqual({ exists: false });
    expect((await api('GET', `/api/Produtos/${demo.json().id}/exists`, undefined, demoToken)).json()).toEqual(
      {
        exists: true,
      },
    );
  });

  it('findById of a missing record carries MODEL_NOT_FOUND beside the product code', async () => {
    const missing = await api('GET', `/api/Produtos/${(ids.P5 as number) + 100000}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({
      code: 'MODEL_NOT_FOUND',
      codigo: 'REGISTRO_NAO_ENCONTRADO',
    });
  });
});

describe('include', () => {
  const pedidos = (filter: Body) =>
    api('GET', `/api/PedidosVenda?filter=${json({ order: 'numero ASC', ...filter })}`);
  const itemCodes = (row: Body) => (row.itens as Body[]).map((item) => item.descricao);

  it('child collection scope: order, limit and skip per parent', async () => {
    const response = await pedidos({
      include: { relation: 'itens', scope: { order: 'quantidade DESC', limit: 2 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().map(itemCodes)).toEqual([
      ['P1', 'P4'],
      ['P5', 'P3'],
    ]);
    const skipped = await pedidos({
      include: { relation: 'itens', scope: { order: 'numeroItem ASC', skip: 1, limit: 1 } },
    });
    expect(skipped.json().map(itemCodes)).toEqual([['P2'], ['P5']]);
  });

  it('nested include in a scope, and the shorthands', async () => {
    const scoped = await pedidos({
      include: {
        relation: 'itens',
        scope: { where: { numeroItem: 1 }, include: { relation: 'produto', scope: { include: 'marca' } } },
      },
    });
    expect(scoped.statusCode, scoped.body).toBe(200);
    const [first, second] = scoped.json() as [Body, Body];
    const firstItem = (first.itens as Body[])[0] as Body;
    expect((firstItem.produto as Body).codigo).toBe('P1');
    expect(((firstItem.produto as Body).marca as Body).descricao).toBe('Alfa');
    // P3 has no marca: the relation is absent, not null.
    const secondItem = (second.itens as Body[])[0] as Body;
    expect((secondItem.produto as Body).marca).toBeUndefined();

    const shorthand = await pedidos({ include: { itens: 'produto' }, where: { numero: 2 } });
    expect(shorthand.statusCode, shorthand.body).toBe(200);
    expect((shorthand.json()[0].itens as Body[]).map((item) => (item.produto as Body).codigo)).toEqual([
      'P3',
      'P5',
    ]);
    const flag = await api(
      'GET',
      `/api/Produtos?filter=${json({ include: { marca: true }, where: { codigo: 'P2' } })}`,
    );
    expect((flag.json()[0].marca as Body).descricao).toBe('Beta');
  });

  it('a relation whose foreign key `fields` leaves out is not included (as LoopBack 3)', async () => {
    const without = await api(
      'GET',
      `/api/Produtos?filter=${json({ fields: ['codigo'], include: 'marca', where: { codigo: 'P1' } })}`,
    );
    expect(without.json()).toEqual([{ codigo: 'P1' }]);
    const withKey = await api(
      'GET',
      `/api/Produtos?filter=${json({ fields: ['codigo', 'marcaId'], include: 'marca', where: { codigo: 'P1' } })}`,
    );
    expect(withKey.json()[0].marca.descricao).toBe('Alfa');
  });

  it('an unknown relation at any depth is a 400 naming the relations, even with no row to reach it', async () => {
    const response = await pedidos({ where: { numero: 999 }, include: { itens: 'fornecedor' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('a relação "fornecedor" não existe');
  });
});

describe('documented differences: explicit, never silent', () => {
  it('a list without limit stops at 1000 rows and says so in headers, with the next page', async () => {
    await server.db.withSystem((tx) =>
      tx.query(
        `INSERT INTO marca (empresa_id, descricao, ativo)
         SELECT empresa_id, 'Marca ' || n, true FROM marca, generate_series(1, 1001) AS n WHERE id = $1`,
        [ids.alfa],
      ),
    );
    const first = await api('GET', '/api/Marcas');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(1000);
    expect(first.headers['x-limite-aplicado']).toBe('1000');
    const link = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link));
    expect(link).not.toBeNull();
    const second = await api('GET', link?.[1] as string);
    expect(second.json()).toHaveLength(3);
    expect(second.headers['x-limite-aplicado']).toBeUndefined();
    const all = [...first.json(), ...second.json()].map((row: Body) => row.id);
    expect(new Set(all).size).toBe(1003);
    // Asked explicitly, 1000 is what the client wanted: no header.
    expect((await api('GET', '/api/Marcas?filter[limit]=1000')).headers['x-limite-aplicado']).toBeUndefined();
  });

  const refusals: Array<[string, string, string]> = [
    ['limit above the page cap', json({ limit: 1001 }), 'no máximo 1000 registros por página'],
    [
      'unknown property in where',
      json({ where: { cor: 'azul' } }),
      'o campo "cor" não existe ou não pode ser filtrado',
    ],
    ['unknown top-level key', json({ wher: {} }), 'a chave "wher" não é reconhecida'],
    [
      'excluding an unknown field',
      json({ fields: { cor: false } }),
      'o campo "cor" não existe ou não pode ser selecionado',
    ],
    ['unknown operator', json({ where: { codigo: { regex: 'x' } } }), 'o operador "regex" não é suportado'],
    [
      'regexp with a back-reference',
      json({ where: { descricao: { regexp: '(a)\\1' } } }),
      'não aceita referências a grupos',
    ],
    ['regexp too long', json({ where: { descricao: { regexp: 'a'.repeat(201) } } }), 'até 200 caracteres'],
    [
      'regexp PostgreSQL does not read',
      json({ where: { descricao: { regexp: '(?<nome>a)' } } }),
      'simplifique o padrão',
    ],
    [
      'regexp on a number',
      json({ where: { precoVenda: { regexp: '^1' } } }),
      'só pode ser usado em campos de texto',
    ],
  ];
  it.each(refusals)('%s: 400 naming the rule', async (_name, filter, message) => {
    const response = await api('GET', `/api/Produtos?filter=${filter}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('FILTRO_INVALIDO');
    expect(response.json().error.message).toContain(message);
  });
});

/** `{a: {b: 1}}` → `a[b]=1`: what LoopBack 3 clients put on the wire. */
function toBrackets(value: unknown, prefix: string): string[] {
  if (value === null || typeof value !== 'object') return [`${prefix}=${encodeURIComponent(String(value))}`];
  return Object.entries(value).flatMap(([key, item]) => toBrackets(item, `${prefix}[${key}]`));
}

describe('the generated typed client (openapi-fetch over generated/api.d.ts)', () => {
  it('calls find with the bracket form, findOne and exists over real HTTP', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createApiClient({
      baseUrl: address.replace('127.0.0.1', 'localhost'),
      getToken: () => token,
    });
    const where = { unidade: 'UN' };
    const { data: found, error } = await client.GET('/api/Produtos', {
      params: { query: { filter: JSON.stringify({ where, order: 'codigo DESC' }) } },
      // Same typed call, sent as LoopBack 3 clients do: filter[where][unidade]=UN&filter[order]=…
      querySerializer: (query) =>
        Object.entries(query)
          .flatMap(([key, text]) => toBrackets(JSON.parse(String(text)), key))
          .join('&'),
    });
    expect(error).toBeUndefined();
    expect(found?.map((row) => row.codigo)).toEqual(['P2', 'P1']);
    const one = await client.GET('/api/Produtos/findOne', {
      params: { query: { filter: JSON.stringify({ where: { codigo: 'P4' } }) } },
    });
    expect(one.data?.descricao).toBe('Arruela');
    const exists = await client.GET('/api/Produtos/{id}/exists', {
      params: { path: { id: ids.P3 as number } },
    });
    expect(exists.data?.exists).toBe(true);
    const missing = await client.GET('/api/Produtos/findOne', {
      params: { query: { filter: JSON.stringify({ where: { codigo: 'nenhum' } }) } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe('MODEL_NOT_FOUND');
  });
});

describe('the differences are written down where integrators read', () => {
  it('README and the OpenAPI description carry the same table', async () => {
    const table = loopbackDifferencesTable();
    expect(await readFile(new URL('../../README.md', import.meta.url), 'utf8')).toContain(table);
    const spec = JSON.parse(await readFile(new URL('../../generated/openapi.json', import.meta.url), 'utf8'));
    expect(spec.info.description).toContain(table);
  });
});
