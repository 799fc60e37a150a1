/**
 * Date arithmetic of the finance reports (DRE, fluxo de caixa) on ISO dates (AAAA-MM-DD), in UTC so a
 * day never shifts: comparison periods and the buckets of a daily / weekly / monthly series.
 */

export type Agrupamento = 'dia' | 'semana' | 'mes';
export type Comparacao = 'anterior' | 'ano';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);

/** Whether `value` is a real calendar date AAAA-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && ISO.test(value) && toIso(toDate(value)) === value;
}

/** `iso` plus `dias` days (negative goes back). */
export function addDias(iso: string, dias: number): string {
  const date = toDate(iso);
  date.setUTCDate(date.getUTCDate() + dias);
  return toIso(date);
}

/** Whole days from `de` to `ate` (0 on the same day). */
export function diasEntre(de: string, ate: string): number {
  return Math.round((toDate(ate).getTime() - toDate(de).getTime()) / 86_400_000);
}

/** `iso` plus `meses` months, the day clamped to the month end (31/03 − 1 month → 28/02 or 29/02). */
export function addMeses(iso: string, meses: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + meses + 1, 0)).getUTCDate();
  return toIso(new Date(Date.UTC(y, m - 1 + meses, Math.min(d, last))));
}

const isMonthStart = (iso: string) => iso.endsWith('-01');
const isMonthEnd = (iso: string) => addDias(iso, 1).endsWith('-01');

/**
 * The period a report compares with: `ano` the same dates a year before; `anterior` the months before
 * when the period starts on a 1st (março → fevereiro, 1º tri → 4º tri, 01–28/11 → 01–28/10), else as
 * many days right before it.
 */
export function periodoComparado(
  de: string,
  ate: string,
  comparacao: Comparacao,
): { de: string; ate: string } {
  if (comparacao === 'ano') return { de: addMeses(de, -12), ate: addMeses(ate, -12) };
  if (isMonthStart(de)) {
    const [y1, m1] = de.split('-').map(Number) as [number, number];
    const [y2, m2] = ate.split('-').map(Number) as [number, number];
    const meses = (y2 - y1) * 12 + (m2 - m1) + 1;
    // Whole months, or month to date: the same days of the months before (01–28/11 → 01–28/10).
    return { de: addMeses(de, -meses), ate: isMonthEnd(ate) ? addDias(de, -1) : addMeses(ate, -meses) };
  }
  const dias = diasEntre(de, ate) + 1;
  return { de: addDias(de, -dias), ate: addDias(de, -1) };
}

/** The first day of the bucket `iso` falls in: itself, the Monday of its week, or the 1st of its month. */
export function inicioDoPeriodo(iso: string, agrupamento: Agrupamento): string {
  if (agrupamento === 'dia') return iso;
  if (agrupamento === 'mes') return `${iso.slice(0, 8)}01`;
  const weekday = (toDate(iso).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDias(iso, -weekday);
}

/** The buckets covering `de`..`ate` in order, each clipped to the range: {inicio, fim}. */
export function periodosEntre(
  de: string,
  ate: string,
  agrupamento: Agrupamento,
): Array<{ inicio: string; fim: string }> {
  const periodos: Array<{ inicio: string; fim: string }> = [];
  let inicio = de;
  while (inicio <= ate) {
    const next =
      agrupamento === 'dia'
        ? addDias(inicio, 1)
        : agrupamento === 'semana'
          ? addDias(inicioDoPeriodo(inicio, 'semana'), 7)
          : addMeses(`${inicio.slice(0, 8)}01`, 1);
    const fim = addDias(next, -1) < ate ? addDias(next, -1) : ate;
    periodos.push({ inicio, fim });
    inicio = next;
  }
  return periodos;
}

/** Change of `valor` over `anterior` in percent, one decimal; null when there is nothing to compare with. */
export function variacaoPercentual(valor: number, anterior: number): number | null {
  if (anterior === 0) return null;
  return Math.round(((valor - anterior) / Math.abs(anterior)) * 1000) / 10;
}
