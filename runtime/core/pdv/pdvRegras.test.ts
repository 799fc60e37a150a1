import { describe, expect, it } from 'vitest';
import { esperadoPorForma, linhasFechamento } from './esperadoPorForma.ts';
import { valorComSinal } from './movimentoCaixa.ts';
import { totalizarVendaPdv, VendaPdvInvalidaError } from './totalizarVendaPdv.ts';

const item = (numeroItem: number, quantidade: number, precoUnitario: number, desconto = 0) => ({
  numeroItem,
  descricao: `Produto ${numeroItem}`,
  quantidade,
  precoUnitario,
  desconto,
});
const dinheiro = (valor: number) => ({ formaPagamentoId: 1, descricao: 'Dinheiro', valor, dinheiro: true });
const cartao = (valor: number) => ({ formaPagamentoId: 2, descricao: 'Cartão', valor, dinheiro: false });

function codigo(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof VendaPdvInvalidaError) return error.codigo;
    throw error;
  }
  return 'aceita';
}

describe('totalizarVendaPdv', () => {
  it('sums gross per item in cents, discounts, and the change out of cash', () => {
    const totais = totalizarVendaPdv([item(1, 3, 3.33, 0.99), item(2, 0.5, 7.49)], 1, [
      cartao(10),
      dinheiro(20),
    ]);
    // 3 × 3,33 = 9,99; 0,5 × 7,49 = 3,745 → 3,75; discounts 0,99 + 1,00.
    expect(totais).toMatchObject({ valorProdutos: 1374, valorDesconto: 199, valorTotal: 1175 });
    expect(totais.itens.map((i) => i.bruto)).toEqual([999, 375]);
    expect(totais.valorPago).toBe(3000);
    expect(totais.troco).toBe(1825);
  });

  it('refuses what the cashier must fix', () => {
    expect(codigo(() => totalizarVendaPdv([], 0, [dinheiro(1)]))).toBe('VENDA_SEM_ITENS');
    expect(codigo(() => totalizarVendaPdv([item(1, 0, 5)], 0, [dinheiro(5)]))).toBe('QUANTIDADE_INVALIDA');
    expect(codigo(() => totalizarVendaPdv([item(1, 0.0005, 5)], 0, [dinheiro(5)]))).toBe(
      'QUANTIDADE_INVALIDA',
    );
    expect(codigo(() => totalizarVendaPdv([item(1, 0.001, 1)], 0, [dinheiro(5)]))).toBe(
      'QUANTIDADE_INVALIDA',
    );
    expect(codigo(() => totalizarVendaPdv([item(1, 0.125, 8)], 0, [dinheiro(1)]))).toBe('aceita');
    expect(codigo(() => totalizarVendaPdv([item(1, 1, 5, 5)], 0, [dinheiro(5)]))).toBe('DESCONTO_INVALIDO');
    expect(codigo(() => totalizarVendaPdv([item(1, 1, 5, 1)], 4, [dinheiro(5)]))).toBe('DESCONTO_INVALIDO');
    expect(codigo(() => totalizarVendaPdv([item(1, 1, 5)], 0, []))).toBe('PAGAMENTO_OBRIGATORIO');
    expect(codigo(() => totalizarVendaPdv([item(1, 1, 5)], 0, [dinheiro(0)]))).toBe('PAGAMENTO_INVALIDO');
    expect(codigo(() => totalizarVendaPdv([item(1, 2, 5)], 0, [cartao(4), dinheiro(5.99)]))).toBe(
      'PAGAMENTO_INSUFICIENTE',
    );
    // Change only from cash: a card paying more than the total is refused even with cash beside it.
    expect(codigo(() => totalizarVendaPdv([item(1, 2, 5)], 0, [cartao(10.01), dinheiro(1)]))).toBe(
      'TROCO_SEM_DINHEIRO',
    );
    expect(codigo(() => totalizarVendaPdv([item(1, 2, 5)], 0, [cartao(10)]))).toBe('aceita');
  });

  it('names the shortfall in reais', () => {
    expect(() => totalizarVendaPdv([item(1, 2, 5)], 0, [dinheiro(7.5)])).toThrow(
      'Faltam R$ 2,50 para pagar a venda de R$ 10,00.',
    );
  });
});

describe('esperadoPorForma and linhasFechamento', () => {
  it('cash = abertura + vendas + suprimentos + recebimentos − trocos − devoluções − sangrias', () => {
    const movimentos = [
      { formaPagamentoId: 1, valor: valorComSinal('venda', 5000) },
      { formaPagamentoId: 1, valor: valorComSinal('troco', 825) },
      { formaPagamentoId: 1, valor: valorComSinal('suprimento', 2000) },
      { formaPagamentoId: 1, valor: valorComSinal('recebimento', 300) },
      { formaPagamentoId: 1, valor: valorComSinal('devolucao', 150) },
      { formaPagamentoId: 1, valor: valorComSinal('sangria', 3000) },
      { formaPagamentoId: 2, valor: valorComSinal('venda', 1200) },
    ];
    const esperado = esperadoPorForma(10000, 1, movimentos);
    expect(esperado.get(1)).toBe(10000 + 5000 - 825 + 2000 + 300 - 150 - 3000);
    expect(esperado.get(2)).toBe(1200);
    expect(esperadoPorForma(0, 7, []).get(7)).toBe(0);
  });

  it('stores contado − esperado per method, uncounted methods as 0', () => {
    const linhas = linhasFechamento(
      new Map([
        [1, 13325],
        [2, 1200],
      ]),
      [
        { formaPagamentoId: 1, valor: 13300 },
        { formaPagamentoId: 3, valor: 500 },
      ],
    );
    expect(linhas).toEqual([
      { formaPagamentoId: 1, esperado: 13325, contado: 13300, diferenca: -25 },
      { formaPagamentoId: 2, esperado: 1200, contado: 0, diferenca: -1200 },
      { formaPagamentoId: 3, esperado: 0, contado: 500, diferenca: 500 },
    ]);
  });
});
