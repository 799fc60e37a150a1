import { formatBRL } from '../formatMoney.ts';

/** One item of a counter sale: unit price and discount as the PDV charges them. */
export interface ItemVendaPdv {
  numeroItem: number;
  descricao: string;
  quantidade: number;
  /** Unit price charged (the product's price with its promoção), reais. */
  precoUnitario: number;
  /** Discount on this item, reais. */
  desconto: number;
}

/** One payment of a counter sale; `dinheiro` when its method is cash (tPag 01), the only one giving change. */
export interface PagamentoVendaPdv {
  formaPagamentoId: number;
  descricao: string;
  valor: number;
  dinheiro: boolean;
}

/** A sale the PDV refuses, with its code and a message the cashier can act on. */
export class VendaPdvInvalidaError extends Error {
  constructor(
    readonly codigo: string,
    message: string,
  ) {
    super(message);
    this.name = 'VendaPdvInvalidaError';
  }
}

/** The totals of a counter sale, in cents. */
export interface TotaisVendaPdv {
  itens: (ItemVendaPdv & { bruto: number; descontoCentavos: number })[];
  /** Σ quantidade × preço (vProd). */
  valorProdutos: number;
  /** Items' discounts plus the sale's (vDesc). */
  valorDesconto: number;
  /** What the customer owes (vNF). */
  valorTotal: number;
  /** Σ payments as handed over. */
  valorPago: number;
  /** Change, always out of the cash handed over. */
  troco: number;
}

const centavos = (valor: number) => Math.round(valor * 100 + (valor >= 0 ? 1e-7 : -1e-7));
const reais = (cents: number) => formatBRL(cents / 100);

/** The items' totals of a counter sale, in cents (before the payments). */
export type TotaisItensPdv = Omit<TotaisVendaPdv, 'valorPago' | 'troco'>;

/**
 * The items' side of a counter sale: gross per item (quantidade × preço, rounded to cents), the items'
 * discounts and the sale's discount (each smaller than what it discounts) and the total due. Throws
 * VendaPdvInvalidaError naming what to fix.
 */
export function totalizarItensPdv(itens: ItemVendaPdv[], descontoVenda: number): TotaisItensPdv {
  if (itens.length === 0)
    throw new VendaPdvInvalidaError('VENDA_SEM_ITENS', 'Inclua ao menos um produto na venda.');
  const calculados = itens.map((item) => {
    if (!(item.quantidade > 0))
      throw new VendaPdvInvalidaError(
        'QUANTIDADE_INVALIDA',
        `Item ${item.numeroItem} (${item.descricao}): a quantidade deve ser maior que zero.`,
      );
    if (Math.abs(item.quantidade * 1000 - Math.round(item.quantidade * 1000)) > 1e-6)
      throw new VendaPdvInvalidaError(
        'QUANTIDADE_INVALIDA',
        `Item ${item.numeroItem} (${item.descricao}): informe a quantidade com até 3 casas decimais.`,
      );
    const bruto = centavos(item.quantidade * item.precoUnitario);
    if (bruto <= 0)
      throw new VendaPdvInvalidaError(
        'QUANTIDADE_INVALIDA',
        `Item ${item.numeroItem} (${item.descricao}): a quantidade é pequena demais, o item ficaria em R$ 0,00.`,
      );
    const descontoCentavos = centavos(item.desconto);
    if (descontoCentavos < 0 || descontoCentavos >= bruto)
      throw new VendaPdvInvalidaError(
        'DESCONTO_INVALIDO',
        `Item ${item.numeroItem} (${item.descricao}): o desconto deve ficar entre R$ 0,00 e o valor do item (${reais(bruto)}).`,
      );
    return { ...item, bruto, descontoCentavos };
  });
  const valorProdutos = calculados.reduce((soma, item) => soma + item.bruto, 0);
  const descontoItens = calculados.reduce((soma, item) => soma + item.descontoCentavos, 0);
  const descontoTotal = centavos(descontoVenda);
  if (descontoTotal < 0 || descontoTotal >= valorProdutos - descontoItens)
    throw new VendaPdvInvalidaError(
      'DESCONTO_INVALIDO',
      `O desconto da venda deve ficar entre R$ 0,00 e o valor dos itens (${reais(valorProdutos - descontoItens)}).`,
    );
  const valorDesconto = descontoItens + descontoTotal;
  return { itens: calculados, valorProdutos, valorDesconto, valorTotal: valorProdutos - valorDesconto };
}

/**
 * Totals of a counter sale (flows.md §4, issue 17 PDV): the items' totals (totalizarItensPdv) and the payments —
 * together at least the total, with change only out of cash: the non-cash payments may not pass the total.
 * Throws VendaPdvInvalidaError naming what to fix.
 */
export function totalizarVendaPdv(
  itens: ItemVendaPdv[],
  descontoVenda: number,
  pagamentos: PagamentoVendaPdv[],
): TotaisVendaPdv {
  const totais = totalizarItensPdv(itens, descontoVenda);
  const { valorTotal } = totais;
  if (pagamentos.length === 0)
    throw new VendaPdvInvalidaError(
      'PAGAMENTO_OBRIGATORIO',
      `Informe o pagamento da venda de ${reais(valorTotal)}.`,
    );
  for (const pagamento of pagamentos)
    if (!(centavos(pagamento.valor) > 0))
      throw new VendaPdvInvalidaError(
        'PAGAMENTO_INVALIDO',
        `O valor pago em ${pagamento.descricao} deve ser maior que zero.`,
      );
  const valorPago = pagamentos.reduce((soma, p) => soma + centavos(p.valor), 0);
  if (valorPago < valorTotal)
    throw new VendaPdvInvalidaError(
      'PAGAMENTO_INSUFICIENTE',
      `Faltam ${reais(valorTotal - valorPago)} para pagar a venda de ${reais(valorTotal)}.`,
    );
  const semDinheiro = pagamentos.filter((p) => !p.dinheiro).reduce((soma, p) => soma + centavos(p.valor), 0);
  if (semDinheiro > valorTotal)
    throw new VendaPdvInvalidaError(
      'TROCO_SEM_DINHEIRO',
      `O troco só sai do dinheiro: os pagamentos que não são em dinheiro (${reais(semDinheiro)}) passam do total da venda (${reais(valorTotal)}).`,
    );
  return { ...totais, valorPago, troco: valorPago - valorTotal };
}
