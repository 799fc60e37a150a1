import type { PagamentoXml } from '../../core/fiscal/montarXmlNfe.ts';
import type { Tx } from '../db/database.ts';

/**
 * The detPag of a Frente de caixa sale (issue 17 PDV): its venda rows of the cash-session ledger per payment
 * method (tPag of the formaPagamento, vPag as handed over, à vista, the card's bandeira) and its troco as vTroco. No rows (a nota
 * not sold at the counter): no payments, and the emission writes the invoiced sale's "conforme faturamento".
 */
export async function pagamentosDoCaixa(
  tx: Tx,
  notaId: number,
): Promise<{ pagamentos: PagamentoXml[]; troco?: number }> {
  const rows = await tx.query<{
    tipo: string;
    tpag: string | null;
    descricao: string | null;
    bandeira: string | null;
    valor: string;
  }>(
    `SELECT m.tipo, f.forma_pagamento_fiscal AS tpag, f.descricao, f.bandeira_cartao AS bandeira, sum(m.valor) AS valor
       FROM movimento_caixa m JOIN forma_pagamento f ON f.id = m.forma_pagamento_id
      WHERE m.origem_tipo = 'notaFiscal' AND m.origem_id = $1
      GROUP BY m.tipo, f.id, f.forma_pagamento_fiscal, f.descricao, f.bandeira_cartao
      ORDER BY min(m.origem_linha)`,
    [notaId],
  );
  const pagamentos: PagamentoXml[] = rows
    .filter((row) => row.tipo === 'venda')
    .map((row) => {
      const tPag = row.tpag || '99';
      // The counter takes cards on a POS terminal apart from this system (no TEF integration): tpIntegra 2,
      // with the method's bandeira when it has one (the card group itself: montarXmlNfe, rejeição 391).
      const cartao = row.bandeira ? { cartao: { tpIntegra: 2 as const, tBand: row.bandeira } } : {};
      return {
        indPag: 0,
        tPag,
        vPag: Number(row.valor),
        ...(tPag === '99' ? { xPag: row.descricao } : {}),
        ...cartao,
      };
    });
  const troco = rows.filter((row) => row.tipo === 'troco').reduce((soma, row) => soma - Number(row.valor), 0);
  return troco > 0 ? { pagamentos, troco: Math.round(troco * 100) / 100 } : { pagamentos };
}
