import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeXml } from '../support/nfeXml.ts';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';
import { cell, filter, harnessApi } from './support/documentPage.ts';

/**
 * A purchase order's lifecycle in the browser: typed in the generic form, aprovar (quantities a receber),
 * the supplier's nota received against it and confirmed (stock in, contas a pagar from the supplier's
 * condição), the order recebido.
 */
let harness: BrowserHarness;
let token: string;
type Body = Record<string, unknown>;

const api = harnessApi(
  () => harness,
  () => token,
);

/** Waits until a dialog has finished fading in (every ancestor opaque), so that a screenshot shows it. */
async function fullyShown(dialog: Locator) {
  await dialog.waitFor();
  await expect
    .poll(() =>
      dialog.evaluate((element) => {
        let opacity = 1;
        for (let node: Element | null = element; node; node = node.parentElement)
          opacity *= Number(getComputedStyle(node).opacity);
        return opacity;
      }),
    )
    .toBe(1);
}

async function choose(page: Page, label: string, search: string, option: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).click();
}

beforeAll(async () => {
  // A job queue nobody works: webhook deliveries are written and queued, never sent.
  harness = await startBrowserHarness({ jobs: { work: false } });
  token = await apiLogin(harness.server.app, 'demo@erp.local');
});
afterAll(async () => harness?.close());

describe('pedido de compra', () => {
  it('create, aprovar, receive with the supplier nota: stock, titles and the order recebido', async () => {
    const deposito = (await api('POST', '/api/Depositos', { descricao: 'Almoxarifado central' })) as Body;
    const produto = (await api('POST', '/api/Produtos', {
      descricao: 'Café torrado 500 g',
      codigo: 'CAF500',
      custo: 18,
    })) as Body;
    await api('POST', '/api/Contas', { descricao: 'Banco compras e2e' });
    const fornecedor = (await api('POST', '/api/Fornecedores', {
      nome: 'Torrefação Serra Azul Ltda',
      cpfCnpj: '11444777000161',
      condicaoPagamento: '30/60',
    })) as Body;
    await api('POST', '/api/Webhooks', {
      descricao: 'ERP do fornecedor',
      url: 'https://hooks.example.com/erp',
      eventos: ['pedidoCompra.aprovado'],
      segredo: 'segredo-do-webhook-e2e-123',
    });
    const saldo = async () =>
      ((await api('GET', filter('/api/SaldosEstoque', { where: { produtoId: produto.id } }))) as Body[])[0];

    const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/compras/pedido/cadastrar'));
    await page.getByRole('heading', { name: /Pedido de compra/ }).waitFor();
    await page.getByLabel('Data de emissão').fill('2026-09-01');
    await choose(page, 'Fornecedor', 'Torre', 'Torrefação Serra Azul Ltda');
    await choose(page, 'Depósito de entrega', 'Almox', 'Almoxarifado central');
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    const produtoInput = cell(page, 'Produto', 1).getByRole('combobox');
    await produtoInput.click();
    await produtoInput.fill('Café');
    await page.getByRole('option', { name: 'Café torrado 500 g' }).click();
    await expect.poll(() => cell(page, 'Valor unitário', 1).getByRole('textbox').inputValue()).toBe('18');
    await cell(page, 'Quantidade', 1).getByRole('textbox').fill('24');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Registro salvo com sucesso.').waitFor();
    const [pedido] = (await api(
      'GET',
      filter('/api/PedidosCompra', { where: { fornecedorId: fornecedor.id }, include: ['itens'] }),
    )) as Body[];
    expect(pedido).toMatchObject({ situacao: 'aberto', valorTotal: 432 });

    await page.goto(harness.url(`pages/compras/pedido/editar/${pedido?.id}`));
    await page.getByLabel('Situação: Em aberto').waitFor();
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await page.getByText('Aprovar o pedido de compra? As quantidades dos itens ficarão a receber').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Aprovar' }).click();
    await page.getByLabel('Situação: Aprovado (a receber)').waitFor();
    expect(await saldo()).toMatchObject({ fisico: 0, aReceber: 24 });

    // The supplier's NF-e of the 24 packs arrives: imported against the order, confirmed on its form.
    const { xml } = nfeXml({
      emitente: { cnpj: '11444777000161', nome: 'Torrefação Serra Azul Ltda' },
      destinatarioCnpj: '11222333000181',
      numero: 3310,
      serie: 1,
      dataEmissao: '2026-09-10',
      itens: [
        {
          codigo: 'SA-500',
          descricao: 'CAFE TORRADO 500G',
          ncm: '09012100',
          cfop: '5102',
          unidade: 'UN',
          quantidade: 24,
          valorUnitario: 18,
          csosn: '102',
        },
      ],
    });
    const nota = (await api('POST', '/api/XmlNfe/importar', {
      xml,
      depositoId: deposito.id,
      pedidoCompraId: pedido?.id,
      itens: [{ numeroItem: 1, produtoId: produto.id }],
    })) as Body;
    await page.goto(harness.url(`pages/compras/entrada-nota-fiscal/editar/${nota.id}`));
    await page.getByLabel('Situação: Pendente').waitFor();
    await page.getByRole('button', { name: 'Confirmar entrada' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar entrada' }).click();
    await page.getByLabel('Situação: Lançada no estoque').waitFor();
    expect(await saldo()).toMatchObject({ fisico: 24, aReceber: 0, valor: 432 });
    const titulos = (await api(
      'GET',
      filter('/api/Despesas', {
        where: { origemTipo: 'notaEntrada', origemId: nota.id },
        order: 'parcela ASC',
      }),
    )) as Body[];
    expect(titulos.map((t) => [t.valor, t.dataVencimento])).toEqual([
      [216, '2026-10-10'],
      [216, '2026-11-09'],
    ]);
    const lancamentos = page.getByRole('table', { name: 'Lançamentos' });
    await lancamentos.getByRole('cell', { name: 'Café torrado 500 g' }).waitFor();
    await harness.screenshot(page, 'nota-entrada-do-pedido-lancada');

    await page.goto(harness.url(`pages/compras/pedido/editar/${pedido?.id}`));
    await page.getByLabel('Situação: Recebido').waitFor();
    // The number the system gave is shown read-only.
    expect(await page.getByLabel('Número').inputValue()).toBe(String(pedido?.numero));
    await expect.poll(() => cell(page, 'Recebida', 1).getByRole('textbox').inputValue()).toBe('24');
    await harness.screenshot(page, 'pedido-compra-recebido');
    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar pedido' }).click();
    const recusa = page
      .getByRole('dialog')
      .filter({ hasText: 'não pode ser cancelado: já foi recebido pela NF-e 3310' });
    await recusa.waitFor();
    // The dialog has finished fading in before the picture is taken.
    await fullyShown(recusa);
    await harness.screenshot(page, 'pedido-compra-cancelar-recusado');
    expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
  }, 240_000);

  it('the webhook delivery of the approval is in the log, and Reenviar queues it again', async () => {
    const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/configuracoes/webhook-entregas'));
    const linha = page.getByRole('row').filter({ hasText: 'pedidoCompra.aprovado' });
    await linha.waitFor();
    await linha.getByRole('button', { name: 'Reenviar' }).click();
    await fullyShown(page.getByRole('dialog').filter({ hasText: 'Reenviar esta entrega? O mesmo conteúdo' }));
    await harness.screenshot(page, 'webhook-entregas-reenviar');
    await page.getByRole('dialog').getByRole('button', { name: 'Reenviar' }).click();
    await page.getByText('Entrega reenviada: acompanhe a situação na lista.').waitFor();
    const [entrega] = (await api('GET', '/api/WebhookEntregas')) as Body[];
    expect(entrega).toMatchObject({ evento: 'pedidoCompra.aprovado', situacao: 'pendente' });
    expect(errors).toEqual([]);
  }, 120_000);
});
