import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hojeBrasilia } from '../../runtime/core/hojeBrasilia.ts';
import { login } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/**
 * Finance in the browser (issue 16): a parcela paid partially through Receitas › Baixar títulos becomes
 * "Pago parcialmente", the extrato gains its line with the running balance; the estorno from the Baixas
 * list puts the title back "Em aberto" and the extrato shows the reversing line. One server and browser.
 */
let harness: BrowserHarness;
let token: string;

async function api(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const response = await harness.server.app.inject({
    method,
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The estorno's date: the Brasília day, whatever the machine's time zone. */
const hoje = () => hojeBrasilia();
const br = (iso: string) => iso.split('-').reverse().join('/');
let receitaId: number;

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await login(harness.server.app, 'demo@erp.local');
  const conta = await api('POST', '/api/Contas', {
    descricao: 'Banco do teste',
    tipoConta: 1,
    saldoInicial: 500,
    dataSaldoInicial: '2026-01-01',
  });
  receitaId = (
    await api('POST', '/api/Receitas', {
      descricao: 'Mensalidade de março',
      contaId: conta.id,
      valor: 100,
      parcela: 1,
      totalParcelas: 2,
      dataVencimento: '2026-03-10',
    })
  ).id;
}, 180_000);
afterAll(async () => harness?.close());

/** "R$ 7.880,56" → 788056 (cents). */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

describe('baixa parcial e estorno', () => {
  it('pays a parcela partially, sees it parcial, in the dashboard and in the extrato, then reverses it', async () => {
    const { page, errors } = await harness.newPage();
    page.setDefaultTimeout(20_000);
    await harness.login(page, 'demo@erp.local');
    /** The dashboard's "A receber" card (valor aberto of the open receitas), in cents. */
    const aReceber = async () => {
      await page.goto(harness.url('pages/dashboard'));
      const value = page.locator('[data-card="receberAberto"] [data-value]');
      await value.waitFor();
      return cents(await value.innerText());
    };
    const antes = await aReceber();

    // Receitas › Baixar títulos: select the parcela, 40 principal + 2 juros into the bank account.
    await page.goto(harness.url('pages/financeiro/lancamentos/lista/receitas'));
    await page
      .getByRole('button', { name: 'Baixar títulos' })
      .or(page.getByRole('link', { name: 'Baixar títulos' }))
      .first()
      .click();
    await page.getByRole('heading', { name: 'Baixar receitas', level: 1 }).waitFor();
    await page.getByLabel('Selecionar Mensalidade de março').check();
    await page.getByRole('button', { name: 'Baixar (1)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Data').fill('2026-03-12');
    await dialog.getByLabel('Conta').click();
    await page.getByRole('option', { name: 'Banco do teste' }).click();
    await dialog.getByLabel('principal de Mensalidade de março').fill('101');
    await dialog
      .getByText('O valor da baixa (R$ 101,00) é maior que o valor em aberto (R$ 100,00)')
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Confirmar baixa' }).isDisabled()).toBe(true);
    await dialog.getByLabel('principal de Mensalidade de março').fill('40');
    await dialog.getByLabel('juros de Mensalidade de março').fill('2');
    await dialog.getByText('Total movimentado na conta: R$ 42,00').waitFor();
    await harness.screenshot(page, 'financeiro-baixar-dialogo');
    await dialog.getByRole('button', { name: 'Confirmar baixa' }).click();
    await page.getByText('1 baixa(s) registrada(s): R$ 42,00.').waitFor();
    const linha = page.getByRole('row', { name: /Mensalidade de março/ });
    await expect.poll(() => linha.innerText()).toContain('Pago parcialmente');
    expect((await linha.innerText()).replace(/\s+/g, ' ')).toContain('R$ 100,00 R$ 40,00 R$ 60,00');
    await harness.screenshot(page, 'financeiro-baixar-titulos');

    // The dashboard's a receber drops by the principal (juros are no part of the open value).
    expect(await aReceber()).toBe(antes - 4000);
    await harness.screenshot(page, 'financeiro-dashboard-baixa');

    // The list shows the title pago parcialmente with 60 still open.
    await page.goto(harness.url('pages/financeiro/lancamentos/lista/receitas'));
    const receita = page.getByRole('row', { name: /Mensalidade de março/ });
    await expect.poll(() => receita.innerText()).toContain('Pago parcialmente');
    expect(await receita.innerText()).toContain('R$ 60,00');

    // The extrato gains the line with the running balance.
    const extrato = async () => {
      await page.goto(harness.url('pages/financeiro/extrato-bancario'));
      await page.getByRole('heading', { name: 'Extrato bancário', level: 1 }).waitFor();
      await page.getByLabel('Conta').click();
      await page.getByRole('option', { name: 'Banco do teste' }).click();
      await page.getByLabel(/^De\b/).fill('2026-03-01');
      await page.getByLabel(/^Até/).fill(hoje());
      await page.getByRole('button', { name: 'Consultar' }).click();
      const table = page.getByRole('table', { name: 'Movimentos da conta' });
      await table.getByText('Mensalidade de março').first().waitFor();
      return (await table.locator('tbody tr').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());
    };
    expect(await extrato()).toEqual([
      '01/03/2026 Saldo anterior R$ 500,00',
      '12/03/2026 Mensalidade de março Recebimento R$ 42,00 R$ 542,00',
    ]);
    await harness.screenshot(page, 'financeiro-extrato-baixa');

    // Baixas › Estornar: the title is open again and the extrato shows the reversing line (dated today).
    await page.goto(harness.url('pages/financeiro/lancamentos/lista/baixas'));
    const baixa = page.getByRole('row', { name: /Mensalidade de março/ });
    await baixa.getByRole('button', { name: 'Estornar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Estornar' }).click();
    await page.getByText('Baixa estornada: o valor voltou a ficar em aberto.').waitFor();
    expect(await api('GET', `/api/Receitas/${receitaId}`)).toMatchObject({
      situacao: 0,
      valorPago: 0,
      valorAberto: 100,
    });
    expect(await aReceber()).toBe(antes);
    await page.goto(harness.url('pages/financeiro/lancamentos/lista/receitas'));
    await expect
      .poll(() => page.getByRole('row', { name: /Mensalidade de março/ }).innerText())
      .toContain('Em aberto');
    expect(await extrato()).toEqual([
      '01/03/2026 Saldo anterior R$ 500,00',
      '12/03/2026 Mensalidade de março Recebimento R$ 42,00 R$ 542,00',
      `${br(hoje())} Estorno: Mensalidade de março Estorno -R$ 42,00 R$ 500,00`,
    ]);
    await harness.screenshot(page, 'financeiro-extrato-estorno');

    // The title's form: valor pago and em aberto read-only, Cancelar offered again, the rateio table.
    await page.goto(harness.url(`pages/financeiro/lancamentos/lista/receitas/editar/${receitaId}`));
    await page.getByRole('button', { name: 'Cancelar lançamento' }).waitFor();
    // The Lançamentos tab lists the title's movements: the baixa and its estorno.
    const movimentos = page.getByRole('table', { name: 'Lançamentos' });
    await movimentos.getByText('Estorno', { exact: true }).waitFor();
    expect(
      (await movimentos.locator('tbody tr').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim()),
    ).toEqual([
      '12/03/2026 Banco do teste Mensalidade de março R$ 42,00 Baixa',
      `${br(hoje())} Banco do teste Estorno: Mensalidade de março -R$ 42,00 Estorno`,
    ]);
    await harness.screenshot(page, 'financeiro-receita-form');
    await page.getByRole('tab', { name: /Classifica/ }).click();
    await page.getByText('Rateio por centro de custo').first().waitFor();
    await harness.screenshot(page, 'financeiro-receita-rateio');
    expect(errors).toEqual([]);
  }, 180_000);
});
