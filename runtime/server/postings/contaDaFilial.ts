import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import type { RecordScope } from '../services/records/buildRecordQuery.ts';

/**
 * The finance account a posting of the filial uses: the one given, else the filial's first. Without one,
 * the 422 CONTA_OBRIGATORIA with `mensagem`, which tells what to register or choose for this posting.
 */
export async function contaDaFilial(
  tx: Tx,
  scope: RecordScope,
  contaId: number | string | null | undefined,
  mensagem: string,
): Promise<string> {
  const conta = await tx.maybeOne<{ id: string }>(
    `SELECT id FROM conta WHERE empresa_id = $1 AND filial_id = $2 AND ($3::bigint IS NULL OR id = $3)
      ORDER BY id LIMIT 1`,
    [scope.empresaId, scope.filialId, contaId ?? null],
  );
  if (!conta) throw new HttpError(422, 'CONTA_OBRIGATORIA', mensagem);
  return conta.id;
}
