const compact = new Intl.NumberFormat('pt-BR', {
  notation: 'compact',
  compactDisplay: 'long',
  maximumFractionDigits: 1,
});

/**
 * The list's record count: "1 registro", "1.234 registros", or for the server's estimate of a big list
 * "cerca de 1,2 milhão de registros" / "cerca de 53 mil registros".
 */
export function countText(total: number, approximate = false): string {
  if (!approximate) return total === 1 ? '1 registro' : `${total.toLocaleString('pt-BR')} registros`;
  const amount = compact.format(total);
  // "milhão", "milhões", "bilhão"… take "de" before the noun; "mil" and plain numbers do not.
  return `cerca de ${amount}${/(ão|ões)$/.test(amount) ? ' de' : ''} registros`;
}
