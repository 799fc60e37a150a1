import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postStockMovements } from '../../runtime/server/postings/postStockMovements.ts';
import { createReportRecord } from '../../runtime/server/services/reportRecords.ts';
import { REPORT_QUEUE, type ReportJobData } from '../../runtime/server/services/reports/reportJobs.ts';
import { pdfPages, readXlsx } from '../support/reportFiles.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Report exports end to end on real PostgreSQL: POST /api/Relatorios/exportar enqueues a pg-boss job, a
 * worker thread streams the rows and writes the file, the file is downloaded with ?access_token= and
 * parsed (exceljs, pdfjs). `owner` holds the database; `enqueuer` only sends jobs (its queue is stopped
 * before any runs, as in an app restart); `worker` is the next app, which runs them.
 */
let owner: TestServer;
let enqueuer: TestServer;
let worker: TestServer;
const tokens: Record<string, string> = {};
const users: Record<string, { id: number; empresa_id: number; filial_selecionada_id: number }> = {};

async function seedBusinessData() {
  const demo = users.demo as { id: number; empresa_id: number; filial_selecionada_id: number };
  const verde = users.verde as { id: number; empresa_id: number; filial_selecionada_id: number };
  await owner.db.withTenant(
    { empresaId: demo.empresa_id, filialId: demo.filial_selecionada_id, usuarioId: demo.id },
    async (tx) => {
      const [deposito] = await tx.query<{ id: number }>(
        `INSERT INTO deposito (empresa_id, filial_id, descricao) VALUES ($1, $2, 'Depósito central') RETURNING id`,
        [demo.empresa_id, demo.filial_selecionada_id],
      );
      const produtos = await tx.query<{ id: number }>(
        `INSERT INTO produto (empresa_id, codigo, descricao, unidade, custo, preco_venda, ativo) VALUES
           ($1, 'P-001', 'Parafuso sextavado', 'UN', 10.50, 15.90, true),
           ($1, 'P-002', 'Arruela lisa', 'CX', 1234.50, 2000.00, true)
         RETURNING id`,
        [demo.empresa_id],
      );
      // Stock moves only through the posting service (the ledger is append-only and keeps the balances).
      let linha = 0;
      const movement = (produto: number, tipo: number, quantidade: number) =>
        postStockMovements(
          {
            tx,
            scope: { empresaId: demo.empresa_id, filialId: demo.filial_selecionada_id, usuarioId: demo.id },
          },
          1,
          [
            {
              produtoId: produto,
              depositoId: deposito?.id as number,
              loteId: null,
              movement:
                tipo === 0
                  ? { tipo: 'entrada', qtd: quantidade, custo: 10 }
                  : { tipo: 'saida', qtd: quantidade },
              data: '2025-01-05T12:00:00Z',
              motivo: 'Teste',
              origemTipo: 'teste',
              origemLinha: ++linha,
            },
          ],
        );
      await movement(produtos[0]?.id as number, 0, 100);
      await movement(produtos[0]?.id as number, 1, 30);
      await movement(produtos[1]?.id as number, 0, 3);
      const [cliente] = await tx.query<{ id: number }>(
        `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj) VALUES ($1, 0, 'Cliente Exemplo', '11222333000181') RETURNING id`,
        [demo.empresa_id],
      );
      await tx.query(
        `INSERT INTO lancamento (empresa_id, filial_id, tipo, descricao, pessoa_id, valor, data_vencimento, situacao) VALUES
           ($1, $2, 1, 'Venda balcão', $3, 100.00, '2025-01-10', 0),
           ($1, $2, 1, 'Venda prazo', $3, 50.25, '2025-01-20', 0),
           ($1, $2, 2, 'Aluguel', NULL, 30.00, '2025-01-15', 0),
           ($1, $2, 2, 'Fora do período', NULL, 999.00, '2025-02-15', 0),
           ($1, $2, 3, 'Transferência', NULL, 77.00, '2025-01-12', 0)`,
        [demo.empresa_id, demo.filial_selecionada_id, cliente?.id],
      );
    },
  );
  await owner.db.withTenant({ empresaId: verde.empresa_id, usuarioId: verde.id }, (tx) =>
    tx.query(
      `INSERT INTO produto (empresa_id, codigo, descricao, custo, preco_venda) VALUES ($1, 'V-1', 'Produto da Verde', 5, 9)`,
      [verde.empresa_id],
    ),
  );
}

beforeAll(async () => {
  owner = await createTestServer();
  enqueuer = await createTestServer({ databaseUrl: owner.databaseUrl, jobs: { work: false } });
  for (const name of ['demo', 'vendedor']) tokens[name] = await login(owner.app, `${name}@erp.local`);
  tokens.verde = await login(owner.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  const rows = await owner.db.withSystem((tx) =>
    tx.query<{ email: string; id: number; empresa_id: number; filial_selecionada_id: number }>(
      'SELECT email, id, empresa_id, filial_selecionada_id FROM usuario',
    ),
  );
  for (const row of rows) users[row.email.split('@')[0] ?? ''] = row;
  await seedBusinessData();
}, 120_000);

afterAll(async () => {
  await enqueuer?.close();
  await worker?.close();
  await owner?.close();
});

const exportar = (app: TestServer, body: unknown, who = 'demo', host = 'localhost') =>
  app.app.inject({
    method: 'POST',
    url: '/api/Relatorios/exportar',
    headers: { host, authorization: tokens[who] ?? '' },
    payload: body as object,
  });

async function waitFor(app: TestServer, id: number, who = 'demo', host = 'localhost') {
  const filter = encodeURIComponent(JSON.stringify({ where: { id } }));
  for (let i = 0; i < 300; i++) {
    const response = await app.app.inject({
      method: 'GET',
      url: `/api/Relatorios?filter=${filter}`,
      headers: { host, authorization: tokens[who] ?? '' },
    });
    const [record] = response.json();
    if (record && record.status !== 0) return record;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`relatório ${id} não terminou`);
}

async function download(app: TestServer, url: string, who = 'demo', host = 'localhost') {
  const response = await app.app.inject({
    method: 'GET',
    url: `${url}?access_token=${tokens[who]}`,
    headers: { host },
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** Rows of a sheet as arrays of cell values (1-based columns dropped). */
function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = (row.values as unknown[]).slice(1);
  });
  return rows;
}

describe('report exports through the job queue', () => {
  let queued: { id: number };

  it('starts an export: the Processando record, then 406 for the same report and format', async () => {
    const body = { relatorio: 'posicao-estoque', formato: 'xlsx', filtros: { ativo: true } };
    const first = await exportar(enqueuer, body);
    expect(first.statusCode, first.body).toBe(200);
    queued = first.json();
    expect(queued).toMatchObject({
      descricao: 'Posição de estoque',
      tipo: 'xlsx',
      evento: 'relatorio-posicao-estoque',
      status: 0,
      statusString: 'Processando',
      url: null,
      erro: null,
    });
    const again = await exportar(enqueuer, body);
    expect(again.statusCode).toBe(406);
    expect(again.json().error.message).toBe('Relatório já está sendo processado.');
    // Another format of the same report is another kind.
    const pdf = await exportar(enqueuer, { ...body, formato: 'pdf' });
    expect(pdf.statusCode).toBe(200);
  });

  it('keeps the job across a restart: the queue stops before running it and the next app does', async () => {
    await enqueuer.close();
    const waiting = await owner.db.pool.query<{ state: string }>(
      'SELECT state FROM pgboss.job WHERE name = $1',
      [REPORT_QUEUE],
    );
    expect(waiting.rows.map((job) => job.state)).toEqual(['created', 'created']);
    worker = await createTestServer({ databaseUrl: owner.databaseUrl, jobs: {} });
    const done = await waitFor(worker, queued.id);
    expect(done).toMatchObject({
      status: 1,
      statusString: 'Finalizado',
      url: `/api/Relatorios/${queued.id}/arquivo`,
    });
  });

  it('writes the XLSX with typed cells, BRL format, bold frozen header, autofilter and totals', async () => {
    const sheet = await readXlsx(await download(worker, `/api/Relatorios/${queued.id}/arquivo`));
    const rows = sheetRows(sheet);
    expect(rows[0]?.[0]).toBe('Empresa Demonstração Ltda');
    expect(rows.some((row) => row?.[0] === 'Posição de estoque')).toBe(true);
    expect(rows.some((row) => row?.[0] === 'Filtros: Ativo: Sim')).toBe(true);
    const headerIndex = rows.findIndex((row) => row?.[0] === 'Código');
    expect(rows[headerIndex]).toEqual([
      'Código',
      'Descrição',
      'Un.',
      'Quantidade',
      'Custo',
      'Preço de venda',
      'Valor em estoque',
    ]);
    const headerRow = sheet.getRow(headerIndex + 1);
    expect(headerRow.font?.bold ?? headerRow.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerIndex + 1 });
    expect(sheet.autoFilter).toBe(`A${headerIndex + 1}:G${headerIndex + 1}`);

    const data = rows.slice(headerIndex + 1);
    expect(data).toEqual(
      [
        ['P-002', 'Arruela lisa', 'CX', 3, 1234.5, 2000, 3703.5],
        ['P-001', 'Parafuso sextavado', 'UN', 70, 10.5, 15.9, 735],
        ['Total geral', null, null, 73, null, null, 4438.5],
      ].map((row) => row.map((value) => (value === null ? undefined : value))),
    );
    const first = sheet.getRow(headerIndex + 2);
    expect(first.getCell(5).type).toBe(2); // ValueType.Number
    expect(first.getCell(5).numFmt).toBe('"R$" #,##0.00');
    expect(first.getCell(7).numFmt).toBe('"R$" #,##0.00');
    expect(sheet.getRow(headerIndex + 4).getCell(7).numFmt).toBe('"R$" #,##0.00');
    expect(rows.flat()).not.toContain('Produto da Verde');
  });

  it('writes the PDF with company, CNPJ, user, title, filters, BRL values, subtotals and page numbers', async () => {
    const started = await exportar(worker, {
      relatorio: 'contas-vencimento',
      formato: 'pdf',
      filtros: { vencimentoInicial: '2025-01-01', vencimentoFinal: '2025-01-31' },
    });
    expect(started.statusCode).toBe(200);
    const done = await waitFor(worker, started.json().id);
    expect(done.status).toBe(1);
    const file = await download(worker, done.url);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(file);
    const text = pages.join('\n');
    expect(text).toContain('Empresa Demonstração Ltda');
    expect(text).toMatch(/CNPJ: (\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|não informado)/);
    expect(text).toContain('Contas a pagar e a receber por vencimento');
    expect(text).toContain('Vencimento de: 01/01/2025');
    expect(text).toContain('Usuário:');
    expect(text).toContain('Tipo: Receita');
    expect(text).toContain('R$ 100,00');
    expect(text).toContain('Subtotal Receita');
    expect(text).toContain('R$ 150,25');
    expect(text).toContain('R$ 180,25');
    expect(text).toContain('10/01/2025');
    expect(text).not.toContain('Fora do período');
    expect(text).not.toContain('Transferência');
    expect(pages[0]).toContain(`Página 1 de ${pages.length}`);
  });

  it('writes dates as real dates and subtotals per group in the XLSX', async () => {
    const started = await exportar(worker, {
      relatorio: 'contas-vencimento',
      formato: 'xlsx',
      filtros: { vencimentoInicial: '2025-01-01', vencimentoFinal: '2025-01-31', situacao: [0, 1] },
    });
    const done = await waitFor(worker, started.json().id);
    const sheet = await readXlsx(await download(worker, done.url));
    const rows = sheetRows(sheet);
    const headerIndex = rows.findIndex((row) => row?.[0] === 'Vencimento');
    const firstData = sheet.getRow(headerIndex + 3);
    expect(rows[headerIndex + 1]?.[0]).toBe('Tipo: Receita');
    expect(firstData.getCell(1).value).toEqual(new Date('2025-01-10T00:00:00Z'));
    expect(firstData.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(firstData.getCell(4).value).toBe('Cliente Exemplo');
    const labels = rows.map((row) => row?.[0]);
    const subtotal = rows[labels.indexOf('Subtotal Receita')];
    expect(subtotal?.[6]).toBe(150.25);
    expect(rows[labels.indexOf('Subtotal Despesa')]?.[6]).toBe(30);
    expect(rows[labels.indexOf('Total geral')]?.[6]).toBe(180.25);
  });

  it('ends a failed job as Erro with its message', async () => {
    const demo = users.demo as { id: number; empresa_id: number; filial_selecionada_id: number };
    const record = await createReportRecord(worker.app, {
      empresaId: demo.empresa_id,
      usuarioId: demo.id,
      descricao: 'Relatório removido',
      tipo: 'pdf',
      evento: 'relatorio-removido',
    });
    const data: ReportJobData = {
      relatorioId: record.id,
      relatorio: 'relatorio-removido',
      formato: 'pdf',
      filtros: {},
      empresaId: demo.empresa_id,
      filialId: demo.filial_selecionada_id,
      usuarioId: demo.id,
      configWhiteLabelId: (await worker.tenants.forHost('localhost'))?.id ?? 0,
    };
    await worker.jobs?.send(REPORT_QUEUE, data);
    const failed = await waitFor(worker, record.id);
    expect(failed).toMatchObject({
      status: 2,
      statusString: 'Erro',
      url: null,
      erro: { message: 'O relatório "relatorio-removido" não existe.' },
    });
  });

  it('never shows another empresa its rows (RLS) and runs as the asking user', async () => {
    const started = await exportar(
      worker,
      { relatorio: 'posicao-estoque', formato: 'xlsx' },
      'verde',
      'verde.localhost',
    );
    expect(started.statusCode).toBe(200);
    const done = await waitFor(worker, started.json().id, 'verde', 'verde.localhost');
    const rows = sheetRows(await readXlsx(await download(worker, done.url, 'verde', 'verde.localhost')));
    const values = rows.flat();
    expect(values).toContain('Produto da Verde');
    expect(values).not.toContain('Parafuso sextavado');
    expect(values).not.toContain('Arruela lisa');
    expect(values).toContain('Verde Mercado Ltda');
  });

  it('answers 404, 403 and 400 with pt-BR messages', async () => {
    const unknown = await exportar(worker, { relatorio: 'nao-existe', formato: 'pdf' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('O relatório "nao-existe" não existe.');

    const denied = await exportar(worker, { relatorio: 'posicao-estoque', formato: 'pdf' }, 'vendedor');
    expect(denied.statusCode).toBe(403);
    const allowed = await exportar(
      worker,
      {
        relatorio: 'vendas-periodo',
        formato: 'xlsx',
        filtros: { dataInicial: '2025-01-01', dataFinal: '2025-01-31' },
      },
      'vendedor',
    );
    expect(allowed.statusCode).toBe(200);

    const missing = await exportar(worker, { relatorio: 'vendas-periodo', formato: 'pdf', filtros: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Informe o filtro "Emissão de".');
    const badEnum = await exportar(worker, {
      relatorio: 'contas-vencimento',
      formato: 'pdf',
      filtros: { vencimentoInicial: '2025-01-01', vencimentoFinal: '2025-01-31', tipo: 9 },
    });
    expect(badEnum.statusCode).toBe(400);
    expect(badEnum.json().error.message).toContain('O filtro "Tipo" recebeu um valor que não existe');
    const badDate = await exportar(worker, {
      relatorio: 'vendas-periodo',
      formato: 'pdf',
      filtros: { dataInicial: '31/01/2025', dataFinal: '2025-01-31' },
    });
    expect(badDate.json().error.message).toBe(
      'O filtro "Emissão de" deve ser uma data válida no formato AAAA-MM-DD.',
    );
    const unknownFilter = await exportar(worker, {
      relatorio: 'pessoas-lista',
      formato: 'pdf',
      filtros: { x: 1 },
    });
    expect(unknownFilter.statusCode).toBe(400);
    expect(unknownFilter.json().error.message).toContain('O filtro "x" não existe neste relatório');
    const badFormat = await exportar(worker, { relatorio: 'pessoas-lista', formato: 'csv' });
    expect(badFormat.statusCode).toBe(400);
  });
});
