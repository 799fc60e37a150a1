import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Exportações › balança (Toledo MGV, Filizola) and terminal: exact file lines, real PostgreSQL and RLS. */
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
const post = async (url: string, payload: Body, token = tokens.demo) => {
  const response = await api('POST', url, token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
/** The decoded lines of a generated file, checking the CRLF ends and the ASCII bytes. */
const fileLines = (arquivo: { conteudo: string }) => {
  const bytes = Buffer.from(arquivo.conteudo, 'base64');
  expect([...bytes].every((byte) => byte < 0x80)).toBe(true);
  const text = bytes.toString('latin1');
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  return text.slice(0, -2).split('\r\n');
};

let padaria: Body;
let acougue: Body;
let semPlu: Body;
let semPreco: Body;
let cola: Body;
let outraCategoria: Body;

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['demo', 'vendedor', 'trial'])
    tokens[user] = await login(server.app, `${user}@erp.local`);
  tokens.balanca = (
    await addDemoUserWithProfile(server, {
      email: 'balanca@erp.local',
      nome: 'Bruno Balança',
      perfil: 'Somente balança',
      permissoes: { NFE_EXPORTACAO_BALANCA: 1 },
    })
  ).token;

  padaria = await create('Categorias', { descricao: 'Padaria' });
  acougue = await create('Categorias', { descricao: 'Açougue' });
  const bovinos = await create('Categorias', { descricao: 'Bovinos', categoriaPaiId: acougue.id });
  const marca = await create('Marcas', { descricao: 'Refri Brasil' });
  const balanca = { enviarBalanca: true, tipoVendaBalanca: 0 };
  await create('Produtos', {
    ...balanca,
    descricao: 'Pão francês',
    codigo: 'PAO',
    categoriaId: padaria.id,
    precoVenda: 14.9,
    codigoBalanca: 1,
    validadeDias: 1,
  });
  await create('Produtos', {
    ...balanca,
    descricao: 'Picanha bovina resfriada a vácuo peça kg',
    codigo: 'PIC',
    categoriaId: bovinos.id,
    precoVenda: 79.9,
    codigoBalanca: 123,
    validadeDias: 5,
  });
  await create('Produtos', {
    ...balanca,
    tipoVendaBalanca: 1,
    descricao: 'Bolo de cenoura c/ cobertura',
    codigo: 'BOLO',
    categoriaId: padaria.id,
    precoVenda: 25,
    codigoBalanca: 45,
  });
  semPlu = await create('Produtos', {
    ...balanca,
    descricao: 'Queijo prato',
    codigo: 'QJO',
    precoVenda: 49.9,
  });
  semPreco = await create('Produtos', {
    ...balanca,
    descricao: 'Presunto',
    codigo: 'PRE',
    codigoBalanca: 50,
  });
  await create('Produtos', {
    ...balanca,
    descricao: 'Linguiça inativa',
    codigo: 'LIN',
    precoVenda: 20,
    codigoBalanca: 60,
    ativo: false,
  });
  cola = await create('Produtos', {
    descricao: 'Refrigerante Cola 2L',
    codigo: 'COLA2',
    codigoBarras: '7891000315507',
    marcaId: marca.id,
    precoVenda: 9.99,
  });
  await create('Produtos', {
    descricao: 'Sabão em pó; ultra',
    codigo: 'SAB',
    codigoBarras: '7891000100103',
    precoVenda: 12.5,
  });
  await create('Produtos', { descricao: 'Água sem preço', codigo: 'AGUA', codigoBarras: '7891000200209' });
  await create('Produtos', { descricao: 'Sacola sem GTIN', codigo: 'SAC', precoVenda: 0.1 });
  // Another company: the same PLU and a barcode of its own never show up in the demo company's files.
  outraCategoria = await create('Categorias', { descricao: 'Padaria da outra' }, tokens.trial);
  await create(
    'Produtos',
    {
      ...balanca,
      descricao: 'Pão da outra empresa',
      precoVenda: 1,
      codigoBalanca: 1,
      codigoBarras: '7891000300305',
    },
    tokens.trial,
  );
});
afterAll(async () => server?.close());

const toledoResto = (validade: boolean) => `${'0'.repeat(16)}${validade ? 1 : 0}1${'0'.repeat(27)}1`;
const mgv6Extensao = (dep: string) => `${'0'.repeat(42)}|${dep}|${' '.repeat(70)}${'0'.repeat(24)}0||0||`;

describe('Exportação para balança', () => {
  it('writes Toledo MGV6 ITENSMGV.TXT lines in PLU order, departamento chosen, without accents', async () => {
    const arquivo = await post('/api/ExportacoesFiscais/balanca/arquivo', {
      modelo: 'toledoMgv6',
      departamento: 3,
    });
    expect(arquivo).toMatchObject({
      nomeArquivo: 'ITENSMGV.TXT',
      codificacao: 'windows-1252',
      exportados: 3,
      avisos: 2,
    });
    const lines = fileLines(arquivo);
    expect(lines).toEqual([
      `030000001001490001${'PAO FRANCES'.padEnd(50)}${toledoResto(true)}${mgv6Extensao('03')}`,
      `031000045002500000${'BOLO DE CENOURA C/ COBERTURA'.padEnd(50)}${toledoResto(false)}${mgv6Extensao('03')}`,
      `030000123007990005${'PICANHA BOVINA RESFRIADA '}${'A VACUO PECA KG'.padEnd(25)}${toledoResto(true)}${mgv6Extensao('03')}`,
    ]);
    expect(lines.every((line) => line.length === 260)).toBe(true);
  });

  it('writes Toledo MGV5 (114 columns) and Filizola CADTXT.TXT (39 columns)', async () => {
    const mgv5 = fileLines(await post('/api/ExportacoesFiscais/balanca/arquivo', { modelo: 'toledoMgv5' }));
    expect(mgv5[0]).toBe(`010000001001490001${'PAO FRANCES'.padEnd(50)}${toledoResto(true)}`);
    expect(mgv5.map((line) => line.length)).toEqual([114, 114, 114]);
    const filizola = await post('/api/ExportacoesFiscais/balanca/arquivo', { modelo: 'filizola' });
    expect(filizola.nomeArquivo).toBe('CADTXT.TXT');
    expect(fileLines(filizola)).toEqual([
      '000001PPAO FRANCES           0001490001',
      '000045UBOLO DE CENOURA C/ COB0002500000',
      '000123PPICANHA BOVINA RESFRIA0007990005',
    ]);
  });

  it('previews what goes out and warns about produtos without PLU or price; filters by category tree', async () => {
    const preview = await post('/api/ExportacoesFiscais/balanca/preview', { modelo: 'filizola' });
    expect(preview).toMatchObject({ total: 5, exportados: 3, nomeArquivo: 'CADTXT.TXT' });
    expect(preview.itens[0]).toMatchObject({
      plu: 1,
      descricao: 'Pão francês',
      descricaoArquivo: 'PAO FRANCES',
      preco: 14.9,
      tipo: 0,
      validadeDias: 1,
    });
    expect(preview.itens[2].descricaoArquivo).toBe('PICANHA BOVINA RESFRIA');
    expect(preview.avisos).toEqual([
      expect.objectContaining({ id: semPreco.id, motivo: 'Sem preço de venda.' }),
      expect.objectContaining({ id: semPlu.id, motivo: 'Sem código na balança (PLU).' }),
    ]);
    expect(preview.amostra[0]).toBe('000001PPAO FRANCES           0001490001');
    const acougueOnly = await post('/api/ExportacoesFiscais/balanca/preview', {
      modelo: 'toledoMgv6',
      categoriaId: acougue.id,
    });
    expect(acougueOnly.itens.map((item: Body) => item.plu)).toEqual([123]);
    expect(acougueOnly.avisos).toEqual([]);
  });

  it('keeps other companies out: their produtos, and their categories as a 400', async () => {
    const trial = await post('/api/ExportacoesFiscais/balanca/preview', { modelo: 'filizola' }, tokens.trial);
    expect(trial.itens.map((item: Body) => item.descricao)).toEqual(['Pão da outra empresa']);
    const demo = await post('/api/ExportacoesFiscais/balanca/preview', { modelo: 'filizola' });
    expect(demo.itens.map((item: Body) => item.descricao)).not.toContain('Pão da outra empresa');
    const foreign = await api('POST', '/api/ExportacoesFiscais/balanca/preview', tokens.demo, {
      modelo: 'filizola',
      categoriaId: outraCategoria.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatchObject({
      code: 'CATEGORIA_NAO_ENCONTRADA',
      message: 'Categoria não encontrada.',
    });
  });

  it('answers pt-BR 4xx: bad model or department, nothing to export, no permission', async () => {
    const modelo = await api('POST', '/api/ExportacoesFiscais/balanca/arquivo', tokens.demo, {
      modelo: 'urano',
    });
    expect(modelo.statusCode).toBe(400);
    const departamento = await api('POST', '/api/ExportacoesFiscais/balanca/arquivo', tokens.demo, {
      modelo: 'toledoMgv6',
      departamento: 100,
    });
    expect(departamento.statusCode).toBe(400);
    expect(departamento.json().error.message).toMatch(/departamento/i);
    const empty = await api('POST', '/api/ExportacoesFiscais/balanca/arquivo', tokens.demo, {
      modelo: 'filizola',
      categoriaId: (await create('Categorias', { descricao: 'Hortifrúti' })).id,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'EXPORTACAO_SEM_PRODUTOS' });
    expect(empty.json().error.message).toContain('Enviar para a balança');
    for (const url of ['/api/ExportacoesFiscais/balanca/opcoes', '/api/ExportacoesFiscais/terminal/opcoes']) {
      const denied = await api('GET', url, tokens.vendedor);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.message).toBe(
        'Você não tem permissão para esta ação. Fale com o administrador da empresa.',
      );
    }
    const vendedor = await api('POST', '/api/ExportacoesFiscais/balanca/arquivo', tokens.vendedor, {
      modelo: 'filizola',
    });
    expect(vendedor.statusCode).toBe(403);
    expect(
      (await api('POST', '/api/ExportacoesFiscais/balanca/preview', undefined, { modelo: 'filizola' }))
        .statusCode,
    ).toBe(401);
  });

  it('opens with the view level of its own key only', async () => {
    const opcoes = await api('GET', '/api/ExportacoesFiscais/balanca/opcoes', tokens.balanca);
    expect(opcoes.statusCode, opcoes.body).toBe(200);
    expect(opcoes.json().modelos.map((modelo: Body) => modelo.id)).toEqual([
      'toledoMgv6',
      'toledoMgv5',
      'filizola',
    ]);
    expect(opcoes.json().categorias.map((categoria: Body) => categoria.descricao)).toContain('Padaria');
    const terminal = await api('POST', '/api/ExportacoesFiscais/terminal/preview', tokens.balanca, {
      layout: { tipo: 'delimitado' },
    });
    expect(terminal.statusCode).toBe(403);
  });
});

describe('Exportação para terminal', () => {
  it('writes código de barras;descrição;preço with ; and decimal comma, only produtos with GTIN and price', async () => {
    const arquivo = await post('/api/ExportacoesFiscais/terminal/arquivo', {
      layout: { tipo: 'delimitado' },
    });
    expect(arquivo).toMatchObject({ nomeArquivo: 'PRODUTOS.TXT', exportados: 2, avisos: 1 });
    expect(fileLines(arquivo)).toEqual([
      '7891000315507;REFRIGERANTE COLA 2L;9,99',
      '7891000100103;SABAO EM PO ULTRA;12,50',
    ]);
    const preview = await post('/api/ExportacoesFiscais/terminal/preview', {
      layout: { tipo: 'delimitado' },
    });
    expect(preview).toMatchObject({ total: 3, exportados: 2 });
    expect(preview.avisos).toEqual([
      expect.objectContaining({ descricao: 'Água sem preço', motivo: 'Sem preço de venda.' }),
    ]);
  });

  it('filters by brand, and exports produtos without GTIN by their internal code when asked', async () => {
    const byBrand = await post('/api/ExportacoesFiscais/terminal/preview', {
      layout: { tipo: 'delimitado' },
      marcaId: (cola as Body).marcaId,
    });
    expect(byBrand.itens.map((item: Body) => item.id)).toEqual([cola.id]);
    const all = await post('/api/ExportacoesFiscais/terminal/arquivo', {
      layout: { tipo: 'delimitado', separador: '|', separadorDecimal: '.' },
      somenteComCodigoBarras: false,
      categoriaId: null,
    });
    const lines = fileLines(all);
    expect(lines).toContain('SAC|SACOLA SEM GTIN|0.10');
    expect(lines).toContain('BOLO|BOLO DE CENOURA C/ COBERTURA|25.00');
    expect(lines.join()).not.toContain('INATIVA');
    expect(lines.join()).not.toContain('OUTRA EMPRESA');
  });

  it('writes the fixed-width layout with the branch stock (entradas − saídas)', async () => {
    const deposito = await create('Depositos', { descricao: 'Loja' });
    const movimento = {
      produtoId: cola.id,
      depositoId: deposito.id,
      data: '2025-01-10T10:00:00Z',
      motivo: 'Inventário',
    };
    // Stock moves through documents (MovimentacoesEstoque is the read-only ledger).
    for (const [tipo, quantidade] of [
      ['E', 10],
      ['S', 2.5],
    ] as const) {
      const { produtoId, ...cabecalho } = movimento;
      const documento = await create('DocumentosEstoque', {
        ...cabecalho,
        tipo,
        itens: [{ numeroItem: 1, produtoId, quantidade, custoUnitario: 1 }],
      });
      await post(`/api/DocumentosEstoque/${documento.id}/efetivar`, {});
    }
    const arquivo = await post('/api/ExportacoesFiscais/terminal/arquivo', {
      layout: { tipo: 'fixo', incluirEstoque: true },
    });
    expect(fileLines(arquivo)).toEqual([
      `07891000315507${'REFRIGERANTE COLA 2L'.padEnd(40)}00000009990000007500`,
      `07891000100103${'SABAO EM PO; ULTRA'.padEnd(40)}00000012500000000000`,
    ]);
    const delimited = await post('/api/ExportacoesFiscais/terminal/preview', {
      layout: { tipo: 'delimitado', incluirEstoque: true },
    });
    expect(delimited.amostra[0]).toBe('7891000315507;REFRIGERANTE COLA 2L;9,99;7,500');
    expect(delimited.itens[0]).toMatchObject({ estoque: 7.5 });
  });

  it('answers pt-BR 4xx for a separator clash and for the vendedor without the key', async () => {
    const clash = await api('POST', '/api/ExportacoesFiscais/terminal/preview', tokens.demo, {
      layout: { tipo: 'delimitado', separador: ',', separadorDecimal: ',' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error).toMatchObject({
      code: 'LAYOUT_INVALIDO',
      message: 'O separador de campos e o separador decimal não podem ser iguais.',
    });
    const vendedor = await api('POST', '/api/ExportacoesFiscais/terminal/arquivo', tokens.vendedor, {
      layout: { tipo: 'delimitado' },
    });
    expect(vendedor.statusCode).toBe(403);
    const trial = await post(
      '/api/ExportacoesFiscais/terminal/arquivo',
      { layout: { tipo: 'delimitado' } },
      tokens.trial,
    );
    expect(fileLines(trial)).toEqual(['7891000300305;PAO DA OUTRA EMPRESA;1,00']);
  });
});
