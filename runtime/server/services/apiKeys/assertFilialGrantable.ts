import type { AuthInfo } from '../../context.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';

const REFUSED =
  'Você não tem acesso a esta filial; escolha para a chave de API uma filial em que você trabalha.';

/**
 * The branch of an API key must be one its creator may switch to (as "trocar filial" allows): any active
 * branch for the company's administrator, else one of the user's branches; a key that creates keys, only
 * its own branch. Otherwise a user of one branch could reach another's records through a key.
 */
export async function assertFilialGrantable(
  tx: Tx,
  auth: AuthInfo | undefined,
  filialId: unknown,
): Promise<void> {
  if (typeof filialId !== 'number' || !auth) return;
  if (auth.apiKeyId !== undefined) {
    if (auth.filialId !== filialId) throw new HttpError(403, 'ACESSO_NEGADO', REFUSED);
    return;
  }
  const allowed = await tx.maybeOne(
    `SELECT f.id FROM filial f
      WHERE f.id = $1 AND f.ativo
        AND ($3 OR EXISTS (SELECT 1 FROM usuario_filial uf WHERE uf.filial_id = f.id AND uf.usuario_id = $2))`,
    [filialId, auth.usuarioId, auth.perfilAdmin],
  );
  if (!allowed) throw new HttpError(403, 'ACESSO_NEGADO', REFUSED);
}
