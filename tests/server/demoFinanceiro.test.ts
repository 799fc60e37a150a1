import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hojeBrasilia } from '../../runtime/core/hojeBrasilia.ts';
import { seedDemoComercial } from '../../runtime/server/db/seed/seedDemoComercial.ts';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { seedDemoFinanceiro } from '../../runtime/server/db/seed/seedDemoFinanceiro.ts';
import { seedDemoFiscal } from '../../runtime/server/db/seed/seedDemoFiscal.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * The demo finance of the first `npm start` (seedDemoFinanceiro, after the stock, fiscal and trade seeds):
 * posted through the services once, the ledgers balanced, and a coherent story on the dashboard, the DRE
 * and the extrato — money in the accounts, titles overdue and partial, transfers out of the DRE.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;
const hoje = hojeBrasilia();
const ok = async (url: string) => {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost', authorization: token },
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as Body;
};

beforeAll(async () => {
  server = await createTestServer();
  const { files } = await readSchemaFiles();
  await seedDemoEstoque(server.db, files);
  await seedDemoFiscal(server.db, files);
  await seedDemoComercial(server.db, files);
  expect(await seedDemoFinanceiro(server.db, files)).toBe(true);
  token = await login(server.app, 'demo@erp.local');
}, 600_000);
afterAll(async () => server?.close());

describe('demo finance', () => {
  it('is posted once, through the services, with the ledgers balanced', async () => {
    const { files } = await readSchemaFiles();
    expect(await seedDemoFinanceiro(server.db, files)).toBe(false);
    // Stock and (once the ledger helper adds them) finance balances recomputed from the ledgers.
    expect((await checkLedgers(server.db)).diferencas).toEqual([]);
  });

  it('tells a coherent story on the dashboard', async () => {
    const saldo = await ok('/api/Dashboard/saldo-contas');
    const contas = saldo.contas as Array<{ descricao: string; saldo: number }>;
    expect(contas.map((conta) => conta.descricao)).toEqual(
      expect.arrayContaining(['Banco do Brasil — conta movimento', 'Itaú — aplicação']),
    );
    for (const conta of contas) expect(conta.saldo, conta.descricao).toBeGreaterThan(0);
    const pagar = await ok('/api/Dashboard/contas-pagar');
    expect(Number(pagar.vencido)).toBeGreaterThan(0);
    const receber = await ok('/api/Dashboard/contas-receber');
    expect(Number(receber.vencido)).toBeGreaterThan(0);
    const fluxo = await ok('/api/Dashboard/fluxo-projetado');
    expect((fluxo.pontos as Body[]).map((ponto) => ponto.rotulo)).toHaveLength(4);
  });

  it('has partial, late and discounted baixas, avulsos, transfers and the rent series', async () => {
    const count = (sql: string) =>
      server.db
        .withSystem((tx) => tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`))
        .then((row) => row.n);
    expect(await count(`lancamento WHERE situacao = 2`)).toBeGreaterThan(0);
    expect(await count(`baixa WHERE juros > 0 AND multa > 0`)).toBeGreaterThan(0);
    expect(await count(`baixa WHERE desconto > 0`)).toBeGreaterThan(0);
    expect(await count(`movimento_financeiro WHERE origem_tipo = 'avulso'`)).toBeGreaterThan(5);
    expect(await count(`movimento_financeiro WHERE origem_tipo = 'transferencia'`)).toBeGreaterThanOrEqual(4);
    expect(await count(`lancamento_recorrente WHERE descricao = 'Aluguel da loja'`)).toBe(1);
  });

  it('keeps transfers out of the DRE: by caixa it equals the movements without them', async () => {
    const de = `${Number(hoje.slice(0, 4)) - 1}${hoje.slice(4, 8)}01`;
    const dre = await ok(`/api/RelatoriosFinanceiros/dre?regime=caixa&de=${de}&ate=${hoje}`);
    const soma = await server.db.withSystem((tx) =>
      tx.one<{ v: string }>(
        `SELECT COALESCE(sum(m.valor), 0) AS v FROM movimento_financeiro m JOIN usuario u ON u.email = 'demo@erp.local'
          WHERE m.filial_id = u.filial_selecionada_id AND m.origem_tipo <> 'transferencia' AND m.data BETWEEN $1 AND $2`,
        [de, hoje],
      ),
    );
    expect((dre.resultado as Body).valor).toBe(Number(soma.v));
    const grupos = (dre.linhas as Body[])
      .filter((linha) => linha.nivel === 'grupo')
      .map((linha) => linha.descricao);
    expect(grupos).toEqual(
      expect.arrayContaining([
        'Receita bruta',
        'Despesas operacionais',
        'Receitas financeiras',
        'Despesas financeiras',
      ]),
    );
  });
});
