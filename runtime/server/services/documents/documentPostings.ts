import { getRecord } from '../records/getRecord.ts';
import type { RecordContext } from '../records/recordContext.ts';

/** One row of the money ledger a title posted (baixas, transfer legs) and their reversals. */
export interface FinancePostingItem {
  id: number;
  razao: 'financeiro';
  data: string;
  contaId: number;
  conta: string | null;
  descricao: string | null;
  valor: number;
  origemTipo: string;
  origemLinha: number;
  estornoDe: number | null;
}

/** One ledger row a document posted (the "Lançamentos" tab). */
export interface PostingItem {
  id: number;
  razao: 'estoque';
  data: string;
  produtoId: number;
  produto: string | null;
  depositoId: number;
  deposito: string | null;
  loteId: number | null;
  /** The lot's number (a saída without a lot shows here which lots FEFO took). */
  lote: string | null;
  qtd: number;
  custoUnitario: number | null;
  difValor: number;
  qtdApos: number;
  custoMedioApos: number;
  origemTipo: string;
  origemLinha: number;
  estornoDe: number | null;
}

/**
 * GET /api/<Resource>/{id}/lancamentos: the ledger rows the document posted and their reversals, in
 * posting order: stock rows, or for a title (lancamento and its views) its money movements (baixas, transfer
 * legs and their estornos). 404 like the record.
 */
export async function documentPostings(
  context: RecordContext,
  id: number,
): Promise<Array<PostingItem | FinancePostingItem>> {
  await getRecord(context, id, { fields: ['id'] });
  const tipo = context.record.entity.base;
  if (tipo === 'lancamento')
    return context.tx.query<FinancePostingItem>(
      `SELECT m.id, 'financeiro' AS razao, to_char(m.data, 'YYYY-MM-DD') || 'T12:00:00.000Z' AS data,
              m.conta_id AS "contaId", c.descricao AS conta, m.descricao, m.valor, m.origem_tipo AS "origemTipo",
              m.origem_linha AS "origemLinha", m.estorno_de AS "estornoDe"
         FROM movimento_financeiro m LEFT JOIN conta c ON c.id = m.conta_id
        WHERE m.lancamento_id = $1 ORDER BY m.id`,
      [id],
    );
  return context.tx.query<PostingItem>(
    `SELECT m.id, 'estoque' AS razao, m.data, m.produto_id AS "produtoId", p.descricao AS produto,
            m.deposito_id AS "depositoId", d.descricao AS deposito, m.lote_id AS "loteId", l.numero AS lote, m.qtd,
            m.custo_unitario AS "custoUnitario", m.dif_valor AS "difValor", m.qtd_apos AS "qtdApos",
            m.custo_medio_apos AS "custoMedioApos", m.origem_tipo AS "origemTipo", m.origem_linha AS "origemLinha",
            m.estorno_de AS "estornoDe"
       FROM movimentacao_estoque m
       LEFT JOIN produto p ON p.id = m.produto_id
       LEFT JOIN deposito d ON d.id = m.deposito_id
       LEFT JOIN lote l ON l.id = m.lote_id
      WHERE m.origem_tipo IN ($1, $2) AND m.origem_id = $3 ORDER BY m.id`,
    [tipo, `${tipo}.estorno`, id],
  );
}
