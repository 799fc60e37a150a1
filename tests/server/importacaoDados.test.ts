import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Configurações › Importação de dados: the entity-generic CSV import — real PostgreSQL and RLS. */
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
const line = (linha: number, valores: Record<string, string>) => ({ linha, valores });
const byFilter = async (resource: string, where: unknown, token = tokens.demo) => {
  const filter = encodeURIComponent(JSON.stringify({ where, order: 'id ASC' }));
  const response = await api('GET', `/api/${resource}?filter=${filter}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Body[];
};

const NOMES = ['Ana Importada', 'Comercial Importada Ltda', 'Bruno Importado'];

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['demo', 'vendedor', 'trial'])
    tokens[user] = await login(server.app, `${user}@erp.local`);
  // A profile with the import screen but CRIAR only on categorias (clientes: view only).
  tokens.importador = (
    await addDemoUserWithProfile(server, {
      email: 'importador@erp.local',
      nome: 'Ivo Importador',
      perfil: 'Importação',
      permissoes: { CONFIG_IMPORTACAO_DADOS: 4, ESTOQUE_CATEGORIAS: 2, VENDAS_CLIENTES: 1 },
    })
  ).token;
});
afterAll(async () => server?.close());

describe('GET /api/Importacoes and /api/Importacoes/{entidade}/campos', () => {
  it('lists the six entities with what the profile may import', async () => {
    const response = await api('GET', '/api/Importacoes', tokens.demo);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { entidade: 'cliente', label: 'Cliente', labelPlural: 'Clientes', genero: 'm', podeImportar: true },
      {
        entidade: 'fornecedor',
        label: 'Fornecedor',
        labelPlural: 'Fornecedores',
        genero: 'm',
        podeImportar: true,
      },
      {
        entidade: 'transportador',
        label: 'Transportadora',
        labelPlural: 'Transportadoras',
        genero: 'f',
        podeImportar: true,
      },
      { entidade: 'produto', label: 'Produto', labelPlural: 'Produtos', genero: 'm', podeImportar: true },
      { entidade: 'servico', label: 'Serviço', labelPlural: 'Serviços', genero: 'm', podeImportar: true },
      {
        entidade: 'categoria',
        label: 'Categoria',
        labelPlural: 'Categorias',
        genero: 'f',
        podeImportar: true,
      },
    ]);
    const limited = (await api('GET', '/api/Importacoes', tokens.importador)).json() as Body[];
    expect(limited.filter((entity) => entity.podeImportar).map((entity) => entity.entidade)).toEqual([
      'categoria',
    ]);
  });

  it('offers the writable fields of the entity schema (not the fixed tipoPessoa)', async () => {
    const response = await api('GET', '/api/Importacoes/cliente/campos', tokens.demo);
    expect(response.statusCode, response.body).toBe(200);
    const fields = response.json() as Body[];
    expect(fields.find((field) => field.campo === 'nome')).toMatchObject({
      label: 'Nome / Razão social',
      obrigatorio: true,
    });
    expect(fields.find((field) => field.campo === 'cpfCnpj')?.aliases).toContain('cnpj');
    expect(fields.find((field) => field.campo === 'grupoPessoaId')).toMatchObject({ tipo: 'relation' });
    expect(fields.some((field) => field.campo === 'tipoPessoa')).toBe(false);
    const servico = (await api('GET', '/api/Importacoes/servico/campos', tokens.demo)).json() as Body[];
    expect(servico.map((field) => field.campo)).toEqual([
      'descricao',
      'codigo',
      'tipoServico',
      'aliquotaIss',
      'valor',
      'ativo',
    ]);
  });

  it('answers 404 for an entity it does not import, and 401 without a session', async () => {
    for (const entidade of ['usuario', 'naoExiste']) {
      const response = await api('GET', `/api/Importacoes/${entidade}/campos`, tokens.demo);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'ENTIDADE_NAO_IMPORTAVEL' });
      expect(response.json().error.message).toContain(
        `A entidade "${entidade}" não existe ou não pode ser importada`,
      );
    }
    expect((await api('GET', '/api/Importacoes/cliente/campos', undefined)).statusCode).toBe(401);
  });
});

describe('POST /api/Importacoes/{entidade}/validar and /importar', () => {
  const comErro = [
    line(2, { nome: NOMES[0] as string, cpfCnpj: '529.982.247-25', uf: 'SP', email: 'ana@exemplo.com.br' }),
    line(3, { nome: NOMES[1] as string, cpfCnpj: '11.222.333/0001-00' }),
    line(4, { nome: NOMES[2] as string, cpfCnpj: '123', limiteCredito: 'mil' }),
  ];

  it('validates clientes line by line (CPF/CNPJ check digits) without writing anything', async () => {
    const response = await api('POST', '/api/Importacoes/cliente/validar', tokens.demo, { linhas: comErro });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 3, validas: 1, invalidas: 2, importados: 0 });
    const byLine = Object.fromEntries(
      body.erros.map((erro: Body) => [erro.linha, (erro.mensagens as string[]).join(' | ')]),
    );
    expect(byLine[3]).toContain('CPF/CNPJ');
    expect(byLine[4]).toContain('CPF/CNPJ');
    expect(byLine[4]).toContain('Limite de crédito: número inválido ("mil")');
  });

  it('imports all or nothing: a CPF/CNPJ error line rejects the file, then a valid file imports', async () => {
    const rejected = await api('POST', '/api/Importacoes/cliente/importar', tokens.demo, { linhas: comErro });
    expect(rejected.statusCode).toBe(400);
    const { error } = rejected.json();
    expect(error.code).toBe('IMPORTACAO_COM_ERROS');
    expect(error.message).toBe(
      'O arquivo tem 2 linha(s) com erro; nenhum cliente foi importado. Corrija o arquivo e envie novamente.',
    );
    expect(error.details.erros.map((erro: Body) => erro.linha)).toEqual([3, 4]);
    expect(await byFilter('Clientes', { nome: { inq: NOMES } })).toEqual([]);

    const linhas = [
      line(2, { nome: NOMES[0] as string, cpfCnpj: '529.982.247-25', uf: 'SP', ativo: 'Sim' }),
      line(3, { nome: NOMES[1] as string, cpfCnpj: '11.222.333/0001-81', limiteCredito: '1.500,00' }),
    ];
    const response = await api('POST', '/api/Importacoes/cliente/importar', tokens.demo, { linhas });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ total: 2, validas: 2, invalidas: 0, importados: 2, erros: [] });
    const clientes = await byFilter('Clientes', { nome: { inq: NOMES } });
    expect(clientes).toMatchObject([
      { nome: NOMES[0], cpfCnpj: '52998224725', uf: 'SP', ativo: true },
      { nome: NOMES[1], cpfCnpj: '11222333000181', limiteCredito: 1500 },
    ]);

    // Sent again: the stored CPF/CNPJ are caught per line; repeated in the file too.
    const again = await api('POST', '/api/Importacoes/cliente/validar', tokens.demo, {
      linhas: [...linhas, line(4, { nome: 'Outro', cpfCnpj: '11222333000181' })],
    });
    expect(again.json().erros).toEqual([
      { linha: 2, mensagens: ['CPF/CNPJ: já existe um cliente com "52998224725"'] },
      { linha: 3, mensagens: ['CPF/CNPJ: já existe um cliente com "11222333000181"'] },
      { linha: 4, mensagens: ['CPF/CNPJ: já existe um cliente com "11222333000181"'] },
    ]);
    // The same document is free as a fornecedor (unique per tipo de pessoa).
    const fornecedor = await api('POST', '/api/Importacoes/fornecedor/validar', tokens.demo, { linhas });
    expect(fornecedor.json()).toMatchObject({ validas: 2, erros: [] });
  });

  it('keeps each company to its own records: another empresa sees none of them', async () => {
    expect(await byFilter('Clientes', { nome: { inq: NOMES } }, tokens.trial)).toEqual([]);
    const trial = await api('POST', '/api/Importacoes/cliente/validar', tokens.trial, {
      linhas: [line(2, { nome: 'Ana', cpfCnpj: '529.982.247-25' })],
    });
    expect(trial.statusCode, trial.body).toBe(200);
    expect(trial.json()).toMatchObject({ validas: 1, erros: [] });
  });

  it('resolves relations by name (categoria pai) and names the entity in feminine messages', async () => {
    const pai = await api('POST', '/api/Importacoes/categoria/importar', tokens.importador, {
      linhas: [line(2, { descricao: 'Bebidas importadas' })],
    });
    expect(pai.statusCode, pai.body).toBe(200);
    const filhas = await api('POST', '/api/Importacoes/categoria/importar', tokens.importador, {
      linhas: [
        line(2, { descricao: 'Vinhos', categoriaPaiId: 'bebidas IMPORTADAS' }),
        line(3, { descricao: 'Cervejas', categoriaPaiId: 'Inexistente' }),
      ],
    });
    expect(filhas.statusCode).toBe(400);
    expect(filhas.json().error.message).toContain('nenhuma categoria foi importada');
    expect(filhas.json().error.details.erros).toEqual([
      { linha: 3, mensagens: ['Categoria pai: "Inexistente" não encontrado(a)'] },
    ]);
    const ok = await api('POST', '/api/Importacoes/categoria/importar', tokens.importador, {
      linhas: [line(2, { descricao: 'Vinhos', categoriaPaiId: 'bebidas IMPORTADAS' })],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [bebidas] = await byFilter('Categorias', { descricao: 'Bebidas importadas' });
    expect(await byFilter('Categorias', { descricao: 'Vinhos' })).toMatchObject([
      { categoriaPaiId: (bebidas as Body).id },
    ]);
  });

  it('refuses the vendedor (no CONFIG_IMPORTACAO_DADOS) and a profile without CRIAR on the entity', async () => {
    const linhas = [line(2, { nome: 'Vendedor Importa' })];
    for (const url of ['/api/Importacoes/cliente/validar', '/api/Importacoes/cliente/importar']) {
      const denied = await api('POST', url, tokens.vendedor, { linhas });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.message).toContain('Você não tem permissão');
    }
    expect((await api('GET', '/api/Importacoes', tokens.vendedor)).statusCode).toBe(403);
    const noCreate = await api('POST', '/api/Importacoes/cliente/importar', tokens.importador, { linhas });
    expect(noCreate.statusCode).toBe(403);
    expect(await byFilter('Clientes', { nome: 'Vendedor Importa' })).toEqual([]);
  });

  it('rejects unknown fields and empty requests with pt-BR 400s', async () => {
    const unknown = await api('POST', '/api/Importacoes/cliente/validar', tokens.demo, {
      linhas: [line(2, { tipoPessoa: '1' })],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('O campo "tipoPessoa" não pode ser importado.');
    const empty = await api('POST', '/api/Importacoes/cliente/importar', tokens.demo, { linhas: [] });
    expect(empty.statusCode).toBe(400);
  });
});
