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

  it('writes block K restricted to stock balances on request: one K200 per item with stock at the month end, as the H010 of the same date count it', async () => {
    const semK = await post('/api/ArquivosFiscais/sped/arquivo', spedBody);
    const linhasSemK = Buffer.from(semK.json().conteudo, 'base64').toString('latin1').split('\r\n');
    expect(linhasSemK).toContain('|K001|1|');
    const preview = await post('/api/ArquivosFiscais/sped/preview', { ...spedBody, blocoK: 'saldos' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().problemas).toEqual([]);
    const arquivo = await post('/api/ArquivosFiscais/sped/arquivo', { ...spedBody, blocoK: 'saldos' });
    const linhas = Buffer.from(arquivo.json().conteudo, 'base64').toString('latin1').split('\r\n');
    const fim = mes.fim.split('-').reverse().join('');
    const inicio = mes.inicio.split('-').reverse().join('');
    expect(linhas).toContain('|K001|0|');
    expect(linhas).toContain('|K010|2|');
    expect(linhas).toContain(`|K100|${inicio}|${fim}|`);
    // The month-end inventory (H005 on the last day) counts the same stock: K200 = H010 item by item.
    const k200 = linhas.filter((l) => l.startsWith('|K200|')).map((l) => l.split('|'));
    const h010 = linhas.filter((l) => l.startsWith('|H010|')).map((l) => l.split('|'));
    expect(linhas.find((l) => l.startsWith('|H005|'))?.split('|')[2]).toBe(fim);
    expect(k200.length).toBeGreaterThanOrEqual(5);
    expect(k200.map((c) => [c[2], c[3], c[4], c[5], c[6]])).toEqual(
      h010.map((c) => [fim, c[2], c[4], '0', '']),
    );
    // Independently of the fiscal reader: the ledger's signed quantities up to the month end, per item code.
    const saldos = await server.db.withSystem((tx) =>
      tx.query<{ codigo: string; saldo: string }>(
        `SELECT p.codigo, sum(m.qtd) AS saldo FROM movimentacao_estoque m JOIN produto p ON p.id = m.produto_id
          JOIN usuario u ON u.empresa_id = m.empresa_id AND u.email = 'demo@erp.local' AND m.filial_id = u.filial_selecionada_id
          WHERE m.data < ($1::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'
          GROUP BY p.codigo HAVING sum(m.qtd) > 0 ORDER BY p.codigo`,
        [mes.fim],
      ),
    );
    expect(k200.map((c) => [c[3], c[4]]).sort()).toEqual(
      saldos.map((s) => [s.codigo, Number(s.saldo).toFixed(3).replace('.', ',')]).sort(),
    );
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
