import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';
import { cell, harnessApi } from './support/documentPage.ts';

/**
 * Stock through the browser (issue 14): a user posts an entrada, a transfer between depósitos and a
 * balanço with the generic document forms, sees the balances and the custo médio change on the product
 * form (its "Saldos por depósito" related list), cancels the transfer and sees them restored.
 */
let harness: BrowserHarness;
let token: string;
type Body = Record<string, unknown>;
let produto: Body;

const api = harnessApi(
  () => harness,
  () => token,
);

/** Now in São Paulo as a datetime-local input takes it (the browser runs in that time zone). */
const agora = () =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date())
    .replace(' ', 'T');

async function pick(combobox: Locator, page: Page, search: string, name: string) {
  await combobox.click();
  await combobox.fill(search);
  await page.getByRole('option', { name, exact: true }).click();
}

/** Saves the document form, then takes its Efetivar transition (confirmed). */
async function salvarEfetivar(page: Page) {
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page
    .getByLabel('Situação: Rascunho')
    .waitFor()
    .catch(async (error: unknown) => {
      await harness.screenshot(page, 'produto-saldos-falha-ao-salvar');
      throw error;
    });
  await page.getByRole('button', { name: 'Efetivar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Efetivar' }).click();
  // The chip, not the toast: a toast of the previous step may still be on screen.
  await page.getByLabel(/^Situação: Efetivad[ao]$/).waitFor();
}

/** A stock document (Entrada or Balanço) of one item typed in the form. */
async function lancamento(page: Page, tipo: string, deposito: string, quantidade: string, custo?: string) {
  await page.goto(harness.url('pages/estoque/acerto-estoque/cadastrar'));
  await page.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: tipo }).click();
  await page.getByLabel('Data').fill(agora());
  await pick(page.getByRole('combobox', { name: 'Depósito' }), page, deposito, deposito);
  await page.getByLabel('Motivo').fill(tipo === 'Balanço' ? 'Contagem do depósito' : 'Compra sem nota');
  await page.getByRole('button', { name: 'Adicionar item' }).click();
  await pick(cell(page, 'Produto', 1).getByRole('combobox'), page, 'Chá mate', 'Chá mate 100 g');
  await cell(page, 'Quantidade', 1).getByRole('textbox').fill(quantidade);
  const custoUnitario = cell(page, 'Custo unitário', 1).getByRole('textbox');
  // Choosing the product fills the cost from its registration (R$ 15,00); a balanço leaves it empty (average).
  await expect.poll(() => custoUnitario.inputValue()).toContain('15,00');
  await custoUnitario.fill(custo ?? '');
  await salvarEfetivar(page);
}

/** The product form's balances, row by row: the cells' texts. */
async function saldos(page: Page): Promise<string[][]> {
  await page.goto(harness.url(`pages/estoque/produtos/editar/${produto.id}`));
  await page.getByRole('tab', { name: 'Estoque' }).click();
  const table = page.getByRole('table', { name: 'Saldos por depósito' });
  await table.waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '')),
    );
}

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await apiLogin(harness.server.app, 'demo@erp.local');
  produto = (await api('POST', '/api/Produtos', {
    descricao: 'Chá mate 100 g',
    codigo: 'MATE100',
    unidade: 'UN',
    custo: 15,
  })) as Body;
  // The demo company's depósitos when seeded, otherwise created here.
  const deposito = async (descricao: string) => {
    const [found] = (await api(
      'GET',
      `/api/Depositos?filter=${encodeURIComponent(JSON.stringify({ where: { descricao } }))}`,
    )) as Body[];
    return found ?? ((await api('POST', '/api/Depositos', { descricao })) as Body);
  };
  const loja = await deposito('Loja');
  await deposito('Depósito central');
  // Opening balance, posted through the document and its service: 10 UN at R$ 10,00 yesterday.
  const abertura = (await api('POST', '/api/DocumentosEstoque', {
    tipo: 'E',
    data: new Date(Date.now() - 86_400_000).toISOString(),
    depositoId: loja?.id,
    motivo: 'Saldo inicial',
    itens: [{ numeroItem: 1, produtoId: produto.id, quantidade: 10, custoUnitario: 10 }],
  })) as Body;
  await api('POST', `/api/DocumentosEstoque/${abertura.id}/efetivar`, {});
});
afterAll(async () => harness?.close());

describe('stock balances on the product form', () => {
  it('entrada, transfer and balanço change the balances and the custo médio; the transfer estorno restores them', async () => {
    const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
    await harness.login(page, 'demo@erp.local');
    // Columns: Depósito, Lote, Físico, Reservado, Disponível, A receber, Custo médio, Valor.
    expect(await saldos(page)).toEqual([['Loja', '—', '10', '0', '10', '0', 'R$ 10,00', 'R$ 100,00']]);

    // Entrada of 10 at R$ 15,00: (100 + 150) / 20 = 12,50.
    await lancamento(page, 'Entrada', 'Loja', '10', '15,00');
    expect(await saldos(page)).toEqual([['Loja', '—', '20', '0', '20', '0', 'R$ 12,50', 'R$ 250,00']]);

    // Transfer of 5 from Loja to Depósito central: leaves at the average, value conserved.
    await page.goto(harness.url('pages/estoque/transferencia-estoque/cadastrar'));
    await pick(page.getByRole('combobox', { name: 'Produto' }), page, 'Chá mate', 'Chá mate 100 g');
    await page.getByLabel('Quantidade').fill('5');
    await pick(page.getByRole('combobox', { name: 'Depósito de origem' }), page, 'Loja', 'Loja');
    await pick(
      page.getByRole('combobox', { name: 'Depósito de destino' }),
      page,
      'central',
      'Depósito central',
    );
    await page.getByLabel('Data').fill(agora());
    await salvarEfetivar(page);
    const transferencia = page.url().match(/editar\/(\d+)/)?.[1];
    expect(transferencia).toBeDefined();
    const depoisTransferencia = await saldos(page);
    expect(depoisTransferencia).toEqual([
      ['Loja', '—', '15', '0', '15', '0', 'R$ 12,50', 'R$ 187,50'],
      ['Depósito central', '—', '5', '0', '5', '0', 'R$ 12,50', 'R$ 62,50'],
    ]);

    // Balanço of the Depósito central: 6 counted (one more than the system had), at the average.
    await lancamento(page, 'Balanço', 'Depósito central', '6');
    const depoisBalanco = await saldos(page);
    expect(depoisBalanco).toEqual([
      ['Loja', '—', '15', '0', '15', '0', 'R$ 12,50', 'R$ 187,50'],
      ['Depósito central', '—', '6', '0', '6', '0', 'R$ 12,50', 'R$ 75,00'],
    ]);
    await page.getByRole('table', { name: 'Saldos por depósito' }).scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'produto-saldos-depois-balanco');

    // Estorno of the transfer: the 5 go back to Loja at the value that left it.
    await page.goto(harness.url(`pages/estoque/transferencia-estoque/editar/${transferencia}`));
    await page.getByRole('button', { name: 'Estornar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Estornar' }).click();
    await page.getByLabel('Situação: Estornada').waitFor();
    expect(await saldos(page)).toEqual([
      ['Loja', '—', '20', '0', '20', '0', 'R$ 12,50', 'R$ 250,00'],
      ['Depósito central', '—', '1', '0', '1', '0', 'R$ 12,50', 'R$ 12,50'],
    ]);
    const footer = await page
      .getByRole('table', { name: 'Saldos por depósito' })
      .locator('tfoot td')
      .allTextContents();
    expect(footer).toEqual(['Total', '', '21', '0', '21', '0', '', 'R$ 262,50']);
    await harness.screenshot(page, 'produto-saldos-depois-estorno');
    expect(errors).toEqual([]);
  }, 240_000);

  it('the Saldos de estoque list filters by product and depósito (searching their records) and by quantity', async () => {
    const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/estoque/saldos'));
    const rows = page.locator('.ag-cell[col-id="produtoId"]');
    await rows
      .first()
      .waitFor()
      .catch(async (error: unknown) => {
        await harness.screenshot(page, 'saldos-estoque-falha');
        throw error;
      });
    const produtos = () => page.locator('.ag-cell[col-id="produtoId"]').allTextContents();
    const filtrar = async (coluna: string, busca: string, opcao: string) => {
      await page.locator(`.ag-header-cell[col-id="${coluna}"] .ag-header-cell-filter-button`).click();
      const campo = page.getByRole('combobox', { name: 'Filtrar por' });
      await campo.fill(busca);
      await page.getByRole('option', { name: opcao, exact: true }).waitFor();
      await harness.screenshot(page, `saldos-estoque-filtro-${coluna}`);
      await page.getByRole('option', { name: opcao, exact: true }).click();
      await page.keyboard.press('Escape');
    };
    await filtrar('produtoId', 'mate', 'Chá mate 100 g');
    // Both depósitos' rows of the product, and nothing else; polled as one value because the grid
    // may paint the filtered block before its second row arrives.
    await expect.poll(produtos).toEqual(['Chá mate 100 g', 'Chá mate 100 g']);
    await filtrar('depositoId', 'central', 'Depósito central');
    await expect.poll(() => rows.count()).toBe(1);
    await expect
      .poll(() => page.locator('.ag-cell[col-id="depositoId"]').allTextContents())
      .toEqual(['Depósito central']);
    await harness.screenshot(page, 'saldos-estoque-filtrados');
    // The quantity filter (Disponível ≥ 2) leaves out the Depósito central's 1 UN.
    await page.locator('.ag-header-cell[col-id="disponivel"] .ag-header-cell-filter-button').click();
    await page.getByLabel('Valor do Filtro').first().fill('2');
    await expect.poll(() => rows.count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);
});
