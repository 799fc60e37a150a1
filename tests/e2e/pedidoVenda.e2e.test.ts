import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';
import { filter, harnessApi } from './support/documentPage.ts';

/** A sales order's lifecycle in the generic form: aprovar, faturar (stock and titles change), cancelar (restored). */
let harness: BrowserHarness;
let token: string;
type Body = Record<string, unknown>;

const api = harnessApi(
  () => harness,
  () => token,
);

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await apiLogin(harness.server.app, 'demo@erp.local');
});
afterAll(async () => harness?.close());

describe('pedido de venda form', () => {
  it('aprovar reserves, faturar moves the stock and creates the titles, cancelar restores both', async () => {
    const loja = (await api('POST', '/api/Depositos', { descricao: 'Loja e2e' })) as Body;
    const produto = (await api('POST', '/api/Produtos', {
      descricao: 'Chá mate 250 g',
      precoVenda: 20,
    })) as Body;
    const cliente = (await api('POST', '/api/Clientes', { nome: 'Empório Central' })) as Body;
    await api('POST', '/api/Contas', { descricao: 'Banco e2e' });
    const entrada = (await api('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-03-01T12:00:00Z',
      depositoId: loja.id,
      motivo: 'Compra',
      itens: [{ numeroItem: 1, produtoId: produto.id, quantidade: 10, custoUnitario: 8 }],
    })) as Body;
    await api('POST', `/api/DocumentosEstoque/${entrada.id}/efetivar`, {});
    const pedido = (await api('POST', '/api/PedidosVenda', {
      tipo: 0,
      clienteId: cliente.id,
      dataEmissao: '2026-03-10',
      depositoId: loja.id,
      condicaoPagamento: '30/60',
      itens: [
        {
          numeroItem: 1,
          produtoId: produto.id,
          descricao: 'Chá mate 250 g',
          unidade: 'UN',
          quantidade: 3,
          valorUnitario: 20,
        },
      ],
    })) as Body;
    const saldo = async () =>
      ((await api('GET', filter('/api/SaldosEstoque', { where: { produtoId: produto.id } }))) as Body[])[0];
    const titulos = async () =>
      (await api(
        'GET',
        filter('/api/Receitas', {
          where: { origemTipo: 'pedidoVenda', origemId: pedido.id },
          order: 'parcela ASC',
        }),
      )) as Body[];

    const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url(`pages/vendas/pedido-vendas/editar/${pedido.id}`));
    await page.getByLabel('Situação: Orçamento').waitFor();

    await page.getByRole('button', { name: 'Aprovar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aprovar' }).click();
    await page.getByLabel('Situação: Aprovado').waitFor();
    expect(await saldo()).toMatchObject({ fisico: 10, reservado: 3 });

    await page.getByRole('button', { name: 'Faturar' }).click();
    await page.getByText('Faturar o pedido? O estoque sairá').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Faturar' }).click();
    await page.getByLabel('Situação: Faturado').waitFor();
    expect(await saldo()).toMatchObject({ fisico: 7, reservado: 0 });
    expect((await titulos()).map((t) => [t.valor, t.situacao])).toEqual([
      [30, 0],
      [30, 0],
    ]);
    const lancamentos = page.getByRole('table', { name: 'Lançamentos' });
    await lancamentos.getByRole('cell', { name: 'Chá mate 250 g' }).waitFor();
    await harness.screenshot(page, 'pedido-venda-faturado');

    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar pedido' }).click();
    await page.getByLabel('Situação: Cancelado').waitFor();
    expect(await saldo()).toMatchObject({ fisico: 10, reservado: 0 });
    expect((await titulos()).map((t) => t.situacao)).toEqual([3, 3]);
    await expect.poll(() => lancamentos.getByRole('cell', { name: 'Estorno' }).count()).toBe(1);
    expect(errors).toEqual([]);
  }, 180_000);
});
