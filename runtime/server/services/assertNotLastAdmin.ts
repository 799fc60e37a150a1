import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';

/** 409 when `usuarioId` is the company's only active administrator (it may not be removed or demoted). */
export async function assertNotLastAdmin(tx: Tx, empresaId: number, usuarioId: number, acao: string) {
  const other = await tx.maybeOne(
    'SELECT 1 FROM usuario WHERE empresa_id = $1 AND perfil_admin AND ativo AND id <> $2 LIMIT 1',
    [empresaId, usuarioId],
  );
  if (!other) {
    throw new HttpError(
      409,
      'ULTIMO_ADMINISTRADOR',
      `Não é possível ${acao} o último administrador da empresa. Defina outro administrador antes.`,
    );
  }
}
