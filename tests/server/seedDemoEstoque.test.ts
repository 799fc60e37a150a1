import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** The demo company's stock (first `npm start`): posted through documents, consistent, seeded once. */
let server: TestServer;
let token: string;
const get = async (url: string) => {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost', authorization: token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
});
afterAll(() => server?.close());

describe('demo stock seed', () => {
  it('posts three months of documents through the services, once, with a consistent ledger', async () => {
    const { files } = await readSchemaFiles();
    expect(await seedDemoEstoque(server.db, files)).toBe(true);
    expect(await seedDemoEstoque(server.db, files)).toBe(false);
    const documentos = await get('/api/DocumentosEstoque/count');
    expect(documentos.count).toBeGreaterThanOrEqual(10);
    const efetivados = await get(
      `/api/DocumentosEstoque/count?where=${encodeURIComponent('{"situacao":"efetivado"}')}`,
    );
    expect(efetivados.count).toBe(documentos.count);
    const saldos = (await get(
      '/api/SaldosEstoque?filter=%7B%22include%22%3A%5B%22produto%22%2C%22deposito%22%5D%7D',
    )) as Array<Record<string, { descricao?: string } & Record<string, unknown>>>;
    const cafeLoja = saldos.find(
      (saldo) =>
        saldo.produto?.descricao === 'Café torrado e moído 500 g' && saldo.deposito?.descricao === 'Loja',
    );
    // 60 opening − 42 sold + 30 transferred, then counted 38 in the balanço.
    expect(cafeLoja).toMatchObject({ fisico: 38 });
    expect(saldos.every((saldo) => Number(saldo.fisico) >= 0 && Number(saldo.custoMedio) > 0)).toBe(true);
    expect(saldos.filter((saldo) => saldo.loteId !== null)).toHaveLength(2);
    const report = await checkLedgers(server.db);
    expect(report.movimentacoes).toBeGreaterThan(30);
    expect(report.diferencas).toEqual([]);
  });
});
