import type { AuthInfo } from '../context.ts';
import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { assertNotLastAdmin } from './assertNotLastAdmin.ts';
import { guardUsuarioTarget, type UsuarioFlagsRow } from './guardUsuarioTarget.ts';

/** Deletes a user of the actor's company: never yourself (400), never the last administrator (409). */
export async function deleteUsuario(tx: Tx, actor: AuthInfo, id: number): Promise<void> {
  const target = await tx.maybeOne<UsuarioFlagsRow & { ativo: boolean }>(
    `SELECT perfil_admin, is_contador, suporte_white_label, is_avanco, master, painel_administrativo, ativo
       FROM usuario WHERE id = $1 AND empresa_id = $2 FOR UPDATE`,
    [id, actor.empresaId],
  );
  if (!target) throw new HttpError(404, 'USUARIO_NAO_ENCONTRADO', 'Usuário não encontrado.');
  if (id === actor.usuarioId) {
    throw new HttpError(400, 'AUTO_EXCLUSAO', 'Você não pode excluir o próprio usuário.');
  }
  guardUsuarioTarget(actor, target);
  if (target.perfil_admin && target.ativo) await assertNotLastAdmin(tx, actor.empresaId, id, 'excluir');
  await tx.query('DELETE FROM usuario WHERE id = $1 AND empresa_id = $2', [id, actor.empresaId]);
}
