import { ErroTributario } from './ErroTributario.ts';

/**
 * indFinal of a note (MOC 4.00, B25a): an NFC-e is always to the final consumer; otherwise what the natureza
 * de operação states, and when it states nothing, the destinatário's (a não contribuinte, indIEDest 9, buys
 * for its own use). A natureza stating "normal" (resale) for a não contribuinte is refused before SEFAZ does
 * (rejeição 696: "Operação com não contribuinte deve indicar operação com consumidor final").
 */
export function consumidorFinalDaOperacao(entrada: {
  modelo: 55 | 65;
  naturezaConsumidorFinal?: boolean | null;
  destinatario: { indIEDest: 1 | 2 | 9; consumidorFinal: boolean };
}): boolean {
  if (entrada.modelo === 65) return true;
  const declarado = entrada.naturezaConsumidorFinal;
  if (declarado === null || declarado === undefined) return entrada.destinatario.consumidorFinal;
  if (!declarado && entrada.destinatario.indIEDest === 9)
    throw new ErroTributario(
      'NATUREZA_CONSUMIDOR_FINAL',
      'A natureza de operação indica operação normal (revenda), mas o destinatário é não contribuinte do ICMS: a venda a não contribuinte é sempre a consumidor final. Escolha outra natureza de operação ou corrija o indicador da IE do cliente.',
    );
  return declarado;
}
