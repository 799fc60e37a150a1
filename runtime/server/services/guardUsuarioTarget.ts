import type { AuthInfo } from '../context.ts';
import { HttpError } from '../errors.ts';

/** The flags of a stored user that decide who may change or delete it. */
export interface UsuarioFlagsRow {
  perfil_admin: boolean;
  is_contador: boolean;
  suporte_white_label: boolean;
  is_avanco: boolean;
  master: boolean;
  painel_administrativo: boolean;
}

/**
 * Refuses changes to a more powerful user (README "Segurança"): platform staff (isAvanco) only by platform
 * staff; the other platform accounts (master, suporteWhiteLabel, painelAdministrativo) by staff or a master;
 * administrators and accountants only by an administrator, an accountant or staff.
 */
export function guardUsuarioTarget(actor: AuthInfo, target: UsuarioFlagsRow): void {
  if (target.is_avanco && !actor.isAvanco) {
    throw new HttpError(403, 'ACESSO_NEGADO', 'Somente a equipe da plataforma pode alterar este usuário.');
  }
  const staff = actor.isAvanco || actor.master;
  if (
    (target.is_avanco || target.master || target.suporte_white_label || target.painel_administrativo) &&
    !staff
  ) {
    throw new HttpError(403, 'ACESSO_NEGADO', 'Somente a equipe da plataforma pode alterar este usuário.');
  }
  if (
    (target.perfil_admin || target.is_contador) &&
    !actor.isAvanco &&
    !actor.perfilAdmin &&
    !actor.isContador
  ) {
    throw new HttpError(
      403,
      'ACESSO_NEGADO',
      'Somente um administrador pode alterar ou excluir um usuário administrador ou contador.',
    );
  }
}
