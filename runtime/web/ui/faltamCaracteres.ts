/** How many more characters a typed text needs ("" when it has enough). */
export function faltamCaracteres(text: string, minLength = 0): string {
  const missing = minLength - text.trim().length;
  if (missing <= 0) return '';
  return missing === 1 ? 'Falta 1 caractere.' : `Faltam ${missing} caracteres.`;
}
