import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeXml } from '../support/nfeXml.ts';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';
import { cell, filter, harnessApi } from './support/documentPage.ts';

/**
 * Devoluções typed in the browser, each reached from its menu and typed on the generic form: de compra
 * against a confirmed nota de entrada (the items leave at the average cost, the nota's conta a pagar
 * shrinks) and de venda against an invoiced pedido (the items come back, the pedido's conta a receber
 * shrinks).
 */
let harness: BrowserHarness;
let token: string;
type Body = Record<string, unknown>;

const api = harnessApi(
  () => harness,
  () => token,
);

beforeAll(async () => {
  harness = await startBrowserHarness({ jobs: { work: false } });
  token = await apiLogin(harness.server.app, 'demo@erp.local');
});
afterAll(async () => harness?.close());

// A devolução posts at its typed date, which may be neither in the future nor before the original document.
const hoje = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

describe('devoluções', () => {
  it('menu Compras › Devoluções de compra, typed, confirmed: stock out and payable reduced', async () => {
    const deposito = (await api('POST', '/api/Depositos', { descricao: 'Depósito devoluções' })) as Body;
    const produto = (await api('POST', '/api/Produtos', {
      descricao: 'Parafuso sextavado M10',
      codigo: 'PSM10',
    })) as Body;
    await api('POST', '/api/Contas', { descricao: 'Banco devoluções e2e' });
    const { xml } = nfeXml({
      emitente: { cnpj: '11444777000161', nome: 'Metalúrgica Boa Rosca Ltda' },
      destinatarioCnpj: '11222333000181',
      numero: 7710,
      serie: 1,
      dataEmissao: '2026-09-10',
      itens: [
        {
          codigo: 'BR-M10',
          descricao: 'PARAFUSO SEXT M10',
          ncm: '73181500',
          cfop: '5102',
          unidade: 'UN',
          quantidade: 50,
          valorUnitario: 2,
          csosn: '102',
        },
      ],
      duplicatas: [{ numero: '001', vencimento: '2026-10-10', valor: 100 }],
    });
    const nota = (await api('POST', '/api/XmlNfe/importar', {
      xml,
      depositoId: deposito.id,
      itens: [{ numeroItem: 1, produtoId: produto.id }],
    })) as Body;
    await api('POST', `/api/NotasEntrada/${nota.id}/confirmar`);
    const saldo = async () =>
      ((await api('GET', filter('/api/SaldosEstoque', { where: { produtoId: produto.id } }))) as Body[])[0];
    expect(await saldo()).toMatchObject({ fisico: 50, valor: 100 });

    const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await page.getByRole('button', { name: 'Compras' }).click();
    await page.getByRole('link', { name: 'Devoluções de compra' }).click();
    await page.waitForURL(/pages\/compras\/devolucao/);
    await page.getByText('Clique em Novo para devolver ao fornecedor').waitFor();
    await harness.screenshot(page, 'devolucoes-compra-vazia');
    await page.getByRole('link', { name: 'Novo' }).click();
    await page.getByRole('heading', { name: /Devolução de compra/ }).waitFor();
    await page.getByLabel('Data').fill(`${hoje}T00:01`);
    const notaInput = page.getByRole('combobox', { name: 'Nota de entrada' });
    await notaInput.click();
    await notaInput.fill('7710');
    await page.getByRole('option', { name: '7710' }).click();
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    // The line is numbered 1 (the nota's first item) by the items table.
    await cell(page, 'Quantidade devolvida', 1).getByRole('textbox').fill('5');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Registro salvo com sucesso.').waitFor();
    const [devolucao] = (await api(
      'GET',
      filter('/api/DevolucoesCompra', { where: { notaEntradaId: nota.id } }),
    )) as Body[];
    expect(devolucao).toMatchObject({ situacao: 'rascunho', tratamento: 'abatimento' });

    await page.goto(harness.url(`pages/compras/devolucao/editar/${devolucao?.id}`));
    await page.getByLabel('Situação: Rascunho').waitFor();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Confirmar a devolução? Os itens saem do estoque pelo custo médio atual').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByLabel('Situação: Confirmada').waitFor();
    expect(await page.getByLabel('Número').inputValue()).toBe(String(devolucao?.numero));
    await harness.screenshot(page, 'devolucao-compra-confirmada');
    // 5 of 50 at 2,00 leave (10,00) and come off the nota's single dup of 100.
    expect(await saldo()).toMatchObject({ fisico: 45, valor: 90 });
    const titulos = (await api(
      'GET',
      filter('/api/Despesas', { where: { origemTipo: 'notaEntrada', origemId: nota.id } }),
    )) as Body[];
    expect(titulos.map((t) => Number(t.valor))).toEqual([90]);

    await page.goto(harness.url('pages/compras/devolucao'));
    const linha = page.getByRole('row').filter({ hasText: 'Abater das contas a pagar em aberto' });
    await linha.getByText('Confirmada').waitFor();
    await harness.screenshot(page, 'devolucoes-compra-lista');
    expect(errors).toEqual([]);
  }, 240_000);

  it('menu Vendas › Devoluções de venda, typed against an invoiced pedido, confirmed: stock back, receivable reduced', async () => {
    const deposito = (await api('POST', '/api/Depositos', { descricao: 'Depósito vendas e2e' })) as Body;
    const produto = (await api('POST', '/api/Produtos', {
      descricao: 'Chave de fenda 6 mm',
      codigo: 'CF6',
      precoVenda: 12,
    })) as Body;
    const entrada = (await api('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-09-01T12:00:00Z',
      depositoId: deposito.id,
      motivo: 'Compra',
      itens: [{ numeroItem: 1, produtoId: produto.id, quantidade: 20, custoUnitario: 5 }],
    })) as Body;
    await api('POST', `/api/DocumentosEstoque/${entrada.id}/efetivar`, {});
    const cliente = (await api('POST', '/api/Clientes', { nome: 'Oficina do Zé Ltda' })) as Body;
    const pedido = (await api('POST', '/api/PedidosVenda', {
      tipo: 0,
      clienteId: cliente.id,
      dataEmissao: '2026-09-02',
      depositoId: deposito.id,
      condicaoPagamento: '30',
      itens: [
        {
          numeroItem: 1,
          produtoId: produto.id,
          descricao: 'Chave de fenda 6 mm',
          unidade: 'UN',
          quantidade: 10,
          valorUnitario: 12,
        },
      ],
    })) as Body;
    await api('POST', `/api/PedidosVenda/${pedido.id}/faturar`, {});
    const saldo = async () =>
      ((await api('GET', filter('/api/SaldosEstoque', { where: { produtoId: produto.id } }))) as Body[])[0];
    expect(await saldo()).toMatchObject({ fisico: 10, valor: 50 });

    const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await page.getByRole('button', { name: 'Vendas' }).click();
    await page.getByRole('link', { name: 'Devoluções de venda' }).click();
    await page.waitForURL(/pages\/vendas\/devolucao/);
    await page.getByText('Clique em Novo para receber de volta itens').waitFor();
    await page.getByRole('link', { name: 'Novo' }).click();
    await page.getByRole('heading', { name: /Devolução de venda/ }).waitFor();
    await page.getByLabel('Data').fill(`${hoje}T00:01`);
    const pedidoInput = page.getByRole('combobox', { name: 'Pedido de venda' });
    await pedidoInput.click();
    await pedidoInput.fill(String(pedido.numero));
    await page.getByRole('option', { name: String(pedido.numero), exact: true }).click();
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await cell(page, 'Quantidade devolvida', 1).getByRole('textbox').fill('3');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Registro salvo com sucesso.').waitFor();
    const [devolucao] = (await api(
      'GET',
      filter('/api/DevolucoesVenda', { where: { pedidoVendaId: pedido.id } }),
    )) as Body[];
    await page.goto(harness.url(`pages/vendas/devolucao/editar/${devolucao?.id}`));
    await page.getByLabel('Situação: Rascunho').waitFor();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByLabel('Situação: Confirmada').waitFor();
    await harness.screenshot(page, 'devolucao-venda-confirmada');
    // 3 come back at the saída cost 5; 3 × 12 = 36 come off the pedido's receivable of 120.
    expect(await saldo()).toMatchObject({ fisico: 13, valor: 65 });
    const titulos = (await api(
      'GET',
      filter('/api/Receitas', { where: { origemTipo: 'pedidoVenda', origemId: pedido.id } }),
    )) as Body[];
    expect(titulos.map((t) => Number(t.valor))).toEqual([84]);
    expect(errors).toEqual([]);
  }, 240_000);
});
