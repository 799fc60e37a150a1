import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';
import { cell, harnessApi } from './support/documentPage.ts';

/** The items table of a form (child collection pedidoVenda.itens) as a person uses it. */
let harness: BrowserHarness;
let token: string;
const produtos: Record<string, number> = {};

type Body = Record<string, unknown>;
const api = harnessApi(
  () => harness,
  () => token,
);

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await apiLogin(harness.server.app, 'demo@erp.local');
  await api('POST', '/api/Clientes', { nome: 'Mercearia Boa Vista' });
  for (const [descricao, precoVenda, unidade] of [
    ['Parafuso sextavado', 10.5, 'CX'],
    ['Porca borboleta', 2, 'UN'],
    ['Arruela lisa', 0.35, 'PC'],
  ] as const)
    produtos[descricao] = (await api('POST', '/api/Produtos', { descricao, precoVenda, unidade }))
      .id as number;
});
afterAll(async () => harness?.close());

async function pickProduct(page: Page, item: number, search: string, name: string) {
  const input = cell(page, 'Produto', item).getByRole('combobox');
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name }).click();
  await expect.poll(() => cell(page, 'Descrição', item).getByRole('textbox').inputValue()).toBe(name);
}

const total = (page: Page) => page.getByLabel('Total de Valor total').textContent();
const CASE_TIMEOUT_MS = 180_000;

describe('items table of the pedido de venda form', () => {
  it(
    'adds items picking products, totals them, saves, reopens, edits, removes and shows a server error on its cell',
    async () => {
      const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
      await harness.login(page, 'demo@erp.local');
      await page.goto(harness.url('pages/vendas/pedido-vendas/cadastrar'));
      await page.getByRole('heading', { name: /Pedido de venda/ }).waitFor();
      // The número is given by the server (gap-free document numbering).
      await page.getByLabel('Data de emissão').fill('2025-03-10');
      const cliente = page.getByRole('combobox', { name: 'Cliente' });
      await cliente.click();
      await cliente.fill('Boa');
      await page.getByRole('option', { name: 'Mercearia Boa Vista' }).click();

      const itens = page.getByRole('region', { name: 'Itens' });
      await itens.getByText('Nenhum item.').waitFor();
      await page.getByRole('button', { name: 'Adicionar item' }).click();
      await pickProduct(page, 1, 'Paraf', 'Parafuso sextavado');
      expect(await cell(page, 'Unidade', 1).getByRole('textbox').inputValue()).toBe('CX');
      expect(await cell(page, 'Valor unitário', 1).getByRole('textbox').inputValue()).toBe('10,5');
      await cell(page, 'Quantidade', 1).getByRole('textbox').fill('2');
      await page.getByRole('button', { name: 'Adicionar item' }).click();
      await pickProduct(page, 2, 'borbo', 'Porca borboleta');
      await cell(page, 'Quantidade', 2).getByRole('textbox').fill('3,5');
      await expect.poll(() => cell(page, 'Valor total', 2).getByRole('textbox').inputValue()).toBe('R$ 7,00');
      expect(await cell(page, 'Valor total', 1).getByRole('textbox').inputValue()).toBe('R$ 21,00');
      await expect.poll(() => total(page)).toBe('R$ 28,00');
      await harness.screenshot(page, 'child-collections-new');

      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Registro salvo com sucesso.').waitFor();
      // A new document stays open on its edit page (its transitions are offered there).
      await page.waitForURL(/#\/pages\/vendas\/pedido-vendas\/editar\/\d+$/);
      const [saved] = (await api(
        'GET',
        `/api/PedidosVenda?filter=${encodeURIComponent(JSON.stringify({ where: { dataEmissao: '2025-03-10' }, order: 'id DESC', limit: 1, include: ['itens'] }))}`,
      )) as unknown as Body[];
      const savedItems = saved?.itens as Body[];
      expect(
        savedItems.map((row) => [row.numeroItem, row.produtoId, row.quantidade, row.valorTotal]),
      ).toEqual([
        [1, produtos['Parafuso sextavado'], 2, 21],
        [2, produtos['Porca borboleta'], 3.5, 7],
      ]);

      // Reopen: the items come with the record; edit one quantity, remove the other.
      await page.goto(harness.url(`pages/vendas/pedido-vendas/editar/${saved?.id}`));
      await expect
        .poll(() => cell(page, 'Descrição', 2).getByRole('textbox').inputValue())
        .toBe('Porca borboleta');
      await cell(page, 'Quantidade', 1).getByRole('textbox').fill('4');
      await expect.poll(() => total(page)).toBe('R$ 49,00');
      // An item edit is an unsaved change: leaving asks first.
      await page.getByRole('button', { name: 'Cancelar', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Existem alterações não salvas. Deseja sair sem salvar?').waitFor();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await cell(page, 'Quantidade', 1).getByRole('textbox').inputValue()).toBe('4');
      await page.getByRole('button', { name: 'Remover item 2' }).click();
      await expect.poll(() => total(page)).toBe('R$ 42,00');

      // A product deleted meanwhile: the server refuses, and says so under that item's Produto.
      await page.getByRole('button', { name: 'Adicionar item' }).click();
      await pickProduct(page, 2, 'Arruela', 'Arruela lisa');
      await cell(page, 'Quantidade', 2).getByRole('textbox').fill('10');
      await api('DELETE', `/api/Produtos/${produtos['Arruela lisa']}`);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await cell(page, 'Produto', 2)
        .getByText(/não encontrado/)
        .waitFor();
      expect(
        await cell(page, 'Produto', 1)
          .getByText(/não encontrado/)
          .count(),
      ).toBe(0);
      await harness.screenshot(page, 'child-collections-server-error');

      await page.getByRole('button', { name: 'Remover item 2' }).click();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Registro salvo com sucesso.').waitFor();
      await page.waitForURL(/#\/pages\/vendas\/pedido-vendas$/);
      const after = await api(
        'GET',
        `/api/PedidosVenda/${saved?.id}?filter=${encodeURIComponent(JSON.stringify({ include: ['itens'] }))}`,
      );
      expect((after.itens as Body[]).map((row) => [row.numeroItem, row.quantidade, row.valorTotal])).toEqual([
        [1, 4, 42],
      ]);
      expect((after.itens as Body[])[0]?.id).toBe(savedItems[0]?.id);
      const unexpected = errors.filter((error) => !error.includes('status of 400'));
      expect(unexpected).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "keeps a cliente's contatos comerciais in its own tab",
    async () => {
      const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
      await harness.login(page, 'demo@erp.local');
      await page.goto(harness.url('pages/vendas/clientes/cadastrar'));
      await page.getByRole('heading', { name: 'Cliente — Novo' }).waitFor();
      await page.getByLabel('Nome / Razão social').fill('Atacado Contatos Ltda');
      await page.getByRole('tab', { name: 'Contatos' }).click();
      await page.getByRole('button', { name: 'Adicionar item' }).click();
      await cell(page, 'Nome', 1).getByRole('textbox').fill('Joana Compras');
      await cell(page, 'Cargo', 1).getByRole('textbox').fill('Compradora');
      await harness.screenshot(page, 'child-collections-contatos');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Registro salvo com sucesso.').waitFor();
      const [cliente] = (await api(
        'GET',
        `/api/Clientes?filter=${encodeURIComponent(JSON.stringify({ where: { nome: 'Atacado Contatos Ltda' }, include: ['contatos'] }))}`,
      )) as unknown as Body[];
      expect((cliente?.contatos as Body[] | undefined)?.map((row) => [row.nome, row.cargo])).toEqual([
        ['Joana Compras', 'Compradora'],
      ]);
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});
