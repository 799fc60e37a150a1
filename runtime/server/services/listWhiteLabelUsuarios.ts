import { ownsWhiteLabel } from '../../core/authorization/ownsWhiteLabel.ts';
import { parseFilter } from '../../core/loopbackFilter.ts';
import type { AuthInfo } from '../context.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { listUsuarios } from './listUsuarios.ts';
import { usuarioWhiteLabelFieldMap } from './usuarioFieldMap.ts';

/**
 * Users of every company of white-label `id` with their company name, for platform staff (isAvanco) or
 * that white-label's own master and support users; the same LoopBack filter plus `empresaId`.
 */
export async function listWhiteLabelUsuarios(db: Database, auth: AuthInfo, id: number, rawFilter: unknown) {
  const allowed = ownsWhiteLabel(auth, id) || (auth.suporteWhiteLabel && auth.configWhiteLabelId === id);
  if (!allowed) {
    throw new HttpError(
      403,
      'ACESSO_NEGADO',
      'Somente a equipe da plataforma ou o suporte deste white-label pode listar estes usuários.',
    );
  }
  const filter = parseFilter(rawFilter);
  // Across companies by design: the system role, scoped to the white-label in the WHERE clause.
  return db.withSystem(async (tx) => {
    if (!(await tx.maybeOne('SELECT 1 FROM config_white_label WHERE id = $1', [id]))) {
      throw new HttpError(404, 'WHITE_LABEL_NAO_ENCONTRADO', 'Configuração white-label não encontrada.');
    }
    return listUsuarios(tx, filter, { configWhiteLabelId: id }, usuarioWhiteLabelFieldMap);
  });
}
