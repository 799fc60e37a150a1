import type { AuthInfo } from '../context.ts';
import type { Database, Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { assertEmailAvailable, EMAIL_TAKEN } from './assertEmailAvailable.ts';
import { listUsuarios } from './listUsuarios.ts';
import { type CurrentUsuario, resolveUsuarioChanges, type UsuarioInput } from './resolveUsuarioChanges.ts';
import { usuarioFieldMap } from './usuarioFieldMap.ts';

const NOT_FOUND = 'Usuário não encontrado.';
const VERSION_CONFLICT =
  'Este registro foi alterado por outro usuário. Recarregue a página e tente novamente.';

function loadCurrent(tx: Tx, id: number, empresaId: number): Promise<CurrentUsuario | undefined> {
  return tx.maybeOne<CurrentUsuario>(
    `SELECT u.id, u.perfil_id, u.perfil_admin, u.is_contador, u.suporte_white_label, u.is_avanco, u.master,
            u.painel_administrativo, u.ativo, u.filial_selecionada_id, u.versao,
            ARRAY(SELECT uf.filial_id::int FROM usuario_filial uf WHERE uf.usuario_id = u.id ORDER BY 1) AS filiais
       FROM usuario u WHERE u.id = $1 AND u.empresa_id = $2 FOR UPDATE`,
    [id, empresaId],
  );
}

async function write(tx: Tx, actor: AuthInfo, set: Record<string, unknown>, id: number | null) {
  // Column names come from resolveUsuarioChanges' fixed list, never from the request.
  const columns = Object.keys(set);
  const values = Object.values(set);
  if (id === null) {
    const all = ['empresa_id', 'config_white_label_id', 'criado_por', 'alterado_por', ...columns];
    const params = [actor.empresaId, actor.configWhiteLabelId, actor.usuarioId, actor.usuarioId, ...values];
    const row = await tx.one<{ id: number }>(
      `INSERT INTO usuario (${all.join(', ')}) VALUES (${all.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      params,
    );
    return row.id;
  }
  const assignments = columns.map((column, i) => `${column} = $${i + 3}`);
  await tx.query(
    `UPDATE usuario SET ${[...assignments, 'versao = versao + 1', 'alterado_em = now()', 'alterado_por = $2'].join(', ')}
      WHERE id = $1`,
    [id, actor.usuarioId, ...values],
  );
  return id;
}

/**
 * Creates (targetId null) or partially updates a user of the actor's company and returns it in the API
 * shape. Updates honour `versao` (409 when stale) and bump it; a password set by someone else ends the
 * user's sessions.
 */
export async function saveUsuario(
  db: Database,
  actor: AuthInfo,
  input: UsuarioInput,
  targetId: number | null,
): Promise<Record<string, unknown>> {
  const tenant = { empresaId: actor.empresaId, usuarioId: actor.usuarioId };
  let email: string | undefined;
  if (input.email !== undefined) {
    // Answer 404 before any e-mail check, so another company's id reveals nothing.
    if (targetId !== null) {
      const exists = await db.withTenant(tenant, (tx) =>
        tx.maybeOne('SELECT 1 FROM usuario WHERE id = $1 AND empresa_id = $2', [targetId, actor.empresaId]),
      );
      if (!exists) throw new HttpError(404, 'USUARIO_NAO_ENCONTRADO', NOT_FOUND);
    }
    email = await assertEmailAvailable(db, actor.configWhiteLabelId, input.email, targetId);
  }
  try {
    const { user, passwordChanged } = await db.withTenant(tenant, async (tx) => {
      const current = targetId === null ? null : await loadCurrent(tx, targetId, actor.empresaId);
      if (targetId !== null && !current) throw new HttpError(404, 'USUARIO_NAO_ENCONTRADO', NOT_FOUND);
      if (current && input.versao !== undefined && input.versao !== current.versao) {
        throw new HttpError(409, 'VERSAO_DESATUALIZADA', VERSION_CONFLICT, { versaoAtual: current.versao });
      }
      const changes = await resolveUsuarioChanges(tx, actor, { ...input, email }, current ?? null);
      const id = await write(tx, actor, changes.set, targetId);
      if (changes.filiais) {
        await tx.query('DELETE FROM usuario_filial WHERE usuario_id = $1', [id]);
        await tx.query(
          `INSERT INTO usuario_filial (usuario_id, filial_id, empresa_id)
           SELECT $1, unnest($2::bigint[]), $3`,
          [id, changes.filiais, actor.empresaId],
        );
      }
      const [saved] = await listUsuarios(
        tx,
        { where: { id } },
        { empresaId: actor.empresaId },
        usuarioFieldMap,
      );
      return { user: saved as Record<string, unknown>, passwordChanged: 'senha_hash' in changes.set };
    });
    if (passwordChanged && targetId !== null) {
      await db.withSystem((tx) => tx.query('DELETE FROM access_token WHERE usuario_id = $1', [targetId]));
    }
    return user;
  } catch (error) {
    // Two requests racing for one address: the unique index decides, with the same message.
    if ((error as { code?: string }).code === '23505') {
      throw new HttpError(409, 'EMAIL_JA_CADASTRADO', EMAIL_TAKEN);
    }
    throw error;
  }
}
