import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Administrator area: Sequência de filial (platform staff only), Financeiro white label and Pesquisa NPS
 * (a white-label's operators: platform staff for any, its master user for its own). A company
 * administrator is refused, and one white-label's master never reaches another's data.
 */
let server: TestServer;
let demoId: number;
let verdeId: number;
let matrizId: number;
let demoEmpresaId: number;
const tokens: Record<string, string> = {};

const call = (method: string, url: string, who: string | null, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: {
      host: who?.startsWith('verde') ? 'verde.localhost' : 'localhost',
      ...(who && tokens[who] ? { authorization: tokens[who] } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const sql = <R extends object = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  server.db.withSystem((tx) => tx.query<R>(text, params));

beforeAll(async () => {
  server = await createTestServer();
  const rows = await sql<{ id: number; slug: string }>('SELECT id::int AS id, slug FROM config_white_label');
  demoId = rows.find((row) => row.slug === 'demo')?.id as number;
  verdeId = rows.find((row) => row.slug === 'verde')?.id as number;
  await sql(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`);
  const [demo] = await sql<{ empresa_id: number; filial_selecionada_id: number }>(
    `SELECT empresa_id, filial_selecionada_id FROM usuario WHERE email = 'demo@erp.local'`,
  );
  demoEmpresaId = demo?.empresa_id as number;
  matrizId = demo?.filial_selecionada_id as number;
  tokens.verdeMaster = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  tokens.admin = await login(server.app, 'admin@erp.local');
  tokens.demo = await login(server.app, 'demo@erp.local');
  tokens.vendedor = await login(server.app, 'vendedor@erp.local');
  tokens.contador = await login(server.app, 'contador@erp.local');
  tokens.trial = await login(server.app, 'trial@erp.local');
});
afterAll(async () => server?.close());

describe('/api/SequenciasFilial', () => {
  it('is for platform staff only', async () => {
    for (const who of ['demo', 'verdeMaster']) {
      const search = await call('GET', '/api/SequenciasFilial/filiais?busca=11222333', who);
      expect(search.statusCode, who).toBe(403);
      expect((await call('GET', `/api/SequenciasFilial/${matrizId}`, who)).statusCode, who).toBe(403);
      const put = await call('PUT', `/api/SequenciasFilial/${matrizId}`, who, {
        documento: 'NFE',
        ambiente: 1,
        serie: 1,
        proximoNumero: 5,
      });
      expect(put.statusCode, who).toBe(403);
    }
  });

  it('finds branches of any white-label by CNPJ or name', async () => {
    const byCnpj = await call('GET', '/api/SequenciasFilial/filiais?busca=11.222.333/0002', 'admin');
    expect(byCnpj.statusCode, byCnpj.body).toBe(200);
    expect(byCnpj.json()).toEqual([
      expect.objectContaining({
        apelido: 'Loja Centro',
        filialRotulo: 'Loja Centro',
        empresaNome: 'Empresa Demonstração Ltda',
        configWhiteLabel: demoId,
      }),
    ]);
    const byName = await call(
      'GET',
      `/api/SequenciasFilial/filiais?busca=${encodeURIComponent('verde merc')}`,
      'admin',
    );
    expect(byName.json()).toEqual([
      expect.objectContaining({ empresaNome: 'Verde Mercado Ltda', configWhiteLabel: verdeId }),
    ]);
    const short = await call('GET', '/api/SequenciasFilial/filiais?busca=ab', 'admin');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(
      'Informe ao menos 3 caracteres do CNPJ ou da razão social para buscar.',
    );
    expect((await call('GET', '/api/SequenciasFilial/999999', 'admin')).statusCode).toBe(404);
  });

  it('edits the Configuração fiscal sequence, warns below the highest used and audits every change', async () => {
    const config = await call('POST', '/api/ConfiguracoesNfe', 'demo', { serieNfe: 1, proximoNumeroNfe: 10 });
    expect(config.statusCode, config.body).toBe(200);
    await sql('INSERT INTO nota_fiscal (empresa_id, filial_id, serie, numero) VALUES ($1, $2, 1, 15)', [
      demoEmpresaId,
      matrizId,
    ]);

    const before = await call('GET', `/api/SequenciasFilial/${matrizId}`, 'admin');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().ambienteEmUso).toBe(2);
    const find = (
      body: { sequencias: Array<{ documento: string; ambiente: number }> },
      documento: string,
      ambiente: number,
    ) => body.sequencias.find((item) => item.documento === documento && item.ambiente === ambiente);
    expect(before.json().sequencias).toHaveLength(6);
    expect(find(before.json(), 'NFE', 2)).toEqual({
      documento: 'NFE',
      ambiente: 2,
      documentoNome: 'NF-e (modelo 55)',
      ambienteNome: 'Homologação',
      serie: 1,
      proximoNumero: 10,
      maiorNumeroUsado: 15,
      origem: 'configuracaoNfe',
    });
    expect(find(before.json(), 'NFE', 1)).toMatchObject({ serie: 1, proximoNumero: 1, origem: 'sequencia' });

    const risky = { documento: 'NFE', ambiente: 2, serie: 1, proximoNumero: 12 };
    const refused = await call('PUT', `/api/SequenciasFilial/${matrizId}`, 'admin', risky);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SEQUENCIA_ABAIXO_DO_USADO');
    expect(refused.json().error.message).toContain('Duplicidade de NF-e');

    const confirmed = await call('PUT', `/api/SequenciasFilial/${matrizId}`, 'admin', {
      ...risky,
      confirmarReducao: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(find(confirmed.json(), 'NFE', 2)).toMatchObject({ proximoNumero: 12, origem: 'configuracaoNfe' });
    const [stored] = await sql<{ proximo_numero_nfe: number }>(
      'SELECT proximo_numero_nfe FROM configuracao_nfe WHERE filial_id = $1',
      [matrizId],
    );
    expect(stored?.proximo_numero_nfe).toBe(12);

    const nfse = await call('PUT', `/api/SequenciasFilial/${matrizId}`, 'admin', {
      documento: 'NFSE',
      ambiente: 1,
      serie: 3,
      proximoNumero: 100,
    });
    expect(nfse.statusCode, nfse.body).toBe(200);
    expect(find(nfse.json(), 'NFSE', 1)).toMatchObject({
      serie: 3,
      proximoNumero: 100,
      maiorNumeroUsado: null,
    });
    expect(nfse.json().historico).toEqual([
      expect.objectContaining({
        documento: 'NFSE',
        ambiente: 1,
        serieAnterior: 1,
        serieNova: 3,
        proximoNumeroAnterior: 1,
        proximoNumeroNovo: 100,
        reducaoConfirmada: false,
        usuario: 'Administrador da Plataforma',
      }),
      expect.objectContaining({
        documento: 'NFE',
        ambiente: 2,
        documentoNome: 'NF-e (modelo 55)',
        ambienteNome: 'Homologação',
        proximoNumeroAnterior: 10,
        proximoNumeroNovo: 12,
        reducaoConfirmada: true,
      }),
    ]);

    const reserved = await call('PUT', `/api/SequenciasFilial/${matrizId}`, 'admin', {
      ...risky,
      serie: 900,
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error.message).toContain('reservadas pela SEFAZ');
    const bad = await call('PUT', `/api/SequenciasFilial/${matrizId}`, 'admin', {
      ...risky,
      proximoNumero: 0,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('/api/FinanceiroWhiteLabel', () => {
  beforeAll(async () => {
    // Demo company: Básico (89,90) + NFS-e add-on (39,90); platform company: Completo (189,90).
    await sql(
      `UPDATE empresa SET plano_id = (SELECT id FROM plano WHERE config_white_label_id = $1 AND id_externo = 'basico'),
              modulos_contratados = '["nfse"]' WHERE id = $2`,
      [demoId, demoEmpresaId],
    );
    await sql(
      `UPDATE empresa SET plano_id = (SELECT id FROM plano WHERE config_white_label_id = $1 AND id_externo = 'completo')
        WHERE nome = 'Plataforma ERP'`,
      [demoId],
    );
  });

  it('refuses a company administrator and another white-label master', async () => {
    expect((await call('GET', '/api/FinanceiroWhiteLabel', 'demo')).statusCode).toBe(403);
    expect((await call('GET', '/api/FinanceiroWhiteLabel', null)).statusCode).toBe(401);
    const other = await call('GET', `/api/FinanceiroWhiteLabel?configWhiteLabel=${demoId}`, 'verdeMaster');
    expect(other.statusCode).toBe(403);
    const own = await call('GET', '/api/FinanceiroWhiteLabel', 'verdeMaster');
    expect(own.statusCode, own.body).toBe(200);
    // Verde's only company is in trial: nothing billed.
    expect(own.json()).toMatchObject({
      configWhiteLabel: verdeId,
      empresas: [],
      totalMensal: 0,
      faturas: [],
    });
    const generate = await call('POST', '/api/FinanceiroWhiteLabel/faturas', 'verdeMaster', {
      configWhiteLabel: verdeId,
      competencia: own.json().competenciaAtual,
    });
    expect(generate.statusCode).toBe(403);
  });

  it('bills the active subscriptions, freezes them in the fatura, exports CSV and records payment', async () => {
    const resumo = await call('GET', `/api/FinanceiroWhiteLabel?configWhiteLabel=${demoId}`, 'admin');
    expect(resumo.statusCode, resumo.body).toBe(200);
    const body = resumo.json();
    expect(body.empresas.map((e: { empresaNome: string }) => e.empresaNome)).toEqual([
      'Empresa Demonstração Ltda',
      'Plataforma ERP',
    ]);
    expect(body.empresas[0]).toMatchObject({
      planoNome: 'Básico',
      valorPlano: 89.9,
      modulos: [{ id: 'nfse', nome: 'Notas de serviço (NFS-e)', valor: 39.9 }],
      valor: 129.8,
    });
    expect(body.totalMensal).toBe(319.7);
    // Before its fatura the month is a preview.
    expect(body.faturaAtualGerada).toBe(false);

    const competencia = body.competenciaAtual as string;
    const bad = await call('POST', '/api/FinanceiroWhiteLabel/faturas', 'admin', {
      configWhiteLabel: demoId,
      competencia: '2025-13',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('AAAA-MM');
    const future = await call('POST', '/api/FinanceiroWhiteLabel/faturas', 'admin', {
      configWhiteLabel: demoId,
      competencia: '2999-01',
    });
    expect(future.statusCode).toBe(400);

    const created = await call('POST', '/api/FinanceiroWhiteLabel/faturas', 'admin', {
      configWhiteLabel: demoId,
      competencia,
    });
    expect(created.statusCode, created.body).toBe(200);
    const fatura = created.json();
    expect(fatura).toMatchObject({
      competencia,
      valor: 319.7,
      status: 'aberta',
      quantidadeEmpresas: 2,
      pagaEm: null,
    });
    expect(fatura.linhas).toHaveLength(2);
    const again = await call('POST', '/api/FinanceiroWhiteLabel/faturas', 'admin', {
      configWhiteLabel: demoId,
      competencia,
    });
    expect(again.statusCode).toBe(409);

    // A later plan change moves the estimate, not the fatura already generated.
    await sql(`UPDATE empresa SET modulos_contratados = '[]' WHERE id = $1`, [demoEmpresaId]);
    const after = await call('GET', `/api/FinanceiroWhiteLabel?configWhiteLabel=${demoId}`, 'admin');
    expect(after.json().totalMensal).toBe(279.8);
    expect(after.json().faturaAtualGerada).toBe(true);
    expect(after.json().faturas).toEqual([expect.objectContaining({ id: fatura.id, valor: 319.7 })]);

    expect(
      (await call('GET', `/api/FinanceiroWhiteLabel/faturas/${fatura.id}`, 'verdeMaster')).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/FinanceiroWhiteLabel/faturas/${fatura.id}/csv`, 'verdeMaster')).statusCode,
    ).toBe(403);
    const csv = await call('GET', `/api/FinanceiroWhiteLabel/faturas/${fatura.id}/csv`, 'admin');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Empresa;CPF/CNPJ;Plano;Valor do plano;Módulos adicionais;Valor');
    expect(csv.body).toContain(
      'Empresa Demonstração Ltda;11222333000181;Básico;89,90;Notas de serviço (NFS-e) (39,90);129,80',
    );
    expect(csv.body).toContain('Total;;;;;319,70');

    expect(
      (await call('POST', `/api/FinanceiroWhiteLabel/faturas/${fatura.id}/pagar`, 'verdeMaster')).statusCode,
    ).toBe(403);
    const paid = await call('POST', `/api/FinanceiroWhiteLabel/faturas/${fatura.id}/pagar`, 'admin');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paga', pagaEm: expect.any(String) });
    expect(
      (await call('POST', `/api/FinanceiroWhiteLabel/faturas/${fatura.id}/pagar`, 'admin')).statusCode,
    ).toBe(409);
    expect((await call('GET', '/api/FinanceiroWhiteLabel/faturas/999999', 'admin')).statusCode).toBe(404);
  });
});

describe('/api/Nps', () => {
  it('keeps each white-label survey to its operators', async () => {
    expect((await call('GET', '/api/Nps/config', 'demo')).statusCode).toBe(403);
    expect((await call('GET', `/api/Nps/config?configWhiteLabel=${demoId}`, 'verdeMaster')).statusCode).toBe(
      403,
    );
    expect(
      (await call('GET', `/api/Nps/resultados?configWhiteLabel=${demoId}`, 'verdeMaster')).statusCode,
    ).toBe(403);
    const own = await call('GET', '/api/Nps/config', 'verdeMaster');
    expect(own.json()).toEqual({
      configWhiteLabel: verdeId,
      ativa: false,
      pergunta: 'Em uma escala de 0 a 10, o quanto você recomendaria o sistema a um amigo ou colega?',
      intervaloDias: 90,
    });
  });

  it('asks users of an active survey once per interval and computes the NPS from the answers', async () => {
    expect((await call('GET', '/api/Nps/pendente', 'vendedor')).json()).toEqual({ perguntar: false });
    const inactive = await call('POST', '/api/Nps/respostas', 'vendedor', { nota: 10 });
    expect(inactive.statusCode).toBe(409);

    const saved = await call('PUT', '/api/Nps/config', 'admin', {
      configWhiteLabel: demoId,
      ativa: true,
      pergunta: 'Você recomendaria o ERP Demo a um colega?',
      intervaloDias: 30,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/api/Nps/pendente', 'vendedor')).json()).toEqual({
      perguntar: true,
      pergunta: 'Você recomendaria o ERP Demo a um colega?',
    });
    expect((await call('GET', '/api/Nps/pendente', 'admin')).json()).toEqual({ perguntar: false });
    // The survey of demo is not verde's.
    expect((await call('GET', '/api/Nps/pendente', 'verdeMaster')).json()).toEqual({ perguntar: false });

    const invalid = await call('POST', '/api/Nps/respostas', 'vendedor', { nota: 11 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toMatch(/nota/);
    expect(
      (await call('POST', '/api/Nps/respostas', 'vendedor', { nota: 10, comentario: 'Ótimo sistema' }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/Nps/pendente', 'vendedor')).json()).toEqual({ perguntar: false });
    expect((await call('POST', '/api/Nps/respostas', 'vendedor', { nota: 9 })).statusCode).toBe(409);
    expect((await call('POST', '/api/Nps/respostas', 'demo', { nota: 9 })).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/Nps/respostas', 'trial', { nota: 3, comentario: 'Falta relatório' }))
        .statusCode,
    ).toBe(200);
    expect((await call('POST', '/api/Nps/dispensar', 'contador')).statusCode).toBe(200);
    expect((await call('GET', '/api/Nps/pendente', 'contador')).json()).toEqual({ perguntar: false });

    const results = await call('GET', `/api/Nps/resultados?configWhiteLabel=${demoId}`, 'admin');
    expect(results.statusCode, results.body).toBe(200);
    const distribuicao = [0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1];
    expect(results.json()).toMatchObject({
      nps: 33, // (2 promotores − 1 detrator) / 3 respostas
      respostas: 3,
      promotores: 2,
      neutros: 0,
      detratores: 1,
      dispensas: 1,
      distribuicao,
    });
    expect(results.json().comentarios).toEqual([
      expect.objectContaining({
        nota: 3,
        comentario: 'Falta relatório',
        empresa: 'Loja Teste Grátis ME',
        usuario: 'Tiago Teste',
      }),
      expect.objectContaining({
        nota: 10,
        comentario: 'Ótimo sistema',
        empresa: 'Empresa Demonstração Ltda',
        usuario: 'Victor Vendedor',
      }),
    ]);

    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const empty = await call('GET', `/api/Nps/resultados?configWhiteLabel=${demoId}&de=${tomorrow}`, 'admin');
    expect(empty.json()).toMatchObject({ nps: null, respostas: 0 });
    const badDate = await call(
      'GET',
      `/api/Nps/resultados?configWhiteLabel=${demoId}&de=2025-02-30`,
      'admin',
    );
    expect(badDate.statusCode).toBe(400);
    const verde = await call('GET', '/api/Nps/resultados', 'verdeMaster');
    expect(verde.json()).toMatchObject({
      configWhiteLabel: verdeId,
      respostas: 0,
      nps: null,
      comentarios: [],
    });
  });
});
