import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoEmissao } from '../../runtime/server/db/seed/seedDemoEmissao.ts';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { seedDemoFiscal } from '../../runtime/server/db/seed/seedDemoFiscal.ts';
import { seedDemoPdv } from '../../runtime/server/db/seed/seedDemoPdv.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { testApi } from '../support/testApi.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Issue 17 PDV: right after `npm start` the demo company opens a caixa and prices a sale at the Frente de caixa. */
let server: TestServer;
let token: string;
const { ok } = testApi(() => ({ server, token }));

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  const { files } = await readSchemaFiles();
  expect(await seedDemoPdv(server.db, files)).toBe(false);
  expect(await seedDemoEstoque(server.db, files)).toBe(true);
  expect(await seedDemoFiscal(server.db, files)).toBe(true);
  expect(await seedDemoEmissao(server.db, files)).toBe(true);
  expect(await seedDemoPdv(server.db, files)).toBe(true);
  expect(await seedDemoPdv(server.db, files)).toBe(false);
});
afterAll(() => server?.close());

describe('demo PDV', () => {
  it('Caixa 1 on the Loja depósito, its operator and the payment methods; a caixa opens and a sale is priced', async () => {
    const [pdv] = (await ok('GET', '/api/Pdvs')) as unknown as { id: number; descricao: string }[];
    expect(pdv).toMatchObject({ descricao: 'Caixa 1' });
    const formas = (await ok('GET', '/api/FormasPagamento')) as unknown as { descricao: string }[];
    expect(formas.map((f) => f.descricao)).toEqual(
      expect.arrayContaining(['Dinheiro', 'Cartão de crédito', 'Cartão de débito', 'PIX']),
    );
    const [operador] = (await ok('GET', '/api/OperadoresPdv')) as unknown as { id: number }[];
    const caixa = await ok('POST', '/api/Caixas/abrir', {
      pdvId: pdv!.id,
      operadorPdvId: operador!.id,
      valorAbertura: 150,
    });
    expect(caixa).toMatchObject({ situacao: 'aberto', pdv: 'Caixa 1', valorAbertura: 150 });
    const [produto] = (await ok(
      'GET',
      `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ where: { precoVenda: { gt: 0 } }, limit: 1 }))}`,
    )) as unknown as { id: number; precoVenda: number }[];
    const previa = await ok('POST', `/api/Caixas/${caixa.id}/vendas/previa`, {
      itens: [{ produtoId: produto!.id, quantidade: 1 }],
    });
    expect(previa.valorTotal).toBeGreaterThan(0);
  });
});
