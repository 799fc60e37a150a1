/** Today in Brasília (AAAA-MM-DD): due dates and the dashboard's current month are Brasília days. */
export function hojeBrasilia(now = new Date()): string {
  return now.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
}
