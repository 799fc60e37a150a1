import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMeses } from '../../runtime/core/financeiro/periodos.ts';
import { formatBRL } from '../../runtime/core/formatMoney.ts';
import { hojeBrasilia } from '../../runtime/core/hojeBrasilia.ts';
import { seedDemoComercial } from '../../runtime/server/db/seed/seedDemoComercial.ts';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { seedDemoFinanceiro } from '../../runtime/server/db/seed/seedDemoFinanceiro.ts';
import { seedDemoFiscal } from '../../runtime/server/db/seed/seedDemoFiscal.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { login } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/**
 * The finance reports and the dashboard over the demo data of the first `npm start` (stock, fiscal, six
 * months of trade and of finance, all through the services): the dashboard's finance cards and chart, the
 * DRE screen by caixa with its juros and descontos lines, its PDF export through the report queue, and the
 * projected fluxo de caixa with the overdue titles apart. Screenshots of each.
 */
vi.setConfig({ testTimeout: 120_000 });

let harness: BrowserHarness;
let token: string;
type Body = Record<string, unknown>;
const hoje = hojeBrasilia();
const seisMeses = addMeses(`${hoje.slice(0, 8)}01`, -5);

async function ok(method: string, url: string, payload?: unknown): Promise<Body> {
  const response = await harness.server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

beforeAll(async () => {
  harness = await startBrowserHarness({ jobs: {} });
  const { files } = await readSchemaFiles();
  const { db } = harness.server;
  await seedDemoEstoque(db, files);
  await seedDemoFiscal(db, files);
  await seedDemoComercial(db, files);
  await seedDemoFinanceiro(db, files);
  token = await login(harness.server.app, 'demo@erp.local');
}, 600_000);
afterAll(async () => harness?.close());

const region = (page: import('playwright-core').Page, name: string) =>
  page.getByRole('region', { name, exact: true });

describe('finance over the demo data', () => {
  it('shows the dashboard’s finance cards and the projection chart', async () => {
    const saldo = await ok('GET', '/api/Dashboard/saldo-contas');
    const pagar = await ok('GET', '/api/Dashboard/contas-pagar');
    const { page, errors } = await harness.newPage({ width: 1280, height: 1100 });
    await harness.login(page, 'demo@erp.local');
    await expect.poll(() => page.locator('.MuiSkeleton-root').count(), { timeout: 15_000 }).toBe(0);
    expect(await region(page, 'Saldo em contas').locator('[data-value]').textContent()).toBe(
      formatBRL(Number(saldo.total)),
    );
    expect(await region(page, 'A pagar vencido').locator('[data-value]').textContent()).toBe(
      formatBRL(Number(pagar.vencido)),
    );
    await region(page, 'Fluxo de caixa projetado').locator('svg').first().waitFor();
    await region(page, 'Fluxo de caixa projetado')
      .getByText(/Vencidos à parte: a receber R\$/)
      .waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: 'test-results/screenshots/dashboard-demo.png', fullPage: true });
    expect(errors).toEqual([]);
  });

  it('generates the DRE by caixa with juros and descontos lines, and queues its PDF', async () => {
    const api = await ok(
      'GET',
      `/api/RelatoriosFinanceiros/dre?regime=caixa&de=${seisMeses}&ate=${hoje}&comparacao=anterior`,
    );
    const { page, errors } = await harness.newPage({ width: 1280, height: 1100 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/relatorios/financeiro/dre'));
    await page.getByRole('heading', { name: 'DRE — demonstração do resultado' }).waitFor();
    await page.getByLabel(/^Regime\b/).click();
    await page.getByRole('option', { name: 'Caixa (movimentos pela data)' }).click();
    await page.getByLabel(/^De\b/).fill(seisMeses);
    await page.getByLabel(/^Até/).fill(hoje);
    await page.getByRole('button', { name: 'Gerar DRE' }).click();
    const table = page.getByRole('table', { name: 'Linhas do DRE' });
    await table.getByRole('cell', { name: 'Resultado líquido' }).waitFor();
    for (const linha of ['Receita bruta', 'Despesas operacionais', 'Juros e multas', 'Descontos'])
      await table.getByRole('cell', { name: linha }).first().waitFor();
    const resultado = (api.resultado as Body).valor as number;
    await page.getByText(formatBRL(resultado)).first().waitFor();
    await page.screenshot({ path: 'test-results/screenshots/dre-caixa.png', fullPage: true });

    await page.getByRole('button', { name: 'Exportar PDF' }).click();
    await page.getByText('DRE em PDF na fila: acompanhe em Relatórios exportados.').waitFor();
    let record: Body = {};
    for (let i = 0; i < 240 && record.statusString !== 'Finalizado' && record.statusString !== 'Erro'; i++) {
      await page.waitForTimeout(250);
      record =
        (
          (await ok(
            'GET',
            '/api/Relatorios?filter={"where":{"evento":"relatorio-dre"},"order":"id DESC","limit":1}',
          )) as unknown as Body[]
        )[0] ?? {};
    }
    expect(record.statusString, JSON.stringify(record)).toBe('Finalizado');
    expect(errors).toEqual([]);
  });

  it('projects the fluxo de caixa by week with the overdue titles apart', async () => {
    const { page, errors } = await harness.newPage({ width: 1280, height: 1100 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/relatorios/financeiro/fluxo-caixa'));
    await page.getByRole('heading', { name: 'Fluxo de caixa' }).waitFor();
    await page.getByLabel(/^Fluxo\b/).click();
    await page.getByRole('option', { name: 'Projetado (títulos em aberto)' }).click();
    await page.getByLabel(/^Agrupamento\b/).click();
    await page.getByRole('option', { name: 'Por semana' }).click();
    await page.getByLabel(/^Até/).fill(addMeses(hoje, 2));
    await page.getByRole('button', { name: 'Gerar fluxo' }).click();
    await page.getByRole('table', { name: 'Períodos do fluxo de caixa' }).waitFor();
    await page.getByText('A receber vencido (à parte)').waitFor();
    await page.screenshot({ path: 'test-results/screenshots/fluxo-projetado.png', fullPage: true });
    expect(errors).toEqual([]);
  });
  it('shows the extrato of the bank account ending on the balance the dashboard shows', async () => {
    const contas = (await ok('GET', '/api/Dashboard/saldo-contas')).contas as Array<{
      descricao: string;
      saldo: number;
    }>;
    const bb = contas.find((conta) => conta.descricao === 'Banco do Brasil — conta movimento');
    expect(bb).toBeDefined();
    const { page, errors } = await harness.newPage({ width: 1280, height: 1100 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/financeiro/extrato-bancario'));
    await page.getByRole('heading', { name: 'Extrato bancário' }).waitFor();
    await page.getByLabel(/^Conta/).click();
    await page.getByRole('option', { name: 'Banco do Brasil — conta movimento' }).click();
    await page.getByLabel(/^De/).fill(seisMeses);
    await page.getByLabel(/^Até/).fill(hoje);
    await page.getByRole('button', { name: 'Consultar' }).click();
    const table = page.getByRole('table', { name: 'Movimentos da conta' });
    await table
      .getByRole('cell', { name: /^Suprimento do caixa da loja/ })
      .first()
      .waitFor();
    await table
      .getByRole('cell', { name: /^Salários e encargos/ })
      .first()
      .waitFor();
    await page
      .getByText(formatBRL(bb?.saldo ?? 0))
      .first()
      .waitFor();
    await page.screenshot({ path: 'test-results/screenshots/extrato-demo.png', fullPage: true });
    expect(errors).toEqual([]);
  });
});
