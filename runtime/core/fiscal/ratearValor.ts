import { roundMoney } from '../roundMoney.ts';

/**
 * Splits `total` (a note-level freight or discount) over items proportionally to `pesos` (their values),
 * in cents; the rounding remainder goes to the largest item, so the parts always add up to the total.
 */
export function ratearValor(total: number, pesos: number[]): number[] {
  const soma = pesos.reduce((acc, peso) => acc + peso, 0);
  if (total === 0 || pesos.length === 0) return pesos.map(() => 0);
  const partes = pesos.map((peso) => (soma > 0 ? roundMoney((total * peso) / soma) : 0));
  const resto = roundMoney(total - partes.reduce((acc, parte) => acc + parte, 0));
  const maior = pesos.indexOf(Math.max(...pesos));
  partes[maior] = roundMoney(partes[maior]! + resto);
  return partes;
}
