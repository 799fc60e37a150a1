import type { SessionUser } from '../types.ts';

/** The flags of a user that grant rights beyond a perfil (API names). */
export type UsuarioFlag =
  | 'perfilAdmin'
  | 'isContador'
  | 'suporteWhiteLabel'
  | 'isAvanco'
  | 'master'
  | 'painelAdministrativo';

/** Platform flags: set or cleared by platform staff (isAvanco) only, never by a white-label's master. */
export const STAFF_FLAGS: readonly UsuarioFlag[] = [
  'isAvanco',
  'master',
  'suporteWhiteLabel',
  'painelAdministrativo',
];

/** Company flags: set or cleared by the company's administrator, its accountant or platform staff. */
export const COMPANY_FLAGS: readonly UsuarioFlag[] = ['perfilAdmin', 'isContador'];

export const SELF_ESCALATION_MESSAGE =
  'Você não pode aumentar os próprios acessos (perfil, permissões ou filiais).';

/** Whether `actor` administers a company's users beyond the perfil rules (administrator, accountant, staff). */
export function administersUsuarios(actor: SessionUser): boolean {
  return Boolean(actor.isAvanco || actor.perfilAdmin || actor.isContador);
}

/**
 * Who may change `flag` of a user to `value` (README "Segurança"): nobody raises their own rights; only
 * platform staff (isAvanco) touch the platform flags; administrators, accountants and staff the company
 * flags. Returns null when allowed, else the pt-BR reason for a 403.
 */
export function usuarioFlagRefusal(
  actor: SessionUser,
  flag: UsuarioFlag,
  value: boolean,
  self: boolean,
): string | null {
  if (STAFF_FLAGS.includes(flag) && !actor.isAvanco) {
    return `Somente a equipe da plataforma pode alterar o campo ${flag}.`;
  }
  if (value && self) return SELF_ESCALATION_MESSAGE;
  if (!administersUsuarios(actor)) return `Somente um administrador pode alterar ${flag} de um usuário.`;
  return null;
}

/**
 * Who may change a user's perfil (the `CONFIG_USUARIOS` permission checked by the route aside): never the
 * user themself, unless they already hold every right (perfilAdmin or platform staff). Null when allowed.
 */
export function usuarioPerfilRefusal(actor: SessionUser, self: boolean): string | null {
  return self && !actor.perfilAdmin && !actor.isAvanco ? SELF_ESCALATION_MESSAGE : null;
}
