/** The flags and company of a signed-in user that decide who may export a company's data. */
export interface EmpresaExportActor {
  isAvanco?: boolean;
  master?: boolean;
  empresaId?: number;
}

/**
 * Whether `actor` may export (and download the exports of) company `empresaId` — all of its data, for
 * LGPD portability or to move it: platform staff (isAvanco) for any company, a `master` user only for
 * their own company, nobody else (not even the company's administrator).
 */
export function canExportEmpresa(actor: EmpresaExportActor | null | undefined, empresaId: number): boolean {
  if (!actor) return false;
  if (actor.isAvanco) return true;
  return actor.master === true && actor.empresaId === empresaId;
}
