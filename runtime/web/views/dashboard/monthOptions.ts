/** How many months the reference-month picker offers (the current one and the ones before it). */
export const REFERENCE_MONTHS = 24;

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The months up to `current` (AAAA-MM), newest first, labelled "novembro de 2026". */
export function monthOptions(
  current: string,
  count = REFERENCE_MONTHS,
): Array<{ value: string; label: string }> {
  const [year, month] = current.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - index, 1));
    const value = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    return { value, label: monthName.format(date) };
  });
}
