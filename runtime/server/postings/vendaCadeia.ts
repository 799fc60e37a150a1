import { HttpError } from '../errors.ts';
import type { PostingContext } from './PostingContext.ts';

/** Who launches a sale's stock and receivables (enum origemLancamentoVenda). */
export type OrigemLancamento = 'pedido' | 'notaFiscal';
/** The two launches of a chain (pedido and its nota fiscal): at most one active of each (flows.md §3). */
export type Razao = 'estoque' | 'contas';

const COLUNA: Record<Razao, string> = {
  estoque: 'estoque_lancado_por',
  contas: 'contas_lancadas_por',
};

/** Origem of ledger rows and titles: the pedido's own, or the nota fiscal that launched for it. */
export interface Origem {
  tipo: 'pedidoVenda' | 'notaFiscal';
  id: number;
  numero: number | null;
}

/**
 * Who holds the chain's active `razao` launch, as a sentence end: "pelo pedido 5", "pela nota fiscal 12".
 * The nota is the one of the pedido whose ledger rows (stock) or titles (contas) are still active.
 */
export async function quemLancou(
  context: PostingContext,
  pedido: { id: number; numero: unknown },
  razao: Razao,
  por: OrigemLancamento,
): Promise<string> {
  if (por === 'pedido') return `pelo pedido ${pedido.numero}`;
  const nota = await origemAtiva(context, pedido.id, razao, por);
  return nota?.numero ? `pela nota fiscal ${nota.numero}` : 'pela nota fiscal (em digitação) deste pedido';
}

/**
 * Marks the chain's `razao` launch as taken by `por`, on the pedido and on its notas, by a conditional
 * UPDATE of the pedido row (locked until the commit): the invariant "one active launch per chain" holds in
 * the database whatever the caller checked before. A chain already launched is a 409 naming who launched:
 * "O estoque do pedido 5 já foi lançado pela nota fiscal 12."
 */
export async function marcarLancamento(
  context: PostingContext,
  pedido: { id: number; numero: unknown },
  razao: Razao,
  por: OrigemLancamento,
): Promise<void> {
  const { tx, scope } = context;
  const coluna = COLUNA[razao];
  const marcado = await tx.maybeOne(
    `UPDATE pedido_venda SET ${coluna} = $3 WHERE id = $1 AND empresa_id = $2 AND ${coluna} IS NULL RETURNING id`,
    [pedido.id, scope.empresaId, por],
  );
  if (!marcado) {
    const atual = await tx.one<{ por: OrigemLancamento }>(
      `SELECT ${coluna} AS por FROM pedido_venda WHERE id = $1`,
      [pedido.id],
    );
    const quem = await quemLancou(context, pedido, razao, atual.por);
    throw new HttpError(
      409,
      razao === 'estoque' ? 'ESTOQUE_JA_LANCADO' : 'CONTAS_JA_LANCADAS',
      razao === 'estoque'
        ? `O estoque do pedido ${pedido.numero} já foi lançado ${quem}.`
        : `As contas a receber do pedido ${pedido.numero} já foram lançadas ${quem}.`,
      { lancadoPor: atual.por },
    );
  }
  await tx.query(`UPDATE nota_fiscal SET ${coluna} = $3 WHERE pedido_venda_id = $1 AND empresa_id = $2`, [
    pedido.id,
    scope.empresaId,
    por,
  ]);
}

/** Clears the chain's `razao` flag on the pedido and its notas (after an estorno or a cancel). */
export async function desmarcarLancamento(context: PostingContext, pedidoId: number, razao: Razao) {
  const { tx, scope } = context;
  const coluna = COLUNA[razao];
  await tx.query(`UPDATE pedido_venda SET ${coluna} = NULL WHERE id = $1 AND empresa_id = $2`, [
    pedidoId,
    scope.empresaId,
  ]);
  await tx.query(`UPDATE nota_fiscal SET ${coluna} = NULL WHERE pedido_venda_id = $1 AND empresa_id = $2`, [
    pedidoId,
    scope.empresaId,
  ]);
}

/**
 * The origem holding the chain's active `razao` launch: the pedido, or the nota of the pedido with stock
 * rows not reversed (estoque) or titles not cancelled (contas); null when nothing is launched.
 */
export async function origemAtiva(
  context: PostingContext,
  pedidoId: number,
  razao: Razao,
  por: OrigemLancamento | null,
): Promise<Origem | null> {
  if (por === null) return null;
  if (por === 'pedido') return { tipo: 'pedidoVenda', id: pedidoId, numero: null };
  const nota = await context.tx.maybeOne<{ id: string; numero: number | null }>(
    razao === 'estoque'
      ? `SELECT n.id, n.numero FROM nota_fiscal n WHERE n.empresa_id = $1 AND n.pedido_venda_id = $2
            AND EXISTS (SELECT 1 FROM movimentacao_estoque m WHERE m.origem_tipo = 'notaFiscal' AND m.origem_id = n.id
                          AND NOT EXISTS (SELECT 1 FROM movimentacao_estoque e WHERE e.origem_tipo = 'notaFiscal.estorno'
                                            AND e.origem_id = m.origem_id AND e.origem_linha = m.origem_linha))
          ORDER BY n.id DESC LIMIT 1`
      : `SELECT n.id, n.numero FROM nota_fiscal n WHERE n.empresa_id = $1 AND n.pedido_venda_id = $2
            AND EXISTS (SELECT 1 FROM lancamento l WHERE l.empresa_id = $1 AND l.origem_tipo = 'notaFiscal'
                          AND l.origem_id = n.id AND l.situacao <> 3)
          ORDER BY n.id DESC LIMIT 1`,
    [context.scope.empresaId, pedidoId],
  );
  return nota ? { tipo: 'notaFiscal', id: Number(nota.id), numero: nota.numero } : null;
}

/**
 * Refuses (409) undoing the titles of `origem` while one of them has a baixa, naming it:
 * "… a conta a receber NF 12 (parcela 1) tem baixa. Estorne o recebimento antes."
 */
export async function recusarComBaixa(context: PostingContext, origem: Origem, inicio: string) {
  const comBaixa = await context.tx.maybeOne<{ numero_documento: string | null; parcela: number }>(
    `SELECT l.numero_documento, l.parcela FROM lancamento l
      WHERE l.empresa_id = $1 AND l.origem_tipo = $2 AND l.origem_id = $3 AND l.situacao <> 3
        AND EXISTS (SELECT 1 FROM baixa b WHERE b.lancamento_id = l.id AND NOT b.estornada)
      ORDER BY l.parcela LIMIT 1`,
    [context.scope.empresaId, origem.tipo, origem.id],
  );
  if (comBaixa)
    throw new HttpError(
      409,
      origem.tipo === 'notaFiscal' ? 'NOTA_COM_BAIXA' : 'PEDIDO_COM_BAIXA',
      `${inicio}: a conta a receber${comBaixa.numero_documento ? ` ${comBaixa.numero_documento}` : ''} (parcela ${comBaixa.parcela}) tem baixa. Estorne o recebimento antes.`,
    );
}

/** Refuses (409) undoing a launch of a pedido that has a confirmed devolução (it would be undone twice). */
export async function recusarComDevolucao(context: PostingContext, pedidoId: number, inicio: string) {
  const devolucao = await context.tx.maybeOne<{ numero: number }>(
    `SELECT numero FROM devolucao_venda WHERE empresa_id = $1 AND pedido_venda_id = $2 AND situacao = 'confirmada'
      ORDER BY numero LIMIT 1`,
    [context.scope.empresaId, pedidoId],
  );
  if (devolucao)
    throw new HttpError(
      409,
      'PEDIDO_COM_DEVOLUCAO',
      `${inicio}: o pedido tem a devolução nº ${devolucao.numero} confirmada.`,
    );
}
