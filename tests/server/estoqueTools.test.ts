import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Estoque tools over produtos: price change, CSV import, label data — real PostgreSQL and RLS. */
let server: TestServer;
const tokens: Record<string, string> = {};
type Body = Record<string, unknown>;

const api = (method: string, url: string, token: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const create = async (resource: string, payload: Body, token = tokens.demo) => {
  const response = await api('POST', `/api/${resource}`, token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Body;
};
const getProduto = async (id: unknown, token = tokens.demo) =>
  (await api('GET', `/api/Produtos/${id}`, token)).json() as Body;
const priceChange = (payload: Body, token = tokens.demo) =>
  api('POST', '/api/Produtos/alteracao-preco', token, payload);

let bebidas: Body;
let refrigerantes: Body;
let limpeza: Body;
let marcaA: Body;
let cola: Body;
let guarana: Body;
let sabao: Body;
let semPreco: Body;
let trialProduto: Body;

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['demo', 'vendedor', 'trial'])
    tokens[user] = await login(server.app, `${user}@erp.local`);
  // A profile that may only view the price change (not apply it).
  tokens.precos = (
    await addDemoUserWithProfile(server, {
      email: 'precos@erp.local',
      nome: 'Paula Preços',
      perfil: 'Preços consulta',
      permissoes: { VENDAS_ALTERACAO_PRECO: 1 },
    })
  ).token;

  bebidas = await create('Categorias', { descricao: 'Bebidas' });
  refrigerantes = await create('Categorias', { descricao: 'Refrigerantes', categoriaPaiId: bebidas.id });
  limpeza = await create('Categorias', { descricao: 'Limpeza' });
  marcaA = await create('Marcas', { descricao: 'Marca A' });
  await create('Marcas', { descricao: 'Marca B' });
  cola = await create('Produtos', {
    descricao: 'Refrigerante Cola 2L',
    codigo: 'COLA2',
    categoriaId: refrigerantes.id,
    marcaId: marcaA.id,
    custo: 5,
    precoVenda: 9.99,
  });
  guarana = await create('Produtos', {
    descricao: 'Guaraná 350ml',
    codigo: 'GUA350',
    categoriaId: bebidas.id,
    custo: 2,
    precoVenda: 3.5,
  });
  sabao = await create('Produtos', {
    descricao: 'Sabão em pó',
    codigo: 'SAB1',
    categoriaId: limpeza.id,
    precoVenda: 12,
  });
  semPreco = await create('Produtos', {
    descricao: 'Água sem preço',
    codigo: 'AGUA',
    categoriaId: bebidas.id,
  });
  trialProduto = await create(
    'Produtos',
    { descricao: 'Refrigerante da outra empresa', codigo: 'COLA2', precoVenda: 10 },
    tokens.trial,
  );
});
afterAll(async () => server?.close());

describe('POST /api/Produtos/alteracao-preco', () => {
  const raise10 = { tipo: 'percentual', operacao: 'aumentar', quantidade: 10 };

  it('previews the products of a category tree with current and new prices, paged', async () => {
    const response = await priceChange({
      acao: 'preview',
      filtro: { categoriaId: bebidas.id },
      regra: raise10,
      limit: 2,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 3, alterados: 2, semPreco: 1, invalidos: 0, skip: 0 });
    // pt-BR order: "Água" sorts with the A's, before "Guaraná" (not after "Z" as in byte order).
    expect(body.itens.map((item: Body) => item.descricao)).toEqual(['Água sem preço', 'Guaraná 350ml']);
    expect(body.itens[0]).toMatchObject({ precoNovo: null, situacao: 'semPreco' });
    expect(body.itens[1]).toMatchObject({ precoAtual: 3.5, precoNovo: 3.85, situacao: 'alterado' });
    const second = (
      await priceChange({
        acao: 'preview',
        filtro: { categoriaId: bebidas.id },
        regra: raise10,
        skip: 2,
        limit: 2,
      })
    ).json();
    expect(second.itens).toEqual([
      expect.objectContaining({ descricao: 'Refrigerante Cola 2L', situacao: 'alterado' }),
    ]);
  });

  it('filters by brand and by text (escaping LIKE wildcards)', async () => {
    const byBrand = (
      await priceChange({ acao: 'preview', filtro: { marcaId: marcaA.id }, regra: raise10 })
    ).json();
    expect(byBrand.itens.map((item: Body) => item.id)).toEqual([cola.id]);
    const byText = (await priceChange({ acao: 'preview', filtro: { busca: 'sab' }, regra: raise10 })).json();
    expect(byText.itens.map((item: Body) => item.id)).toEqual([sabao.id]);
    const wildcard = (await priceChange({ acao: 'preview', filtro: { busca: '%' }, regra: raise10 })).json();
    expect(wildcard.total).toBe(0);
  });

  it('answers pt-BR 4xx for bad rules, unknown filters and no match', async () => {
    const bounds = await priceChange({ acao: 'preview', regra: { ...raise10, quantidade: 5000 } });
    expect(bounds.statusCode).toBe(400);
    expect(bounds.json().error).toMatchObject({
      code: 'REGRA_INVALIDA',
      message: 'O percentual de aumento deve ser no máximo 1000%.',
    });
    const decrease = await priceChange({
      acao: 'aplicar',
      regra: { tipo: 'percentual', operacao: 'diminuir', quantidade: 100 },
    });
    expect(decrease.json().error.message).toBe('O percentual de redução deve ser menor que 100%.');
    const badType = await priceChange({ acao: 'preview', regra: { ...raise10, tipo: 'dobro' } });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.name).toBe('BadRequestError');
    const nothing = await priceChange({ acao: 'aplicar', filtro: { busca: 'não existe' }, regra: raise10 });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error).toMatchObject({
      code: 'NENHUM_PRODUTO',
      message: 'Nenhum produto atende aos filtros informados.',
    });
    const otherCategory = await priceChange({
      acao: 'preview',
      filtro: { categoriaId: 999999 },
      regra: raise10,
    });
    expect(otherCategory.json().error.message).toBe('Categoria não encontrada.');
    const negative = await priceChange({
      acao: 'aplicar',
      filtro: { categoriaId: bebidas.id },
      regra: { tipo: 'valor', operacao: 'diminuir', quantidade: 5 },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.code).toBe('PRECO_INVALIDO');
    expect((await getProduto(guarana.id)).precoVenda).toBe(3.5);
  });

  it('checks the menu key: view may preview, ALTERAR is needed to apply', async () => {
    expect((await priceChange({ acao: 'preview', regra: raise10 }, tokens.precos)).statusCode).toBe(200);
    const denied = await priceChange({ acao: 'aplicar', regra: raise10 }, tokens.precos);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('ACESSO_NEGADO');
    expect(
      (await api('POST', '/api/Produtos/alteracao-preco', undefined, { acao: 'preview', regra: raise10 }))
        .statusCode,
    ).toBe(401);
    expect((await api('GET', '/api/Produtos/alteracao-preco/opcoes', tokens.precos)).statusCode).toBe(200);
  });

  it('applies in one transaction: rounds to cents, recomputes margins, bumps versao, leaves other companies alone', async () => {
    const before = await getProduto(cola.id);
    const response = await priceChange({
      acao: 'aplicar',
      regra: { ...raise10, recalcularMargens: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ total: 4, alterados: 3 });
    const after = await getProduto(cola.id);
    // 9.99 × 1.1 = 10.989 → 10.99; margem (10.99 − 5) / 10.99 = 54.50%; markup (10.99 − 5) / 5 = 119.80%
    expect(after).toMatchObject({
      precoVenda: 10.99,
      margem: 54.5,
      markup: 119.8,
      versao: (before.versao as number) + 1,
    });
    expect(after.alteradoEm).not.toBe(before.alteradoEm);
    expect((await getProduto(sabao.id)).precoVenda).toBe(13.2);
    expect((await getProduto(semPreco.id)).precoVenda).toBeNull();
    const other = await getProduto(trialProduto.id, tokens.trial);
    expect(other).toMatchObject({ precoVenda: 10, versao: trialProduto.versao });
    // The other company's product is invisible to demo's request, as is its category.
    expect((await api('GET', `/api/Produtos/${trialProduto.id}`, tokens.demo)).statusCode).toBe(404);
  });
});

describe('POST /api/Produtos/importacao', () => {
  const line = (linha: number, valores: Record<string, string>) => ({ linha, valores });

  it('lists the importable fields with labels and aliases', async () => {
    const response = await api('GET', '/api/Produtos/importacao/campos', tokens.demo);
    expect(response.statusCode).toBe(200);
    const fields = response.json() as Body[];
    expect(fields.find((field) => field.campo === 'descricao')).toMatchObject({
      label: 'Descrição',
      obrigatorio: true,
    });
    expect(fields.find((field) => field.campo === 'categoriaId')).toMatchObject({ tipo: 'relation' });
    expect(fields.some((field) => field.campo === 'variacoes')).toBe(false);
  });

  it('validates every line with the entity validation and reports pt-BR errors per line', async () => {
    const response = await api('POST', '/api/Produtos/importacao', tokens.demo, {
      acao: 'validar',
      linhas: [
        line(2, {
          descricao: 'Biscoito',
          codigo: 'BIS1',
          precoVenda: '4,50',
          categoriaId: 'limpeza',
          ativo: 'Sim',
        }),
        line(3, { descricao: '', codigo: 'X1', precoVenda: 'dez' }),
        line(4, { descricao: 'Leite', codigo: 'COLA2', codigoBarras: '7891000315508' }),
        line(5, { descricao: 'Pão', codigo: 'BIS1', categoriaId: 'Inexistente' }),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 4, validas: 1, invalidas: 3, importados: 0 });
    const byLine = Object.fromEntries(
      body.erros.map((erro: Body) => [erro.linha, (erro.mensagens as string[]).join(' | ')]),
    );
    expect(byLine[3]).toContain('Preço de venda: número inválido ("dez")');
    expect(byLine[3]).toContain('Descrição: preenchimento obrigatório');
    expect(byLine[4]).toContain('Código de barras (GTIN): código de barras (GTIN) inválido');
    expect(byLine[5]).toContain('Categoria: "Inexistente" não encontrado(a)');
    expect(
      body.erros
        .filter((erro: Body) => erro.linha === 5)
        .flatMap((erro: Body) => erro.mensagens)
        .join(),
    ).toContain('');
  });

  it('rejects the whole file when a line is invalid (nothing imported) and catches stored and repeated codes', async () => {
    const response = await api('POST', '/api/Produtos/importacao', tokens.demo, {
      acao: 'importar',
      linhas: [
        line(2, { descricao: 'Biscoito', codigo: 'BIS1' }),
        line(3, { descricao: 'Biscoito 2', codigo: 'BIS1' }),
        line(4, { descricao: 'Cola repetida', codigo: 'COLA2' }),
      ],
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('IMPORTACAO_COM_ERROS');
    expect(error.message).toContain('nenhum produto foi importado');
    expect(error.details.erros).toEqual([
      { linha: 3, mensagens: ['Código (SKU): "BIS1" repetido (também na linha 2)'] },
      { linha: 4, mensagens: ['Código (SKU): já existe um produto com "COLA2"'] },
    ]);
    const count = await api(
      'GET',
      `/api/Produtos/count?where=${encodeURIComponent(JSON.stringify({ codigo: 'BIS1' }))}`,
      tokens.demo,
    );
    expect(count.json().count).toBe(0);
  });

  it('imports a valid file in one go, resolving relations by name, and needs CRIAR', async () => {
    const linhas = [
      line(2, {
        descricao: 'Biscoito',
        codigo: 'BIS1',
        precoVenda: '1.234,56',
        categoriaId: 'Bebidas',
        marcaId: 'marca a',
      }),
      line(3, { descricao: 'Bolacha', codigo: 'BOL1', custo: '2.5', ativo: 'não', unidade: 'CX' }),
    ];
    const denied = await api('POST', '/api/Produtos/importacao', tokens.vendedor, {
      acao: 'importar',
      linhas,
    });
    expect(denied.statusCode).toBe(403);
    const response = await api('POST', '/api/Produtos/importacao', tokens.demo, { acao: 'importar', linhas });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ total: 2, importados: 2, erros: [] });
    const list = await api(
      'GET',
      `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ where: { codigo: { inq: ['BIS1', 'BOL1'] } }, order: 'codigo ASC' }))}`,
      tokens.demo,
    );
    const [biscoito, bolacha] = list.json() as Body[];
    expect(biscoito).toMatchObject({
      precoVenda: 1234.56,
      categoriaId: bebidas.id,
      marcaId: marcaA.id,
      unidade: 'UN',
      ativo: true,
    });
    expect(bolacha).toMatchObject({ custo: 2.5, ativo: false, unidade: 'CX' });
    // The other company may use the same codes: uniqueness is per empresa.
    const trial = await api('POST', '/api/Produtos/importacao', tokens.trial, { acao: 'validar', linhas });
    expect(trial.json().erros).toEqual([
      {
        linha: 2,
        mensagens: ['Categoria: "Bebidas" não encontrado(a)', 'Marca: "marca a" não encontrado(a)'],
      },
    ]);
  });

  it('rejects unknown fields and empty or oversized requests with 400', async () => {
    const unknown = await api('POST', '/api/Produtos/importacao', tokens.demo, {
      acao: 'validar',
      linhas: [line(2, { empresaId: '2' })],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('O campo "empresaId" não pode ser importado.');
    const empty = await api('POST', '/api/Produtos/importacao', tokens.demo, { acao: 'validar', linhas: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('GET /api/Produtos/etiquetas', () => {
  it('lists label models and products to print, behind ESTOQUE_ETIQUETA_IMPRIMIR', async () => {
    await create('Etiquetas', { descricao: 'Gôndola 50x30', largura: 50, altura: 30, colunas: 3 });
    const modelos = await api('GET', '/api/Produtos/etiquetas/modelos', tokens.vendedor);
    expect(modelos.statusCode, modelos.body).toBe(200);
    expect(modelos.json()).toEqual([
      expect.objectContaining({ descricao: 'Gôndola 50x30', largura: 50, colunas: 3 }),
    ]);
    const found = (
      await api('GET', '/api/Produtos/etiquetas/produtos?busca=cola', tokens.demo)
    ).json() as Body[];
    expect(found.map((produto) => produto.id)).toEqual([cola.id]);
    const byIds = (
      await api('GET', `/api/Produtos/etiquetas/produtos?ids=${sabao.id},${trialProduto.id}`, tokens.demo)
    ).json() as Body[];
    expect(byIds.map((produto) => produto.id)).toEqual([sabao.id]);
    expect((await api('GET', '/api/Produtos/etiquetas/produtos?ids=1;2', tokens.demo)).statusCode).toBe(400);
    expect((await api('GET', '/api/Produtos/etiquetas/modelos', tokens.trial)).json()).toEqual([]);
  });
});
