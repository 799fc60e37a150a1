import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import type { RecordScope } from '../services/records/buildRecordQuery.ts';
import type { PostingContext } from './PostingContext.ts';
import { postStockMovements, type StockLine } from './postStockMovements.ts';
import { stockError } from './stockErrors.ts';

/**
 * Transfers between filiais with goods in transit (schemas/entities/transferenciaFilial): each filial's
 * ledger rows and balances are written under that filial (RLS shows a filial-scoped table only to the
 * filial in app.filial_id), so the services switch app.filial_id inside the transition's transaction and
 * switch it back afterwards. Ledger lines of one document: 1 the origin's saída at its average, 2 the same
 * quantity and value into the destination depósito's in-transit balance (enviar); 3 out of transit at its
 * average, 4 into the destination depósito with exactly that value (receber). Total value is unchanged (E7).
 */

interface Transfer {
  id: number;
  produtoId: number;
  loteId: number | null;
  variacaoId: number | null;
  filialOrigemId: number;
  depositoOrigemId: number;
  filialDestinoId: number;
  depositoDestinoId: number;
  quantidade: number;
  data: string;
  motivo: string;
  origemTipo: string;
}

const idOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function transferOf(context: PostingContext): Transfer {
  const { doc } = context;
  return {
    id: Number(doc.id),
    produtoId: Number(doc.produtoId),
    loteId: idOrNull(doc.loteId),
    variacaoId: idOrNull(doc.variacaoId),
    filialOrigemId: Number(doc.filialOrigemId),
    depositoOrigemId: Number(doc.depositoOrigemId),
    filialDestinoId: Number(doc.filialDestinoId),
    depositoDestinoId: Number(doc.depositoDestinoId),
    quantidade: Number(doc.quantidade),
    data: new Date(doc.data as string).toISOString(),
    motivo: `Transferência entre filiais${doc.numero ? ` nº ${doc.numero}` : ''}`,
    origemTipo: context.record.entity.name,
  };
}

/**
 * Runs `fn` with app.filial_id set to `filialId` (the tenant's RLS then shows that filial's rows), then
 * restores the request's filial. On an error the transaction is rolled back anyway, so nothing to restore.
 */
async function asFilial<T>(
  context: PostingContext,
  filialId: number,
  fn: (scoped: { tx: Tx; scope: RecordScope }) => Promise<T>,
): Promise<T> {
  const { tx, scope } = context;
  await tx.query("SELECT set_config('app.filial_id', $1, true)", [String(filialId)]);
  const result = await fn({ tx, scope: { ...scope, filialId } });
  await tx.query("SELECT set_config('app.filial_id', $1, true)", [
    scope.filialId === null ? '' : String(scope.filialId),
  ]);
  return result;
}

/**
 * 403 unless the user may work on the filial (an administrator: any of the empresa's active ones; others:
 * those of usuario_filial), as /api/Usuarios/selecionarFilial decides: sending needs the origin, receiving
 * the destination, cancelling the origin.
 */
async function assertFilialAccess(
  context: PostingContext,
  filialId: number,
  qual: 'origem' | 'destino',
): Promise<void> {
  const allowed = await context.tx.maybeOne(
    `SELECT f.id FROM filial f JOIN usuario u ON u.id = $2 AND u.empresa_id = f.empresa_id
      WHERE f.id = $1 AND f.ativo
        AND (u.perfil_admin OR EXISTS (SELECT 1 FROM usuario_filial uf WHERE uf.filial_id = f.id AND uf.usuario_id = u.id))`,
    [filialId, context.scope.usuarioId],
  );
  if (!allowed)
    throw new HttpError(
      403,
      'FILIAL_SEM_ACESSO',
      `Você não tem acesso à filial de ${qual} desta transferência: ${qual === 'destino' ? 'o recebimento é feito' : 'o envio e o cancelamento são feitos'} por um usuário da filial de ${qual}.`,
    );
}

/** 422 unless the depósito is one of the filial's (read under that filial). */
async function assertDeposito(
  scoped: { tx: Tx },
  depositoId: number,
  qual: 'origem' | 'destino',
): Promise<void> {
  const found = await scoped.tx.maybeOne('SELECT id FROM deposito WHERE id = $1', [depositoId]);
  if (!found)
    throw stockError(
      qual === 'origem' ? 'DEPOSITO_ORIGEM_INVALIDO' : 'DEPOSITO_DESTINO_INVALIDO',
      `O depósito de ${qual} (id ${depositoId}) não é da filial de ${qual}.`,
    );
}

/** The value a document's ledger line posted (dif_valor), read under the current filial. */
async function postedValue(tx: Tx, transfer: Transfer, linha: number): Promise<number> {
  const row = await tx.one<{ dif_valor: string }>(
    'SELECT dif_valor FROM movimentacao_estoque WHERE origem_tipo = $1 AND origem_id = $2 AND origem_linha = $3',
    [transfer.origemTipo, transfer.id, linha],
  );
  return Number(row.dif_valor);
}

/** When a receipt or cancel is dated: now, or the transfer's date when that is later (never before the sending). */
const postedAt = (context: PostingContext, transfer: Transfer) =>
  new Date(Math.max(Date.parse(context.agora), Date.parse(transfer.data))).toISOString();

const lineOf = (
  transfer: Transfer,
  data: string,
): Omit<StockLine, 'depositoId' | 'movement' | 'origemLinha'> => ({
  produtoId: transfer.produtoId,
  loteId: transfer.loteId,
  variacaoId: transfer.variacaoId,
  data,
  motivo: transfer.motivo,
  origemTipo: transfer.origemTipo,
});

/** Effect `estoque.enviarTransito`: the origin's saída (linha 1) into the destination's in-transit balance (linha 2). */
export async function estoqueEnviarTransito(context: PostingContext): Promise<void> {
  const transfer = transferOf(context);
  if (transfer.filialOrigemId === transfer.filialDestinoId)
    throw stockError(
      'FILIAIS_IGUAIS',
      'A filial de destino deve ser diferente da filial de origem: entre depósitos da mesma filial use a Transferência de estoque.',
    );
  await assertFilialAccess(context, transfer.filialOrigemId, 'origem');
  const valor = await asFilial(context, transfer.filialOrigemId, async (scoped) => {
    await assertDeposito(scoped, transfer.depositoOrigemId, 'origem');
    await postStockMovements(scoped, transfer.id, [
      {
        ...lineOf(transfer, transfer.data),
        depositoId: transfer.depositoOrigemId,
        movement: { tipo: 'saida', qtd: transfer.quantidade },
        origemLinha: 1,
      },
    ]);
    return -(await postedValue(scoped.tx, transfer, 1));
  });
  await asFilial(context, transfer.filialDestinoId, async (scoped) => {
    await assertDeposito(scoped, transfer.depositoDestinoId, 'destino');
    await postStockMovements(scoped, transfer.id, [
      {
        ...lineOf(transfer, transfer.data),
        depositoId: transfer.depositoDestinoId,
        emTransito: true,
        movement: { tipo: 'valorado', qtd: transfer.quantidade, valor },
        origemLinha: 2,
      },
    ]);
  });
}

/**
 * Effect `estoque.receberTransito`: out of the destination's in-transit balance at its average (linha 3)
 * and into the destination depósito with exactly the value that left transit (linha 4), dated now
 * (or on the transfer's date when that is later).
 */
export async function estoqueReceberTransito(context: PostingContext): Promise<void> {
  const transfer = transferOf(context);
  await assertFilialAccess(context, transfer.filialDestinoId, 'destino');
  await asFilial(context, transfer.filialDestinoId, (scoped) =>
    postStockMovements(scoped, transfer.id, [
      {
        ...lineOf(transfer, postedAt(context, transfer)),
        depositoId: transfer.depositoDestinoId,
        emTransito: true,
        movement: { tipo: 'saida', qtd: transfer.quantidade },
        origemLinha: 3,
      },
      {
        ...lineOf(transfer, postedAt(context, transfer)),
        depositoId: transfer.depositoDestinoId,
        movement: ([saida]) => ({
          tipo: 'valorado',
          qtd: transfer.quantidade,
          valor: -(saida?.difValor ?? 0),
        }),
        origemLinha: 4,
      },
    ]),
  );
}

/**
 * Effect `estoque.estornarTransito` (cancel while in transit): reverses every row the document posted,
 * each under its own filial, dated now — first the in-transit row at the destination, then the origin's
 * saída — taking back exactly the quantity and value each posted (origem `<entidade>.estorno`, same linha).
 */
export async function estoqueEstornarTransito(context: PostingContext): Promise<void> {
  const transfer = transferOf(context);
  await assertFilialAccess(context, transfer.filialOrigemId, 'origem');
  for (const filialId of [transfer.filialDestinoId, transfer.filialOrigemId])
    await asFilial(context, filialId, async (scoped) => {
      const rows = await scoped.tx.query<Record<string, unknown>>(
        `SELECT id, produto_id, deposito_id, lote_id, variacao_id, em_transito, qtd, dif_valor, origem_linha
           FROM movimentacao_estoque WHERE origem_tipo = $1 AND origem_id = $2 AND filial_id = $3
          ORDER BY origem_linha DESC`,
        [transfer.origemTipo, transfer.id, filialId],
      );
      await postStockMovements(
        scoped,
        transfer.id,
        rows.map((row) => ({
          produtoId: Number(row.produto_id),
          depositoId: Number(row.deposito_id),
          loteId: idOrNull(row.lote_id),
          variacaoId: idOrNull(row.variacao_id),
          emTransito: row.em_transito === true,
          movement: { tipo: 'valorado', qtd: -Number(row.qtd), valor: -Number(row.dif_valor) },
          data: postedAt(context, transfer),
          motivo: `Cancelamento da ${transfer.motivo.toLowerCase()}`,
          origemTipo: `${transfer.origemTipo}.estorno`,
          origemLinha: Number(row.origem_linha),
          estornoDe: Number(row.id),
        })),
      );
    });
}
