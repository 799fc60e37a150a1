import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDias } from '../../runtime/core/financeiro/periodos.ts';
import { formatBRL } from '../../runtime/core/formatMoney.ts';
import { hojeBrasilia } from '../../runtime/core/hojeBrasilia.ts';
import { addDemoUserWithProfile, login } from '../support/testServer.ts';
import { runAxe, seriousViolations } from './support/axe.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/**
 * The declared dashboard (schemas/screens/dashboard.screen.json) in the browser: the greeting, KPI cards
 * with the API's figures, the chart, a card's link opening the list filtered with a removable chip, cards
 * hidden by the profile's keys, axe, and screenshots at 1280 and 390 px.
 */
vi.setConfig({ testTimeout: 90_000 });

let harness: BrowserHarness;
let token: string;
type Body = Record<string, unknown>;

async function ok(method: string, url: string, payload?: unknown, auth = token): Promise<Body> {
  const response = await harness.server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

const hoje = hojeBrasilia();
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');
/** The first day (AAAA-MM-01) of the month `count` months before today's. */
function monthsBack(count: number): string {
  const [year, month] = hoje.split('-').map(Number) as [number, number];
  return `${new Date(Date.UTC(year, month - 1 - count, 1)).toISOString().slice(0, 10)}`;
}

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await login(harness.server.app, 'demo@erp.local');
  const deposito = await ok('POST', '/api/Depositos', { descricao: 'Loja painel' });
  const cliente = await ok('POST', '/api/Clientes', { nome: 'Cliente do painel' });
  const produto = await ok('POST', '/api/Produtos', {
    descricao: 'Café do painel',
    codigo: 'PAINEL1',
    precoVenda: 10,
  });
  const entrada = await ok('POST', '/api/DocumentosEstoque', {
    tipo: 'E',
    data: '2026-01-05T12:00:00Z',
    depositoId: deposito.id,
    motivo: 'Compra',
    itens: [{ numeroItem: 1, produtoId: produto.id, quantidade: 50, custoUnitario: 4 }],
  });
  await ok('POST', `/api/DocumentosEstoque/${entrada.id}/efetivar`, {});
  // 3 × 415,30 this month against 1 × 415,30 on the first day of the month before: +200,0%.
  for (const [dataEmissao, quantidade] of [
    [hoje, 3],
    [monthsBack(1), 1],
  ] as const) {
    const pedido = await ok('POST', '/api/PedidosVenda', {
      tipo: 0,
      clienteId: cliente.id,
      dataEmissao,
      depositoId: deposito.id,
      itens: [
        {
          numeroItem: 1,
          produtoId: produto.id,
          descricao: 'Café',
          unidade: 'UN',
          quantidade,
          valorUnitario: 415.3,
        },
      ],
    });
    await ok('POST', `/api/PedidosVenda/${pedido.id}/aprovar`, {});
  }
  const conta = await ok('POST', '/api/Contas', { descricao: 'Banco do painel' });
  await ok('POST', '/api/Receitas', {
    descricao: 'Duplicata atrasada',
    contaId: conta.id,
    valor: 321.09,
    dataVencimento: '2020-02-03',
  });
  await ok('POST', '/api/Receitas', {
    descricao: 'Duplicata futura',
    contaId: conta.id,
    valor: 99,
    dataVencimento: '2099-02-03',
  });
  await ok('POST', '/api/Produtos', { descricao: 'Açúcar em falta', codigo: 'PAINEL2', estoqueMinimo: 10 });
}, 180_000);
afterAll(async () => harness?.close());

const card = (page: import('playwright-core').Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });

describe('declared dashboard', () => {
  it('shows the greeting, each card with the API’s figure, the chart, and passes axe', async () => {
    const vendas = await ok('GET', '/api/Dashboard/vendas-mes');
    const receber = await ok('GET', '/api/Dashboard/contas-receber');
    const estoque = await ok('GET', '/api/Dashboard/estoque-minimo');
    expect(vendas).toMatchObject({ valor: 1245.9, anterior: 415.3 });
    const { page, errors } = await harness.newPage({ width: 1280, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await page.waitForURL(/#\/pages\/dashboard$/);
    await page.getByRole('heading', { level: 1, name: /^Olá, / }).waitFor();
    await page.getByText('Filial selecionada').waitFor();
    await expect.poll(() => page.locator('.MuiSkeleton-root').count(), { timeout: 15_000 }).toBe(0);
    expect(await card(page, 'Vendas do mês').locator('[data-value]').textContent()).toBe(
      formatBRL(Number(vendas.valor)),
    );
    expect(await card(page, 'Vendas do mês').textContent()).toContain(
      `Pedidos aprovados, faturados ou entregues: ${vendas.quantidade}`,
    );
    expect(await card(page, 'Ticket médio').locator('[data-value]').textContent()).toBe(
      formatBRL(Number(vendas.ticketMedio)),
    );
    const saldo = await ok('GET', '/api/Dashboard/saldo-contas');
    expect(await card(page, 'Saldo em contas').locator('[data-value]').textContent()).toBe(
      formatBRL(Number(saldo.total)),
    );
    await card(page, 'Fluxo de caixa projetado').locator('svg').first().waitFor();
    expect(vendas.variacao).toBe(200);
    expect(await card(page, 'Vendas do mês').locator('[data-comparison]').textContent()).toBe(
      '+200,0% vs. mês anterior',
    );
    expect(await card(page, 'A receber vencido').locator('[data-value]').textContent()).toBe(
      formatBRL(Number(receber.vencido)),
    );
    expect(await card(page, 'A receber').locator('[data-value]').textContent()).toBe(
      formatBRL(Number(receber.aberto)),
    );
    expect(await card(page, 'Abaixo do estoque mínimo').locator('[data-value]').textContent()).toBe(
      String(estoque.quantidade),
    );
    await card(page, 'Vendas por dia').locator('svg').first().waitFor();
    const picker = page.getByLabel('Mês de referência');
    expect(await picker.inputValue()).toBe(hoje.slice(0, 7));
    expect((await picker.locator('option').allTextContents()).slice(0, 1)).toEqual([
      new Intl.DateTimeFormat('pt-BR', {
        month: 'long',
        year: 'numeric',
        timeZone: 'America/Sao_Paulo',
      }).format(new Date()),
    ]);
    await page.waitForTimeout(400);
    expect(seriousViolations(await runAxe(page))).toEqual([]);
    await harness.screenshot(page, 'dashboard-1280');
    expect(errors).toEqual([]);
  });

  it('changes the reference month: a month without sales shows zero and the empty chart text', async () => {
    const empty = monthsBack(2).slice(0, 7);
    expect((await ok('GET', `/api/Dashboard/vendas-mes?referencia=${empty}`)).valor).toBe(0);
    const { page } = await harness.newPage({ width: 1280, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await page.getByLabel('Mês de referência').selectOption(empty);
    await expect
      .poll(() => card(page, 'Vendas do mês').locator('[data-value]').textContent(), { timeout: 10_000 })
      .toBe('R$ 0,00');
    await card(page, 'Vendas por dia').getByText('Nenhuma venda aprovada neste mês.').waitFor();
  });

  it('a card’s link opens the list filtered, with a chip that removes the filter', async () => {
    const { page, errors } = await harness.newPage({ width: 1280, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await card(page, 'A receber vencido').getByRole('link', { name: 'Ver receitas vencidas' }).click();
    await page.waitForURL(/#\/pages\/financeiro\/lancamentos\/lista\/receitas\?where=/);
    const chip = page.locator('[data-link-filter]');
    await expect.poll(() => chip.textContent()).toBe(`Filtro: Receitas vencidas antes de ${ddmmyyyy(hoje)}`);
    await page.getByRole('gridcell', { name: 'Duplicata atrasada' }).waitFor();
    expect(await page.getByRole('gridcell', { name: 'Duplicata futura' }).count()).toBe(0);
    await harness.screenshot(page, 'dashboard-link-filter');
    await chip.locator('.MuiChip-deleteIcon').click();
    await page.waitForURL(/#\/pages\/financeiro\/lancamentos\/lista\/receitas$/);
    await page.getByRole('gridcell', { name: 'Duplicata futura' }).waitFor();
    expect(await chip.count()).toBe(0);

    await page.goto(harness.url('pages/dashboard'));
    await card(page, 'Abaixo do estoque mínimo').getByRole('link', { name: 'Ver produtos' }).click();
    await page.waitForURL(/#\/pages\/estoque\/produtos\?where=/);
    await page.getByRole('gridcell', { name: 'Açúcar em falta' }).waitFor();
    expect(await page.getByRole('gridcell', { name: 'Café do painel' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows only the cards the profile’s keys allow, and fits a phone', async () => {
    await addDemoUserWithProfile(harness.server, {
      email: 'so-receitas@erp.local',
      nome: 'Rita Receitas',
      perfil: 'Painel só receitas',
      permissoes: { DASHBOARD: 1, FINANCEIRO_RECEITAS: 1 },
    });
    const { page, errors } = await harness.newPage({ width: 390, height: 844 });
    await harness.login(page, 'so-receitas@erp.local');
    await card(page, 'A receber').locator('[data-value]').waitFor();
    expect(
      await page
        .locator('[data-card]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-card'))),
    ).toEqual(['receberAberto', 'receberVencido']);
    // The finance blocks of other keys are not shown, nor their operations called.
    expect(await page.getByRole('region', { name: 'Saldo em contas' }).count()).toBe(0);
    expect(await page.locator('[data-chart]').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await harness.screenshot(page, 'dashboard-390');

    const { page: phone } = await harness.newPage({ width: 390, height: 844 });
    await harness.login(phone, 'demo@erp.local');
    await card(phone, 'Vendas por dia').locator('svg').first().waitFor();
    await expect.poll(() => phone.locator('.MuiSkeleton-root').count(), { timeout: 15_000 }).toBe(0);
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: 'test-results/screenshots/dashboard-390-full.png', fullPage: true });
    expect(errors).toEqual([]);
  });
  it('refreshes the finance cards when a baixa posts, and the projection chart clicks through', async () => {
    const conta = await ok('POST', '/api/Contas', {
      descricao: 'Banco ao vivo',
      saldoInicial: 0,
      dataSaldoInicial: '2020-01-01',
    });
    const titulo = await ok('POST', '/api/Receitas', {
      descricao: 'Duplicata ao vivo',
      contaId: conta.id,
      valor: 500,
      dataVencimento: '2020-03-01',
    });
    await ok('POST', '/api/Receitas', {
      descricao: 'Duplicata do trimestre',
      contaId: conta.id,
      valor: 75,
      dataVencimento: addDias(hoje, 10),
    });
    const { page, errors } = await harness.newPage({ width: 1280, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await expect.poll(() => page.locator('.MuiSkeleton-root').count(), { timeout: 15_000 }).toBe(0);
    const vencido = Number((await ok('GET', '/api/Dashboard/contas-receber')).vencido);
    const saldo = Number((await ok('GET', '/api/Dashboard/saldo-contas')).total);
    expect(await card(page, 'A receber vencido').locator('[data-value]').textContent()).toBe(
      formatBRL(vencido),
    );
    // Another user posts a partial baixa: the page reads the cards again from the realtime event.
    await ok('POST', '/api/Lancamentos/baixar', {
      data: hoje,
      contaId: conta.id,
      itens: [{ lancamentoId: titulo.id, principal: 200 }],
    });
    await expect
      .poll(() => card(page, 'A receber vencido').locator('[data-value]').textContent(), { timeout: 10_000 })
      .toBe(formatBRL(vencido - 200));
    await expect
      .poll(() => card(page, 'Saldo em contas').locator('[data-value]').textContent(), { timeout: 10_000 })
      .toBe(formatBRL(saldo + 200));
    await card(page, 'Fluxo de caixa projetado')
      .getByRole('link', { name: /^Ver a receber até / })
      .click();
    await page.waitForURL(/#\/pages\/financeiro\/lancamentos\/lista\/receitas\?where=/);
    await page.getByRole('gridcell', { name: 'Duplicata do trimestre' }).waitFor();
    // Overdue and far-off titles are not in the 90 days.
    expect(await page.getByRole('gridcell', { name: 'Duplicata futura' }).count()).toBe(0);
    expect(await page.getByRole('gridcell', { name: 'Duplicata ao vivo' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
