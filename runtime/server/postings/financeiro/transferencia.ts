import { dataBR, toCents } from '../../../core/financeiro/titulos.ts';
import { hojeBrasilia } from '../../../core/hojeBrasilia.ts';
import { HttpError } from '../../errors.ts';
import type { PostingService } from '../PostingContext.ts';
import {
  assertDataConta,
  estornarMovimentos,
  type FinanceiroContext,
  lancarMovimento,
  lockContas,
  movimentosDaOrigem,
} from './razaoFinanceiro.ts';

interface TransferenciaRow {
  tipo: number;
  descricao: string;
  valor: string;
  situacao: number | null;
  conta_id: string | null;
  conta_destino_id: string | null;
  data: string | null;
}

async function lockTransferencia(context: FinanceiroContext, id: number): Promise<TransferenciaRow> {
  const row = await context.tx.maybeOne<TransferenciaRow>(
    `SELECT tipo, descricao, valor, situacao, conta_id, conta_destino_id,
            to_char(coalesce(data_vencimento, data_emissao), 'YYYY-MM-DD') AS data
       FROM lancamento WHERE id = $1 AND empresa_id = $2 FOR UPDATE`,
    [id, context.scope.empresaId],
  );
  if (row?.tipo !== 3)
    throw new HttpError(404, 'TRANSFERENCIA_NAO_ENCONTRADA', `A transferência ${id} não foi encontrada.`);
  return row;
}

/**
 * Carries out a transfer (tipo 3, F4): two mirrored movements on its date with the shared origem
 * (transferencia, id) — line 1 −valor on the origin, line 2 +valor on the destination; origin ≠ destination,
 * neither before its saldo inicial. The transfer becomes pago (valor_pago = valor).
 */
export async function efetivarTransferencia(context: FinanceiroContext, id: number): Promise<number[]> {
  const { tx, scope } = context;
  const row = await lockTransferencia(context, id);
  if (row.situacao !== 0 && row.situacao !== null)
    throw new HttpError(
      409,
      'TRANSFERENCIA_NAO_ABERTA',
      `"${row.descricao}" ${row.situacao === 3 ? 'está cancelada' : 'já foi efetivada'}.`,
    );
  const origem = Number(row.conta_id);
  const destino = Number(row.conta_destino_id);
  if (!row.conta_destino_id)
    throw new HttpError(422, 'CONTA_DESTINO_OBRIGATORIA', 'Informe a conta de destino da transferência.');
  if (origem === destino)
    throw new HttpError(
      422,
      'TRANSFERENCIA_MESMA_CONTA',
      'A conta de destino deve ser diferente da conta de origem.',
      { fields: { contaDestinoId: 'A conta de destino deve ser diferente da conta de origem.' } },
    );
  if (!row.data) throw new HttpError(422, 'DATA_OBRIGATORIA', 'Informe a data da transferência.');
  const valor = toCents(row.valor);
  if (valor <= 0)
    throw new HttpError(422, 'VALOR_INVALIDO', 'O valor da transferência deve ser maior que zero.');
  const contas = await lockContas(context, [origem, destino]);
  for (const conta of contas.values()) assertDataConta(conta, row.data);
  const ids: number[] = [];
  for (const [linha, contaId, sinal] of [
    [1, origem, -1],
    [2, destino, 1],
  ] as const)
    ids.push(
      await lancarMovimento(context, {
        contaId,
        data: row.data,
        valor: sinal * valor,
        descricao: row.descricao,
        lancamentoId: id,
        origemTipo: 'transferencia',
        origemId: id,
        origemLinha: linha,
      }),
    );
  await tx.query(
    `UPDATE lancamento SET valor_pago = valor, situacao = 1, versao = versao + 1, alterado_em = now(), alterado_por = $2
      WHERE id = $1`,
    [id, scope.usuarioId],
  );
  context.events?.push(
    { event: 'lancamento.efetivado', id, empresaId: scope.empresaId, situacao: '1' },
    ...ids.map((movimento) => ({
      event: 'movimentoFinanceiro.lancado',
      id: movimento,
      empresaId: scope.empresaId,
    })),
  );
  return ids;
}

/**
 * Reverses a carried-out transfer: the reversing rows of both legs dated `data` (default the transfer's
 * own date is not assumed: today), and the transfer cancelled (its origem is spent: a new transfer is typed
 * again). Refused while a leg is reconciled with a statement line.
 */
export async function estornarTransferencia(
  context: FinanceiroContext,
  id: number,
  data: string,
): Promise<number[]> {
  const { tx, scope } = context;
  const row = await lockTransferencia(context, id);
  if (row.situacao !== 1)
    throw new HttpError(409, 'TRANSFERENCIA_NAO_EFETIVADA', `"${row.descricao}" não está efetivada.`);
  const movimentos = await movimentosDaOrigem(context, 'transferencia', id);
  if (row.data && data < row.data)
    throw new HttpError(
      422,
      'ESTORNO_ANTES_DO_MOVIMENTO',
      `A data do estorno (${dataBR(data)}) não pode ser anterior à da transferência (${dataBR(row.data)}).`,
    );
  const ids = await estornarMovimentos(
    context,
    movimentos,
    data,
    'Desfaça a conciliação da transferência com o extrato bancário antes de estorná-la.',
  );
  await tx.query(
    `UPDATE lancamento SET valor_pago = 0, situacao = 3, versao = versao + 1, alterado_em = now(), alterado_por = $2
      WHERE id = $1`,
    [id, scope.usuarioId],
  );
  context.events?.push(
    { event: 'lancamento.estornado', id, empresaId: scope.empresaId, situacao: '3' },
    ...ids.map((movimento) => ({
      event: 'movimentoFinanceiro.lancado',
      id: movimento,
      empresaId: scope.empresaId,
    })),
  );
  return ids;
}

/** Effect `financeiro.efetivarTransferencia` (POST /api/Transferencias/{id}/efetivar). */
export const efetivarTransferenciaEffect: PostingService = async (context) => {
  await efetivarTransferencia(context, Number(context.doc.id));
};

/** Effect `financeiro.estornarTransferencia` (POST /api/Transferencias/{id}/estornarTransferencia). */
export const estornarTransferenciaEffect: PostingService = async (context) => {
  await estornarTransferencia(context, Number(context.doc.id), hojeBrasilia(new Date(context.agora)));
};
