/**
 * The CFOP of a rule with its first digit set by the operation: saída 5 (interna), 6 (interestadual),
 * 7 (exterior); entrada 1, 2, 3. A perfil tributário keeps one CFOP (e.g. 5102) for every destination.
 */
export function cfopPorDestino(cfop: string, tipoOperacao: 0 | 1, idDest: 1 | 2 | 3): string {
  const primeiro = tipoOperacao === 1 ? 4 + idDest : idDest;
  return `${primeiro}${cfop.slice(1)}`;
}
