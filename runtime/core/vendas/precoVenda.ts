import { roundMoney } from '../roundMoney.ts';

/** A promoção as the pricing reads it (schemas/entities/promocao). */
export interface Promocao {
  inicio: string;
  fim: string;
  percentualDesconto: number;
  quantidadeMinima?: number | null;
  ativo?: boolean | null;
}

/**
 * The unit price of `quantidade` units on `data` (YYYY-MM-DD): the product's price less the largest active
 * promoção whose period covers the date and whose minimum quantity the item reaches; the product's price
 * when none applies.
 */
export function precoComPromocao(
  precoVenda: number,
  quantidade: number,
  data: string,
  promocoes: Promocao[],
): { preco: number; percentual: number } {
  const dia = data.slice(0, 10);
  let percentual = 0;
  for (const promocao of promocoes) {
    if (promocao.ativo === false) continue;
    if (dia < promocao.inicio.slice(0, 10) || dia > promocao.fim.slice(0, 10)) continue;
    if (quantidade < Number(promocao.quantidadeMinima ?? 0)) continue;
    percentual = Math.max(percentual, Number(promocao.percentualDesconto));
  }
  return { preco: roundMoney(precoVenda * (1 - percentual / 100) + 1e-9), percentual };
}

/**
 * The discount of an order over its reference (list) prices, as a percentage with 2 decimals:
 * (Σ reference × quantity − (products − header discount)) ÷ Σ reference × quantity; never negative
 * (selling above the list price is no discount); 0 without a reference.
 */
export function percentualDesconto(
  itens: { precoReferencia: number; quantidade: number }[],
  valorProdutos: number,
  valorDesconto: number,
): number {
  const referencia = itens.reduce((acc, item) => acc + item.precoReferencia * item.quantidade, 0);
  if (referencia <= 0) return 0;
  const cobrado = valorProdutos - valorDesconto;
  return Math.max(0, Math.round(((referencia - cobrado) / referencia) * 10_000) / 100);
}
