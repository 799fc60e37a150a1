import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Child collections through the records API (pedidoVenda.itens → pedidoVendaItem): include, nested
 * create/replace in one transaction, error paths, RLS, permissions, cascade.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
type Body = Record<string, unknown>;
type Item = Body & { id: number; numeroItem: number; quantidade: number };

const api = (method: string, url: string, token: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const withFilter = (url: string, filter: unknown) =>
  `${url}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const ok = async (method: string, url: string, payload?: unknown, token = tokens.demo) => {
  const response = await api(method, url, token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Body;
};

let clienteId: number;
let produtos: number[];
let numero = 1000;
const item = (produtoId: number, quantidade: number, extra: Body = {}) => ({
  produtoId,
  descricao: `Produto ${produtoId}`,
  quantidade,
  valorUnitario: 10,
  valorTotal: quantidade * 10,
  ...extra,
});
const pedido = (itens?: unknown[], extra: Body = {}) => ({
  numero: numero++,
  clienteId,
  dataEmissao: '2025-03-10',
  tipo: 0,
  situacao: 0,
  ...(itens ? { itens } : {}),
  ...extra,
});
const itemsOf = async (id: unknown) =>
  (await ok('GET', withFilter(`/api/PedidosVenda/${id}`, { include: ['itens'] }))).itens as Item[];

beforeAll(async () => {
  server = await createTestServer();
  tokens.demo = await login(server.app, 'demo@erp.local');
  clienteId = (await ok('POST', '/api/Clientes', { nome: 'Cliente dos Itens' })).id as number;
  produtos = [];
  for (const descricao of ['Parafuso', 'Porca', 'Arruela'])
    produtos.push((await ok('POST', '/api/Produtos', { descricao })).id as number);
  tokens.consulta = (
    await addDemoUserWithProfile(server, {
      email: 'so-ve-pedidos@erp.local',
      nome: 'Vera Vê',
      perfil: 'Só vê pedidos',
      permissoes: { VENDAS_PEDIDO_VENDAS: 1 },
    })
  ).token;
  const signup = await api('POST', '/api/Usuarios/cadastro', undefined, {
    email: 'admin@outra-itens.com.br',
    senha: 'segredo1',
    confirmaSenha: 'segredo1',
    nome: 'Admin Outra',
    empresa: 'Outra Empresa Ltda',
    telefone: '(11) 98765-4321',
    cpfCnpj: '45.997.418/0001-53',
    regime: 1,
  });
  expect(signup.statusCode, signup.body).toBe(200);
  tokens.outra = signup.json().id;
});
afterAll(async () => server?.close());

describe('child collections: nested writes', () => {
  let id: number;
  let created: Body;

  beforeAll(async () => {
    created = await ok(
      'POST',
      '/api/PedidosVenda',
      pedido([
        item(produtos[1] as number, 2, { numeroItem: 2 }),
        item(produtos[0] as number, 1, { numeroItem: 1 }),
      ]),
    );
    id = created.id as number;
  });

  it('creates the parent and its items, returning them ordered by numeroItem with the key set', () => {
    const itens = created.itens as Item[];
    expect(itens.map((row) => row.numeroItem)).toEqual([1, 2]);
    expect(itens.map((row) => row.produtoId)).toEqual([produtos[0], produtos[1]]);
    expect(itens.every((row) => row.pedidoVendaId === id)).toBe(true);
    expect(itens[0]).toMatchObject({ quantidade: 1, valorUnitario: 10, unidade: 'UN' });
  });

  it('include on the list and by id; without include there is no collection', async () => {
    const list = (await ok(
      'GET',
      withFilter('/api/PedidosVenda', { where: { id }, include: ['itens'], fields: ['numero'] }),
    )) as unknown as Body[];
    expect((list[0]?.itens as Item[] | undefined)?.map((row) => row.numeroItem)).toEqual([1, 2]);
    const plain = await ok('GET', `/api/PedidosVenda/${id}`);
    expect(plain.itens).toBeUndefined();
    const bad = await api('GET', withFilter('/api/PedidosVenda', { include: ['nada'] }), tokens.demo);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('itens');
  });

  it('PUT replaces the collection: updates by id, inserts without id, deletes the missing, swaps numbers', async () => {
    const [first, second] = await itemsOf(id);
    const current = await ok('GET', `/api/PedidosVenda/${id}`);
    const saved = await ok('PUT', `/api/PedidosVenda/${id}`, {
      ...pedido(undefined, { numero: current.numero, versao: current.versao }),
      itens: [
        { ...second, numeroItem: 1, quantidade: 5, valorTotal: 50 },
        item(produtos[2] as number, 3, { numeroItem: 2 }),
      ],
    });
    const itens = saved.itens as Item[];
    expect(itens).toHaveLength(2);
    expect(itens[0]).toMatchObject({ id: second?.id, numeroItem: 1, quantidade: 5 });
    expect(itens[1]).toMatchObject({ numeroItem: 2, produtoId: produtos[2] });
    expect(itens.some((row) => row.id === first?.id)).toBe(false);
    expect(await itemsOf(id)).toEqual(itens);
  });

  it('PATCH without the key leaves the items; with [] removes them all', async () => {
    await ok('PATCH', `/api/PedidosVenda/${id}`, { observacao: 'sem mexer nos itens' });
    expect(await itemsOf(id)).toHaveLength(2);
    const cleared = await ok('PATCH', `/api/PedidosVenda/${id}`, { itens: [] });
    expect(cleared.itens).toEqual([]);
    expect(await itemsOf(id)).toEqual([]);
  });

  it('an invalid item answers 400 naming its path and rolls back the parent too', async () => {
    const before = await ok('GET', `/api/PedidosVenda/${id}`);
    const response = await api('PUT', `/api/PedidosVenda/${id}`, tokens.demo, {
      ...pedido(undefined, { numero: before.numero }),
      observacao: 'não deve ficar',
      itens: [
        item(produtos[0] as number, 1, { numeroItem: 1 }),
        item(produtos[1] as number, -2, { numeroItem: 2, valorTotal: 0 }),
      ],
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.details.fields as { campo: string; mensagem: string }[];
    expect(fields).toEqual([
      { campo: 'itens[1].quantidade', mensagem: expect.stringMatching(/^Itens, item 2 — Quantidade: /) },
    ]);
    expect(response.json().error.message).toContain('Quantidade');
    const after = await ok('GET', `/api/PedidosVenda/${id}`);
    expect(after.observacao).toBe(before.observacao);
    expect(after.versao).toBe(before.versao);

    const count = (await ok('GET', '/api/PedidosVenda/count')).count;
    const post = await api(
      'POST',
      '/api/PedidosVenda',
      tokens.demo,
      pedido([item(produtos[0] as number, 1)]),
    );
    expect(post.statusCode).toBe(400);
    expect(post.json().error.details.fields).toContainEqual({
      campo: 'itens[0].numeroItem',
      mensagem: 'Itens, item 1 — Item: preenchimento obrigatório',
    });
    expect((await ok('GET', '/api/PedidosVenda/count')).count).toBe(count);
  });

  it('a database error in an item rolls back the parent insert', async () => {
    const count = (await ok('GET', '/api/PedidosVenda/count')).count;
    const response = await api(
      'POST',
      '/api/PedidosVenda',
      tokens.demo,
      pedido([
        item(produtos[0] as number, 1, { numeroItem: 1 }),
        item(produtos[1] as number, 1, { numeroItem: 1 }),
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields).toEqual([
      { campo: 'itens[1].numeroItem', mensagem: 'Itens, item 2 — Item: repetido em outro item' },
    ]);
    expect((await ok('GET', '/api/PedidosVenda/count')).count).toBe(count);
  });

  it('refuses an item id of another parent, a different parent key and a product it cannot see', async () => {
    const other = await ok(
      'POST',
      '/api/PedidosVenda',
      pedido([item(produtos[0] as number, 1, { numeroItem: 1 })]),
    );
    const foreign = (other.itens as Item[])[0] as Item;
    const current = await ok('GET', `/api/PedidosVenda/${id}`);
    const steal = await api('PATCH', `/api/PedidosVenda/${id}`, tokens.demo, {
      itens: [{ ...foreign, pedidoVendaId: undefined }],
    });
    expect(steal.statusCode).toBe(400);
    expect(steal.json().error.details.fields[0]).toEqual({
      campo: 'itens[0].id',
      mensagem: `Itens, item 1 — o item id ${foreign.id} não pertence a este registro de pedido de venda`,
    });
    const moved = await api('PATCH', `/api/PedidosVenda/${id}`, tokens.demo, {
      itens: [item(produtos[0] as number, 1, { numeroItem: 1, pedidoVendaId: other.id })],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.details.fields[0].campo).toBe('itens[0].pedidoVendaId');
    expect(await itemsOf(other.id)).toHaveLength(1);
    expect((await ok('GET', `/api/PedidosVenda/${id}`)).versao).toBe(current.versao);
  });

  it('deleting the parent deletes its items (cascade)', async () => {
    const doomed = await ok(
      'POST',
      '/api/PedidosVenda',
      pedido([
        item(produtos[0] as number, 1, { numeroItem: 1 }),
        item(produtos[1] as number, 1, { numeroItem: 2 }),
      ]),
    );
    const ids = (doomed.itens as Item[]).map((row) => row.id);
    await ok('DELETE', `/api/PedidosVenda/${doomed.id}`);
    const left = await ok(
      'GET',
      `/api/PedidosVendaItens/count?where=${encodeURIComponent(JSON.stringify({ id: { inq: ids } }))}`,
    );
    expect(left.count).toBe(0);
  });
});

describe('child collections: tenancy and permissions', () => {
  let id: number;
  beforeAll(async () => {
    id = (await ok('POST', '/api/PedidosVenda', pedido([item(produtos[0] as number, 4, { numeroItem: 1 })])))
      .id as number;
  });

  it('another empresa neither reads nor writes the items', async () => {
    const read = await api(
      'GET',
      withFilter(`/api/PedidosVenda/${id}`, { include: ['itens'] }),
      tokens.outra,
    );
    expect(read.statusCode).toBe(404);
    const items = await api('GET', '/api/PedidosVendaItens', tokens.outra);
    expect(items.statusCode).toBe(200);
    expect(items.json()).toEqual([]);
    const put = await api('PATCH', `/api/PedidosVenda/${id}`, tokens.outra, {
      itens: [item(produtos[0] as number, 1, { numeroItem: 1 })],
    });
    expect(put.statusCode).toBe(404);
    const attach = await api('POST', '/api/PedidosVendaItens', tokens.outra, {
      ...item(produtos[0] as number, 1, { numeroItem: 9 }),
      pedidoVendaId: id,
    });
    expect(attach.statusCode).toBe(400);
    expect(await itemsOf(id)).toHaveLength(1);
  });

  it('writing items through the parent needs the parent permission for the method', async () => {
    const read = await ok(
      'GET',
      withFilter(`/api/PedidosVenda/${id}`, { include: ['itens'] }),
      undefined,
      tokens.consulta,
    );
    expect(read.itens).toHaveLength(1);
    const create = await api(
      'POST',
      '/api/PedidosVenda',
      tokens.consulta,
      pedido([item(produtos[0] as number, 1, { numeroItem: 1 })]),
    );
    expect(create.statusCode).toBe(403);
    const update = await api('PATCH', `/api/PedidosVenda/${id}`, tokens.consulta, { itens: [] });
    expect(update.statusCode).toBe(403);
    expect(await itemsOf(id)).toHaveLength(1);
  });

  it('the OpenAPI schemas type the collection on read and write', async () => {
    const spec = server.app.swagger() as unknown as {
      components: {
        schemas: Record<string, Body & { properties: Record<string, Body & { items?: unknown }> }>;
      };
    };
    const schemas = spec.components.schemas as Record<
      string,
      { properties: Record<string, Body & { items?: unknown }> }
    >;
    expect(schemas.PedidoVenda?.properties.itens?.items).toEqual({
      $ref: '#/components/schemas/PedidoVendaItem',
    });
    expect(schemas.PedidoVendaInput?.properties.itens?.items).toEqual({
      $ref: '#/components/schemas/PedidoVendaItemNested',
    });
    expect(schemas.PedidoVendaItemNested?.properties.pedidoVendaId).toBeUndefined();
    expect(schemas.PedidoVendaItemNested?.properties.id?.type).toBe('integer');
  });
});
