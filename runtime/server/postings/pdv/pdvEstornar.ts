import { formatBRL } from '../../../core/formatMoney.ts';
import type { Tx } from '../../db/database.ts';
import type { RecordScope } from '../../services/records/buildRecordQuery.ts';
import { estornarMovimentos } from '../estoqueEstornar.ts';
import type { PostingContext } from '../PostingContext.ts';
import { lancarMovimentoCaixa } from './caixaSessao.ts';

/**
 * A Frente de caixa sale whose NFC-e was cancelled at SEFAZ (called by the cancellation in its transaction):
 * its stock saída reversed (origem notaFiscal.estorno, estornoDe each row) and, while its session is open, the
 * money handed back — one devolução row per payment method of what the method kept (cash: handed over − troco),
 * origem (notaFiscal, the nota, −linha). A closed session takes no movement: the warning says to register the
 * refund as a sangria of the open caixa. Only what is not reversed yet is reversed.
 */
export async function estornarVendaPdv(tx: Tx, scope: RecordScope, notaId: number): Promise<string[]> {
  const nota = await tx.one<{ caixa_id: number; serie: number; numero: number; situacao: string | null }>(
    `SELECT n.caixa_id::int AS caixa_id, n.serie::int AS serie, n.numero::int AS numero, c.situacao
       FROM nota_fiscal n JOIN caixa c ON c.id = n.caixa_id WHERE n.id = $1 FOR UPDATE OF c`,
    [notaId],
  );
  const agora = new Date().toISOString();
  const contexto = { tx, scope, agora } as unknown as PostingContext;
  await estornarMovimentos(
    contexto,
    { tipo: 'notaFiscal', id: notaId },
    `Cancelamento da NFC-e ${nota.serie}/${nota.numero}`,
  );
  const ja = await tx.maybeOne(
    `SELECT 1 FROM movimento_caixa WHERE origem_tipo = 'notaFiscal' AND origem_id = $1 AND origem_linha < 0 LIMIT 1`,
    [notaId],
  );
  if (ja) return [];
  const formas = await tx.query<{ forma: number; descricao: string; valor: number }>(
    `SELECT m.forma_pagamento_id::int AS forma, f.descricao, round(sum(m.valor) * 100)::int AS valor
       FROM movimento_caixa m JOIN forma_pagamento f ON f.id = m.forma_pagamento_id
      WHERE m.origem_tipo = 'notaFiscal' AND m.origem_id = $1
      GROUP BY m.forma_pagamento_id, f.descricao HAVING sum(m.valor) > 0 ORDER BY m.forma_pagamento_id`,
    [notaId],
  );
  if (nota.situacao !== 'aberto')
    return [
      `O caixa da venda já foi fechado: devolva ao cliente ${formas.map((f) => `${formatBRL(f.valor / 100)} em ${f.descricao}`).join(', ')} e registre a saída do dinheiro como sangria do caixa aberto.`,
    ];
  for (const [index, forma] of formas.entries())
    await lancarMovimentoCaixa(
      { tx, scope },
      {
        caixaId: nota.caixa_id,
        data: agora,
        tipo: 'devolucao',
        formaPagamentoId: forma.forma,
        valorCentavos: -forma.valor,
        motivo: `Cancelamento da NFC-e ${nota.serie}/${nota.numero}`,
        notaFiscalId: notaId,
        origemTipo: 'notaFiscal',
        origemId: notaId,
        origemLinha: -(index + 1),
      },
    );
  return [];
}
