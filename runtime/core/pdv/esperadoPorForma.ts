/** One ledger row as the expected amount reads it: its payment method and signed value in cents. */
export interface MovimentoEsperado {
  formaPagamentoId: number;
  valor: number;
}

/**
 * Expected amount per payment method of a cash session, in cents (flows.md §4): the cash method starts with
 * the abertura; every method adds the signed value of its movements — so cash is abertura + vendas em dinheiro
 * (as handed over) + suprimentos + recebimentos − trocos − devoluções − sangrias. The cash method is always
 * present, even without movements.
 */
export function esperadoPorForma(
  aberturaCentavos: number,
  formaDinheiroId: number,
  movimentos: MovimentoEsperado[],
): Map<number, number> {
  const esperado = new Map<number, number>([[formaDinheiroId, aberturaCentavos]]);
  for (const movimento of movimentos)
    esperado.set(
      movimento.formaPagamentoId,
      (esperado.get(movimento.formaPagamentoId) ?? 0) + movimento.valor,
    );
  return esperado;
}

/** One line of a fechamento: counted, expected and diferença = contado − esperado, in cents. */
export interface LinhaFechamento {
  formaPagamentoId: number;
  esperado: number;
  contado: number;
  diferenca: number;
}

/**
 * The fechamento per method: every method expected or counted gets a line (a method not counted counts 0;
 * a method counted without movements expects 0), ordered by method id.
 */
export function linhasFechamento(
  esperado: Map<number, number>,
  contado: { formaPagamentoId: number; valor: number }[],
): LinhaFechamento[] {
  const contados = new Map<number, number>();
  for (const linha of contado)
    contados.set(linha.formaPagamentoId, (contados.get(linha.formaPagamentoId) ?? 0) + linha.valor);
  const formas = [...new Set([...esperado.keys(), ...contados.keys()])].sort((a, b) => a - b);
  return formas.map((formaPagamentoId) => {
    const e = esperado.get(formaPagamentoId) ?? 0;
    const c = contados.get(formaPagamentoId) ?? 0;
    return { formaPagamentoId, esperado: e, contado: c, diferenca: c - e };
  });
}
