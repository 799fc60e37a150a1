/** The previous month as AAAA-MM: fiscal files are filed for the month just closed. */
export function mesAnterior(hoje = new Date()): string {
  const data = new Date(hoje.getFullYear(), hoje.getMonth() - 1, 1);
  return `${data.getFullYear()}-${String(data.getMonth() + 1).padStart(2, '0')}`;
}

/** First and last day (AAAA-MM-DD) of a month AAAA-MM. */
export function diasDoMes(periodo: string): { inicio: string; fim: string } {
  const [ano, mes] = periodo.split('-').map(Number) as [number, number];
  const ultimo = new Date(ano, mes, 0).getDate();
  return { inicio: `${periodo}-01`, fim: `${periodo}-${String(ultimo).padStart(2, '0')}` };
}
