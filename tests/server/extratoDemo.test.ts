import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoComercial } from '../../runtime/server/db/seed/seedDemoComercial.ts';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { seedDemoFinanceiro } from '../../runtime/server/db/seed/seedDemoFinanceiro.ts';
import { seedDemoFiscal } from '../../runtime/server/db/seed/seedDemoFiscal.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { EXTRATO_DEMO_LINHAS, extratoDemoOfx } from '../../scripts/demo/extratoDemo.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** The demo statement (scripts/demo) against the seeded demo finance: every line finds its movement or title. */
let server: TestServer;
let token: string;
const BASE = '/api/Lancamentos/conciliacao-ofx';
const api = (method: string, url: string, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  server = await createTestServer();
  const { files } = await readSchemaFiles();
  await seedDemoEstoque(server.db, files);
  await seedDemoFiscal(server.db, files);
  await seedDemoComercial(server.db, files);
  await seedDemoFinanceiro(server.db, files);
  token = await login(server.app, 'demo@erp.local');
}, 600_000);
afterAll(async () => server?.close());

describe('extrato de demonstração', () => {
  it('imports last month into the demo BB account; each line has an equal-amount candidate but the PIX fees', async () => {
    const conta = await server.db.withSystem((tx) =>
      tx.maybeOne<{ id: number }>("SELECT id FROM conta WHERE numero_conta = '98765-0' LIMIT 1"),
    );
    expect(conta, 'the demo finance seed has the BB account').toBeDefined();
    const now = new Date();
    const mes = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const first = await api('POST', `${BASE}/importar`, {
      contaId: conta?.id,
      nomeArquivo: 'extrato-demo.ofx',
      conteudo: extratoDemoOfx(mes, 0).toString('base64'),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().linhasNovas).toBe(EXTRATO_DEMO_LINHAS.length - 1);
    const linhas = (await api('GET', `${BASE}/linhas?contaId=${conta?.id}`)).json() as Array<{
      valor: number;
      memo: string;
      candidatos: Array<{ valorIgual: boolean }>;
    }>;
    const semPar = linhas.filter((linha) => !linha.candidatos[0]?.valorIgual).map((linha) => linha.memo);
    expect(semPar).toEqual(['TARIFA PIX', 'TARIFA PIX']);
  });
});
