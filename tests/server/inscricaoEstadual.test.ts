import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArquivosFiscais } from '../support/seedArquivosFiscais.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Issue 22: the IE typed on a pessoa is checked against its UF; stored invalid ones are listed for correction. */
let server: TestServer;
let token: string;
let otherToken: string;

const api = (method: string, url: string, payload?: unknown, auth = token) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  const created = await api('POST', '/api/Usuarios/cadastro', {
    email: 'admin@outraie.com.br',
    senha: 'segredo1',
    confirmaSenha: 'segredo1',
    nome: 'Admin Outra',
    empresa: 'Empresa Outra IE Ltda',
    telefone: '(11) 98765-4321',
    cpfCnpj: '11222333000181',
    regime: 1,
  });
  expect(created.statusCode, created.body).toBe(200);
  otherToken = created.json().id;
});
afterAll(async () => server?.close());

describe('IE on the pessoa registers', () => {
  it('refuses a wrong check digit with a 400 naming the field', async () => {
    const response = await api('POST', '/api/Clientes', {
      nome: 'Loja Dígito Errado',
      uf: 'SP',
      inscricaoEstadual: '110.042.490.115',
    });
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json();
    expect(error.message).toBe(
      'Dados inválidos — Inscrição estadual: inscrição estadual inválida para SP (confira os dígitos).',
    );
    expect(error.details.fields).toEqual([
      {
        campo: 'inscricaoEstadual',
        mensagem: 'Inscrição estadual: inscrição estadual inválida para SP (confira os dígitos)',
      },
    ]);
  });

  it('refuses an IE without UF, and one of another UF, on every pessoa view', async () => {
    const semUf = await api('POST', '/api/Fornecedores', {
      nome: 'Sem UF',
      inscricaoEstadual: '110042490114',
    });
    expect(semUf.statusCode).toBe(400);
    expect(semUf.json().error.details.fields[0]).toEqual({
      campo: 'inscricaoEstadual',
      mensagem: 'Inscrição estadual: informe a UF para conferir a inscrição estadual',
    });
    const outraUf = await api('POST', '/api/Transportadores', {
      nome: 'Transportes RJ',
      uf: 'RJ',
      inscricaoEstadual: '110042490114',
    });
    expect(outraUf.statusCode).toBe(400);
    expect(outraUf.json().error.details.fields[0].campo).toBe('inscricaoEstadual');
  });

  it('stores a valid masked IE as digits, ISENTO as ISENTO, and checks a PATCH of the UF alone', async () => {
    const criado = await api('POST', '/api/Clientes', {
      nome: 'Mercado Mineiro',
      uf: 'MG',
      inscricaoEstadual: '062.307.904/0081',
    });
    expect(criado.statusCode, criado.body).toBe(200);
    expect(criado.json().inscricaoEstadual).toBe('0623079040081');
    const mudaUf = await api('PATCH', `/api/Clientes/${criado.json().id}`, { uf: 'SP' });
    expect(mudaUf.statusCode).toBe(400);
    expect(mudaUf.json().error.details.fields[0].campo).toBe('inscricaoEstadual');
    const mudaIe = await api('PATCH', `/api/Clientes/${criado.json().id}`, {
      inscricaoEstadual: '0623079040082',
    });
    expect(mudaIe.statusCode).toBe(400);
    const outroCampo = await api('PATCH', `/api/Clientes/${criado.json().id}`, { telefone: '3133334444' });
    expect(outroCampo.statusCode, outroCampo.body).toBe(200);
    const isento = await api('POST', '/api/Clientes', {
      nome: 'Produtor Isento',
      uf: 'GO',
      inscricaoEstadual: 'isento',
    });
    expect(isento.statusCode, isento.body).toBe(200);
    expect(isento.json().inscricaoEstadual).toBe('ISENTO');
  });

  it("refuses MG's old produtor rural IE naming what to type, and takes DF's 08 prefix", async () => {
    const produtor = await api('POST', '/api/Clientes', {
      nome: 'Sítio Mineiro',
      uf: 'MG',
      inscricaoEstadual: 'PR-1234.5678',
    });
    expect(produtor.statusCode).toBe(400);
    expect(produtor.json().error.details.fields).toEqual([
      {
        campo: 'inscricaoEstadual',
        mensagem:
          'Inscrição estadual: inscrição de produtor rural de MG no formato antigo (PR…), que a NF-e não aceita desde 2010: informe a inscrição estadual de 13 dígitos do produtor',
      },
    ]);
    const brasilia = await api('POST', '/api/Clientes', {
      nome: 'Comércio Brasília',
      uf: 'DF',
      inscricaoEstadual: '08.300.001.001-72',
    });
    expect(brasilia.statusCode, brasilia.body).toBe(200);
    expect(brasilia.json().inscricaoEstadual).toBe('0830000100172');
  });
});

describe('GET /api/ArquivosFiscais/inscricoesInvalidas', () => {
  it("lists the company's stored invalid IEs with the reason, and never another company's", async () => {
    const empresa = (email: string) =>
      server.db.withSystem(
        async (tx) =>
          (await tx.one<{ e: number }>('SELECT empresa_id::int AS e FROM usuario WHERE email = $1', [email]))
            .e,
      );
    const demo = await empresa('demo@erp.local');
    const outra = await empresa('admin@outraie.com.br');
    await server.db.withSystem(async (tx) => {
      for (const [empresaId, nome, ie, uf] of [
        [demo, 'Antiga Distribuidora', '0123456789', 'PR'],
        [demo, 'Cliente Sem UF', '99999993', null],
        [demo, 'Cliente Certo', '99999993', 'RJ'],
        [demo, 'Produtor Mineiro Antigo', 'PR123456', 'MG'],
        [outra, 'Outra Empresa Errada', '110042490115', 'SP'],
      ] as const)
        await tx.query(
          'INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, inscricao_estadual, uf) VALUES ($1, 0, $2, $3, $4)',
          [empresaId, nome, ie, uf],
        );
    });
    const response = await api('GET', '/api/ArquivosFiscais/inscricoesInvalidas');
    expect(response.statusCode, response.body).toBe(200);
    const { total, pessoas } = response.json();
    const nomes = pessoas.map((pessoa: { nome: string }) => pessoa.nome);
    expect(nomes).toContain('Antiga Distribuidora');
    expect(nomes).toContain('Cliente Sem UF');
    expect(nomes).not.toContain('Cliente Certo');
    expect(nomes).not.toContain('Outra Empresa Errada');
    expect(total).toBe(pessoas.length);
    expect(pessoas.find((pessoa: { nome: string }) => pessoa.nome === 'Antiga Distribuidora')).toMatchObject({
      tipo: 'Cliente',
      uf: 'PR',
      inscricaoEstadual: '0123456789',
      problema: 'inscrição estadual inválida para PR (confira os dígitos)',
    });
    expect(
      pessoas.find((pessoa: { nome: string }) => pessoa.nome === 'Produtor Mineiro Antigo').problema,
    ).toBe(
      'inscrição de produtor rural de MG no formato antigo (PR…), que a NF-e não aceita desde 2010: informe a inscrição estadual de 13 dígitos do produtor',
    );
    // Each row names the form to fix it in (a cliente here); busca keeps nome, CPF/CNPJ or IE matches.
    const antiga = pessoas.find((pessoa: { nome: string }) => pessoa.nome === 'Antiga Distribuidora');
    expect(antiga.rota).toBe(`pages/vendas/clientes/editar/${antiga.id}`);
    const busca = async (termo: string) =>
      (await api('GET', `/api/ArquivosFiscais/inscricoesInvalidas?busca=${encodeURIComponent(termo)}`))
        .json()
        .pessoas.map((pessoa: { nome: string }) => pessoa.nome);
    expect(await busca('antiga distrib')).toEqual(['Antiga Distribuidora']);
    expect(await busca('99999993')).toEqual(['Cliente Sem UF']);
    expect(await busca('zzz-nada')).toEqual([]);
    const outraLista = (
      await api('GET', '/api/ArquivosFiscais/inscricoesInvalidas', undefined, otherToken)
    ).json();
    expect(outraLista.pessoas.map((pessoa: { nome: string }) => pessoa.nome)).toEqual([
      'Outra Empresa Errada',
    ]);
  });
});

describe('the filial before any fiscal file', () => {
  it('refuses with a pt-BR 400 an invalid IE or CNPJ of the filial, naming what to fix', async () => {
    const { empresaId, filialId } = await seedArquivosFiscais(server.db, 'demo@erp.local');
    const preview = () =>
      api('POST', '/api/ArquivosFiscais/sped/preview', {
        periodo: '2024-03',
        finalidade: 0,
        perfil: 'A',
        codigoReceita: '046-2',
      });
    expect((await preview()).statusCode).toBe(200);
    await server.db.withSystem((tx) =>
      tx.query(
        `UPDATE pessoa SET inscricao_estadual = '110042490115' WHERE empresa_id = $1 AND tipo_pessoa = 2`,
        [empresaId],
      ),
    );
    const ieInvalida = await preview();
    expect(ieInvalida.statusCode).toBe(400);
    expect(ieInvalida.json().error).toMatchObject({ code: 'FILIAL_IE_INVALIDA' });
    expect(ieInvalida.json().error.message).toMatch(
      /^A inscrição estadual 110042490115 da filial .+ não é válida \(inscrição estadual inválida para SP \(confira os dígitos\)\)\. Corrija/,
    );
    await server.db.withSystem(async (tx) => {
      await tx.query(
        `UPDATE pessoa SET inscricao_estadual = '110042490114' WHERE empresa_id = $1 AND tipo_pessoa = 2`,
        [empresaId],
      );
      await tx.query(`UPDATE filial SET cpf_cnpj = '11222333000182' WHERE id = $1`, [filialId]);
      await tx.query(
        `UPDATE pessoa SET cpf_cnpj = '11222333000182' WHERE empresa_id = $1 AND tipo_pessoa = 2`,
        [empresaId],
      );
    });
    const cnpjInvalido = await preview();
    expect(cnpjInvalido.statusCode).toBe(400);
    expect(cnpjInvalido.json().error).toMatchObject({ code: 'FILIAL_CNPJ_INVALIDO' });
    expect(cnpjInvalido.json().error.message).toMatch(/^O CNPJ 11222333000182 da filial .+ não é válido/);
  });
});
