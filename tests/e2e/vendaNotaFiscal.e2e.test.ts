import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entradaEstoque } from '../support/entradaEstoque.ts';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';
import { filter, harnessApi } from './support/documentPage.ts';

/**
 * A pedido de venda that launches by its nota fiscal (flows.md §3): chosen in the pedido's form, faturado
 * (the goods stay reserved), then the nota's Lançar estoque and Lançar contas, the E/C flags in both forms
 * and grids, and Estornar estoque / Estornar contas — in Debian Chromium against the real server.
 */
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

describe('lançar estoque e contas pela nota fiscal', () => {
  it('fatura a pedido in nota mode, launches from the nota, shows the flags, estorna', async () => {
    const loja = (await api('POST', '/api/Depositos', { descricao: 'Loja nota e2e' })) as Body;
    const produto = (await api('POST', '/api/Produtos', {
      descricao: 'Erva-doce 100 g',
      precoVenda: 12,
    })) as Body;
    const cliente = (await api('POST', '/api/Clientes', { nome: 'Casa do Chá Ltda' })) as Body;
    const natureza = (await api('POST', '/api/NaturezasOperacao', {
      descricao: 'Venda de mercadoria',
    })) as Body;
    await api('POST', '/api/Contas', { descricao: 'Banco nota e2e' });
    await entradaEstoque(
      api,
      { depositoId: loja.id, produtoId: produto.id, quantidade: 10, custoUnitario: 5 },
      '2026-03-01T12:00:00Z',
    );
    const pedido = (await api('POST', '/api/PedidosVenda', {
      tipo: 0,
      clienteId: cliente.id,
      dataEmissao: '2026-03-10',
      depositoId: loja.id,
      naturezaOperacaoId: natureza.id,
      condicaoPagamento: '30/60',
      valorFrete: 4,
      itens: [
        {
          numeroItem: 1,
          produtoId: produto.id,
          descricao: 'Erva-doce 100 g',
          unidade: 'UN',
          quantidade: 3,
          valorUnitario: 12,
        },
      ],
    })) as Body;
    const saldo = async () =>
      ((await api('GET', filter('/api/SaldosEstoque', { where: { produtoId: produto.id } }))) as Body[])[0];
    const titulos = async (nota: unknown) =>
      (await api(
        'GET',
        filter('/api/Receitas', {
          where: { origemTipo: 'notaFiscal', origemId: nota },
          order: 'parcela ASC',
        }),
      )) as Body[];

    const { page, errors } = await harness.newPage({ width: 1440, height: 1000 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url(`pages/vendas/pedido-vendas/editar/${pedido.id}`));
    await page.getByLabel('Situação: Orçamento').waitFor();
    await page.getByRole('combobox', { name: 'Lançar estoque e contas por' }).click();
    await page.getByRole('option', { name: 'Nota fiscal' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Registro salvo com sucesso.').waitFor();
    await page.goto(harness.url(`pages/vendas/pedido-vendas/editar/${pedido.id}`));
    await page.reload();
    await page.getByRole('button', { name: 'Faturar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Faturar' }).click();
    await page.getByLabel('Situação: Faturado').waitFor();
    // By the nota: nothing launched yet, the goods reserved for the pedido.
    expect(await saldo()).toMatchObject({ fisico: 10, reservado: 3 });
    const [nota] = (await api(
      'GET',
      filter('/api/NotasFiscaisSaida', { where: { pedidoVendaId: pedido.id } }),
    )) as Body[];
    await api('PATCH', `/api/NotasFiscaisSaida/${nota?.id}`, { numero: 4321 });
    expect(await titulos(nota?.id)).toEqual([]);

    await page.goto(harness.url(`pages/vendas/nota-fiscal/editar/${nota?.id}`));
    const estoqueFlag = page.getByRole('combobox', { name: 'E: estoque lançado por' });
    const contasFlag = page.getByRole('combobox', { name: 'C: contas lançadas por' });
    await page.getByRole('button', { name: 'Lançar estoque' }).click();
    await page.getByText('Lançar a saída de estoque do pedido por esta nota?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Lançar estoque' }).click();
    await expect.poll(() => estoqueFlag.textContent()).toBe('Nota fiscal');
    expect(await saldo()).toMatchObject({ fisico: 7, reservado: 0 });
    await page.getByRole('button', { name: 'Lançar contas' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Lançar contas' }).click();
    await expect.poll(() => contasFlag.textContent()).toBe('Nota fiscal');
    expect((await titulos(nota?.id)).map((t) => [t.parcela, t.valor, t.situacao])).toEqual([
      [1, 20, 0],
      [2, 20, 0],
    ]);
    // Launched: only the estornos are offered, and the Lançamentos tab lists the saída.
    await page.getByRole('button', { name: 'Estornar estoque' }).waitFor();
    expect(await page.getByRole('button', { name: 'Lançar estoque' }).count()).toBe(0);
    await page
      .getByRole('table', { name: 'Lançamentos' })
      .getByRole('cell', { name: 'Erva-doce 100 g' })
      .waitFor();
    // Launched, the nota is read-only until the estornos (no Salvar).
    expect(await page.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await harness.screenshot(page, 'nota-fiscal-lancada');

    // The grids show the E and C flags with their origin.
    await page.goto(harness.url('pages/vendas/nota-fiscal'));
    const linhaNota = page.getByRole('row').filter({ hasText: 'Casa do Chá Ltda' });
    await linhaNota.first().waitFor();
    await harness.screenshot(page, 'notas-fiscais-flags');
    await expect.poll(() => linhaNota.getByText('Nota fiscal').count()).toBe(2);
    await page.goto(harness.url('pages/vendas/pedido-vendas'));
    const linhaPedido = page.getByRole('row').filter({ hasText: 'Casa do Chá Ltda' });
    await expect.poll(() => linhaPedido.getByText('Nota fiscal').count()).toBe(2);
    await harness.screenshot(page, 'pedidos-venda-flags');

    await page.goto(harness.url(`pages/vendas/nota-fiscal/editar/${nota?.id}`));
    await page.getByRole('button', { name: 'Estornar estoque' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Estornar estoque' }).click();
    await page.getByRole('button', { name: 'Lançar estoque' }).waitFor();
    expect(await saldo()).toMatchObject({ fisico: 10, reservado: 3 });
    await page.getByRole('button', { name: 'Estornar contas' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Estornar contas' }).click();
    await page.getByRole('button', { name: 'Lançar contas' }).waitFor();
    expect(await titulos(nota?.id)).toEqual([]);
    await expect.poll(() => estoqueFlag.textContent()).not.toBe('Nota fiscal');
    await page.getByRole('button', { name: 'Salvar' }).waitFor();
    await expect
      .poll(() =>
        page.getByRole('table', { name: 'Lançamentos' }).getByRole('cell', { name: 'Estorno' }).count(),
      )
      .toBe(1);
    expect(errors).toEqual([]);
  }, 240_000);
});
