import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Financeiro › Extrato bancário in the browser: account, period, movements, balances. */
let harness: BrowserHarness;
let token: string;

async function create(resource: string, payload: Record<string, unknown>): Promise<number> {
  const response = await harness.server.app.inject({
    method: 'POST',
    url: `/api/${resource}`,
    headers: { host: 'localhost', authorization: token },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

/** POST /api/Lancamentos/baixar: the baixa and its movement on the account. */
async function baixar(payload: Record<string, unknown>) {
  const response = await harness.server.app.inject({
    method: 'POST',
    url: '/api/Lancamentos/baixar',
    headers: { host: 'localhost', authorization: token },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await login(harness.server.app, 'demo@erp.local');
  const contaId = await create('Contas', {
    descricao: 'Itaú movimento',
    tipoConta: 1,
    saldoInicial: 250,
    dataSaldoInicial: '2026-01-01',
  });
  const receita = await create('Receitas', {
    descricao: 'Venda balcão',
    contaId,
    valor: 1234.5,
    dataVencimento: '2026-03-05',
  });
  await baixar({ data: '2026-03-05', contaId, itens: [{ lancamentoId: receita, principal: 1234.5 }] });
  const despesa = await create('Despesas', {
    descricao: 'Energia elétrica',
    contaId,
    valor: 300,
    dataVencimento: '2026-03-10',
  });
  await baixar({ data: '2026-03-10', contaId, itens: [{ lancamentoId: despesa, principal: 300 }] });
});
afterAll(async () => harness?.close());

describe('extrato bancário screen', () => {
  it('shows the movements of the chosen account and period with the running balance', async () => {
    const { page, errors } = await harness.newPage();
    page.setDefaultTimeout(20_000);
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/financeiro/extrato-bancario'));
    await page.getByRole('heading', { name: 'Extrato bancário', level: 1 }).waitFor();
    await page.getByLabel('Conta').click();
    await page.getByRole('option', { name: 'Itaú movimento' }).click();
    await page.getByLabel(/^De\b/).fill('2026-03-01');
    await page.getByLabel(/^Até/).fill('2026-03-31');
    await page.getByRole('button', { name: 'Consultar' }).click();
    const table = page.getByRole('table', { name: 'Movimentos da conta' });
    await table.getByText('Energia elétrica').waitFor();
    const rows = await table.locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      '01/03/2026 Saldo anterior R$ 250,00',
      '05/03/2026 Venda balcão Recebimento R$ 1.234,50 R$ 1.484,50',
      '10/03/2026 Energia elétrica Pagamento -R$ 300,00 R$ 1.184,50',
    ]);
    await page
      .getByRole('heading', { level: 2, name: 'Itaú movimento — de 01/03/2026 a 31/03/2026' })
      .waitFor();
    await page.getByText('Saldo final').waitFor();
    expect(await page.getByText('R$ 1.184,50').count()).toBeGreaterThanOrEqual(2);
    await harness.screenshot(page, 'extrato-bancario');
    expect(errors).toEqual([]);
  }, 90_000);
});
