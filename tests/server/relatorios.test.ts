import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReportRecord,
  failReportRecord,
  finishReportRecord,
  REPORT_RETENTION_DAYS,
} from '../../runtime/server/services/reportRecords.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const users: Record<string, { id: number; empresa_id: number }> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const name of ['demo', 'vendedor']) tokens[name] = await login(server.app, `${name}@erp.local`);
  const rows = await server.db.withSystem((tx) =>
    tx.query<{ email: string; id: number; empresa_id: number }>('SELECT email, id, empresa_id FROM usuario'),
  );
  for (const row of rows) users[row.email.split('@')[0] ?? ''] = row;
});
afterAll(async () => server?.close());

const get = (url: string, who = 'vendedor', withHeader = true) =>
  server.app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost', ...(withHeader ? { authorization: tokens[who] ?? '' } : {}) },
  });
const del = (url: string, who = 'vendedor') =>
  server.app.inject({
    method: 'DELETE',
    url,
    headers: { host: 'localhost', authorization: tokens[who] ?? '' },
  });
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const create = (descricao: string, tipo: 'pdf' | 'xlsx', who = 'vendedor') =>
  createReportRecord(server.app, {
    empresaId: users[who]?.empresa_id ?? 0,
    usuarioId: users[who]?.id ?? 0,
    descricao,
    tipo,
    evento: 'relatorio-vendas',
  });

describe('Relatorios (exported reports)', () => {
  it('lists a new record as Processando without address or file', async () => {
    expect((await get('/api/Relatorios')).json()).toEqual([]);
    const record = await create('Vendas por período', 'pdf');
    const list = (await get('/api/Relatorios')).json();
    expect(list).toEqual([
      {
        id: record.id,
        descricao: 'Vendas por período',
        tipo: 'pdf',
        evento: 'relatorio-vendas',
        status: 0,
        statusString: 'Processando',
        dataInclusao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        finalizadoEm: null,
        url: null,
        erro: null,
      },
    ]);
    const file = await get(`/api/Relatorios/${record.id}/arquivo?access_token=${tokens.vendedor}`, '', false);
    expect(file.statusCode).toBe(404);
    expect(file.json().error).toMatchObject({
      code: 'RELATORIO_PROCESSANDO',
      message: 'O relatório ainda está sendo processado.',
    });
  });

  it('serves a finished pdf inline and a finished xlsx as a download, through ?access_token=', async () => {
    const [pending] = (await get('/api/Relatorios')).json();
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const finished = await finishReportRecord(server.app, pending.id, { arquivo: pdf });
    expect(finished).toMatchObject({ status: 1, statusString: 'Finalizado', erro: null });
    expect(finished.url).toBe(`/api/Relatorios/${pending.id}/arquivo`);
    const file = await get(`${finished.url}?access_token=${tokens.vendedor}`, '', false);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Vendas por periodo.pdf"; filename*=UTF-8''Vendas%20por%20per%C3%ADodo.pdf`,
    );
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const sheet = await create('Estoque (atual)', 'xlsx');
    await finishReportRecord(server.app, sheet.id, { arquivo: Buffer.from('PK\u0003\u0004') });
    const download = await get(
      `/api/Relatorios/${sheet.id}/arquivo?access_token=${tokens.vendedor}`,
      '',
      false,
    );
    expect(download.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="Estoque \(atual\)\.xlsx"/,
    );
    expect(download.headers['content-disposition']).toContain("UTF-8''Estoque%20%28atual%29.xlsx");
  });

  it('shows a failed report as Erro with its message', async () => {
    const record = await create('Financeiro', 'xlsx');
    const failed = await failReportRecord(server.app, record.id, 'Nenhum lançamento no período.');
    expect(failed).toMatchObject({
      status: 2,
      statusString: 'Erro',
      url: null,
      erro: { message: 'Nenhum lançamento no período.' },
    });
    const file = await get(`/api/Relatorios/${record.id}/arquivo`);
    expect(file.statusCode).toBe(404);
    expect(file.json().error.message).toBe('Nenhum lançamento no período.');
  });

  it('filters, orders and counts over the allow-list (default newest first)', async () => {
    const all = (await get('/api/Relatorios')).json();
    expect(all.map((r: { descricao: string }) => r.descricao)).toEqual([
      'Financeiro',
      'Estoque (atual)',
      'Vendas por período',
    ]);
    const pdfs = (await get(`/api/Relatorios?filter=${q({ where: { tipo: 'pdf' } })}`)).json();
    expect(pdfs.map((r: { tipo: string }) => r.tipo)).toEqual(['pdf']);
    const byName = (await get(`/api/Relatorios?filter=${q({ order: 'descricao ASC', limit: 2 })}`)).json();
    expect(byName.map((r: { descricao: string }) => r.descricao)).toEqual(['Estoque (atual)', 'Financeiro']);
    expect((await get(`/api/Relatorios/count?where=${q({ status: 1 })}`)).json()).toEqual({ count: 2 });
    expect((await get('/api/Relatorios/count')).json()).toEqual({ count: 3 });
    const refused = await get(`/api/Relatorios?filter=${q({ where: { arquivo: null } })}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('"arquivo"');
  });

  it("keeps each user's reports to that user", async () => {
    expect((await get('/api/Relatorios', 'demo')).json()).toEqual([]);
    const [mine] = (await get('/api/Relatorios')).json();
    expect((await del(`/api/Relatorios/${mine.id}`, 'demo')).statusCode).toBe(404);
    expect((await get(`/api/Relatorios/${mine.id}/arquivo`, 'demo')).statusCode).toBe(404);
    expect((await get('/api/Relatorios', '', false)).statusCode).toBe(401);
  });

  it('deletes a report with its file', async () => {
    const [, finished] = (await get('/api/Relatorios')).json();
    expect((await del(`/api/Relatorios/${finished.id}`)).json()).toEqual({ count: 1 });
    const rows = await server.db.withSystem((tx) =>
      tx.query('SELECT 1 FROM relatorio WHERE id = $1', [finished.id]),
    );
    expect(rows).toEqual([]);
    expect((await get(`/api/Relatorios/${finished.id}/arquivo`)).statusCode).toBe(404);
    expect((await del(`/api/Relatorios/${finished.id}`)).statusCode).toBe(404);
  });

  it(`hides reports older than ${REPORT_RETENTION_DAYS} days and removes them at the next export`, async () => {
    const old = await create('Antigo', 'pdf');
    await server.db.withSystem((tx) =>
      tx.query(`UPDATE relatorio SET data_inclusao = now() - interval '8 days' WHERE id = $1`, [old.id]),
    );
    const listed = (await get('/api/Relatorios')).json();
    expect(listed.map((r: { id: number }) => r.id)).not.toContain(old.id);
    await create('Novo', 'pdf');
    const rows = await server.db.withSystem((tx) =>
      tx.query('SELECT 1 FROM relatorio WHERE id = $1', [old.id]),
    );
    expect(rows).toEqual([]);
  });
});
