/** Where a user lands after login (spec 000 §2.3, §6): staff → administrator area, accountant → XML export. */
export function homeRouteFor(user: { isAvanco?: boolean; master?: boolean; isContador?: boolean }): string {
  if (user.isAvanco || user.master) return '/administrador/configuracoes/dashboard';
  if (user.isContador) return '/pages/nfe/exportar-xml-nfe';
  return '/pages/dashboard';
}
