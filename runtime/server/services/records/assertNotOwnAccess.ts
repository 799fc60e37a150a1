import { HttpError } from '../../errors.ts';
import type { RecordContext } from './recordContext.ts';

/**
 * Nobody raises their own rights (README "Segurança"): a row that grants access (an entity with
 * `grantsAccessVia`, the perfil) is not changed by a user who holds it, unless that user already holds
 * every right (perfilAdmin, isContador, suporteWhiteLabel or isAvanco). 403 otherwise.
 */
export async function assertNotOwnAccess(context: RecordContext, id: number): Promise<void> {
  const { tx, record, scope, lookupTarget } = context;
  const via = record.entity.grantsAccessVia;
  if (!via || !scope.usuarioId) return;
  const column = lookupTarget('usuario').fieldMap[via]?.column;
  if (!column) return;
  const holds = await tx.maybeOne(
    `SELECT 1 FROM usuario WHERE id = $1 AND "${column.replaceAll('"', '""')}" = $2
        AND NOT (perfil_admin OR is_contador OR suporte_white_label OR is_avanco)`,
    [scope.usuarioId, id],
  );
  if (holds) {
    const { label, gender } = record.entity;
    throw new HttpError(
      403,
      'ACESSO_NEGADO',
      `Você não pode alterar ${gender === 'f' ? 'a' : 'o'} ${label.toLowerCase()} que você usa; peça a um administrador.`,
    );
  }
}
