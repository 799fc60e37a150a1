import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { seedDemoFiscal, ultimoMesFechado } from '../../runtime/server/db/seed/seedDemoFiscal.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Issue 22: right after `npm start` the demo company's last closed month yields a clean SPED and Sintegra. */
let server: TestServer;
let token: string;
const mes = ultimoMesFechado();

const post = (url: string, payload: object) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', authorization: token },
    payload,
  });
const spedBody = {
  periodo: mes.periodo,
  finalidade: 0,
  perfil: 'A',
  codigoReceita: '046-2',
  contaEstoque: '1.1.4.01',
};
const sintegraBody = { dataInicial: mes.inicio, dataFinal: mes.fim, finalidade: 1, natureza: 3 };

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  const { files } = await readSchemaFiles();
  expect(await seedDemoEstoque(server.db, files)).toBe(true);
  expect(await seedDemoFiscal(server.db, files)).toBe(true);
  expect(await seedDemoFiscal(server.db, files)).toBe(false);
});
afterAll(() => server?.close());

describe('demo fiscal seed', () => {
  it('computes the last closed month in Brasília time', () => {
    expect(ultimoMesFechado(new Date('2026-03-01T02:59:00Z'))).toMatchObject({
      inicio: '2026-01-01',
      fim: '2026-01-31',
      periodo: '2026-01',
    });
    expect(ultimoMesFechado(new Date('2026-03-01T03:00:00Z'))).toMatchObject({
      inicio: '2026-02-01',
      fim: '2026-02-28',
    });
  });

  it('yields a SPED of the last closed month without errors nor advertências, downloadable without confirmation', async () => {
    const preview = await post('/api/ArquivosFiscais/sped/preview', spedBody);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.problemas).toEqual([]);
    const contagem = Object.fromEntries(
      (body.registros as Array<{ registro: string; quantidade: number }>).map((r) => [
        r.registro,
        r.quantidade,
      ]),
    );
    // 2 supplier notes, 4 NF-e de saída (one cancelled), 1 NFC-e; 4 participants; the month-end inventory.
    expect(contagem).toMatchObject({ '0150': 4, C100: 7, H005: 1, E116: 1, '0100': 1 });
    expect(contagem.H010).toBeGreaterThanOrEqual(5);
    const arquivo = await post('/api/ArquivosFiscais/sped/arquivo', spedBody);
    expect(arquivo.statusCode, arquivo.body).toBe(200);
    const texto = Buffer.from(arquivo.json().conteudo, 'base64').toString('latin1');
    expect(texto).toContain('|0000|');
    expect(texto).toContain('|148235611119|');
    expect(texto).toContain('Empório Paulistano Ltda');
  });

  it('yields a Sintegra of the same month without errors', async () => {
    const preview = await post('/api/ArquivosFiscais/sintegra/preview', sintegraBody);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().problemas).toEqual([]);
    const contagem = Object.fromEntries(
      (preview.json().registros as Array<{ registro: string; quantidade: number }>).map((r) => [
        r.registro,
        r.quantidade,
      ]),
    );
    expect(contagem['50']).toBeGreaterThanOrEqual(5);
    expect(contagem['74']).toBeGreaterThanOrEqual(5);
    const arquivo = await post('/api/ArquivosFiscais/sintegra/arquivo', sintegraBody);
    expect(arquivo.statusCode, arquivo.body).toBe(200);
  });

  it('lists no invalid IE in the demo registers', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/ArquivosFiscais/inscricoesInvalidas',
      headers: { host: 'localhost', authorization: token },
    });
    expect(response.json()).toEqual({ total: 0, pessoas: [] });
  });
});
