import { addDays, addMonthsClamped } from './parcelas.ts';

/** Most occurrences a series may have (Conta Azul's cap, flows.md "recorrencia"). */
export const MAX_OCORRENCIAS = 366;

/** A recurring series as the schedule reads it (lancamentoRecorrente). */
export interface Recorrencia {
  /** Frequency: S semanal, M mensal, A anual (intervaloRecorrencia). */
  intervalo: 'S' | 'M' | 'A';
  /** Every how many weeks/months/years (1 = every one). */
  aCada: number;
  /** First due date, YYYY-MM-DD. */
  dataInicio: string;
  /** Due day of monthly series (31 = the month's last day); empty = the day of dataInicio. */
  diaVencimento: number | null;
  /** Number of occurrences; empty = until dataFim or the cap. */
  ocorrencias: number | null;
  /** Last possible due date, YYYY-MM-DD; empty = open-ended. */
  dataFim: string | null;
}

/** One occurrence: its number (the title's parcela) and due date. */
export interface Ocorrencia {
  parcela: number;
  vencimento: string;
}

/** A refused series: the message is pt-BR, for a 4xx. */
export class RecorrenciaInvalidaError extends Error {}

/** pt-BR refusal of a series that cannot produce its dates (a 4xx for the form), or null when it is valid. */
export function validarRecorrencia(serie: Recorrencia): string | null {
  if (!['S', 'M', 'A'].includes(serie.intervalo)) return 'Intervalo da recorrência inválido.';
  if (!Number.isInteger(serie.aCada) || serie.aCada < 1 || serie.aCada > 99)
    return 'Repetir a cada: informe um número inteiro de 1 a 99.';
  if (serie.ocorrencias !== null && (!Number.isInteger(serie.ocorrencias) || serie.ocorrencias < 1))
    return 'Ocorrências: informe um número inteiro maior que zero.';
  if (serie.ocorrencias !== null && serie.ocorrencias > MAX_OCORRENCIAS)
    return `Uma recorrência tem no máximo ${MAX_OCORRENCIAS} ocorrências (informado: ${serie.ocorrencias}).`;
  if (serie.dataFim !== null && serie.dataFim < serie.dataInicio)
    return 'A data de término da recorrência é anterior à data de início.';
  return null;
}

/** Due date of occurrence `n` (1-based), stepping from the start so a clamped day does not drift (31 → 28 → 31). */
function vencimentoDe(serie: Recorrencia, n: number): string {
  const step = (n - 1) * serie.aCada;
  if (serie.intervalo === 'S') return addDays(serie.dataInicio, step * 7);
  if (serie.intervalo === 'A') return addMonthsClamped(serie.dataInicio, step * 12);
  const dia = serie.diaVencimento ?? Number(serie.dataInicio.slice(8, 10));
  // Day `dia` (clamped to the month end) of the start month plus `offset` months.
  const inMonth = (offset: number) => {
    const month = addMonthsClamped(`${serie.dataInicio.slice(0, 8)}01`, offset);
    const last = Number(addDays(addMonthsClamped(month, 1), -1).slice(8, 10));
    return `${month.slice(0, 8)}${String(Math.min(dia, last)).padStart(2, '0')}`;
  };
  // The first due date is the start's month, or the next one when day `dia` falls before the start.
  const shift = inMonth(0) < serie.dataInicio ? 1 : 0;
  return inMonth(shift + step);
}

/**
 * The occurrences of a series due up to `ate` (inclusive), plus at least `minimoApos` more due after
 * `hoje` when the series has them — the titles the schedule keeps created ahead of time. Bounded by
 * ocorrencias, dataFim and MAX_OCORRENCIAS. Pure and deterministic: occurrence n always has the same date,
 * so a title's parcela identifies it across runs and edits.
 */
export function ocorrenciasAte(
  serie: Recorrencia,
  ate: string,
  options: { hoje?: string; minimoApos?: number } = {},
): Ocorrencia[] {
  const problem = validarRecorrencia(serie);
  if (problem) throw new RecorrenciaInvalidaError(problem);
  const limite = Math.min(serie.ocorrencias ?? MAX_OCORRENCIAS, MAX_OCORRENCIAS);
  const hoje = options.hoje ?? ate;
  let futuras = 0;
  const out: Ocorrencia[] = [];
  for (let n = 1; n <= limite; n++) {
    const vencimento = vencimentoDe(serie, n);
    if (serie.dataFim !== null && vencimento > serie.dataFim) break;
    if (vencimento > ate && futuras >= (options.minimoApos ?? 0)) break;
    if (vencimento > hoje) futuras++;
    out.push({ parcela: n, vencimento });
  }
  return out;
}

/** Due date of occurrence `parcela` when the series has it (edits move open titles to it), else null. */
export function vencimentoDaOcorrencia(serie: Recorrencia, parcela: number): string | null {
  const limite = Math.min(serie.ocorrencias ?? MAX_OCORRENCIAS, MAX_OCORRENCIAS);
  if (parcela < 1 || parcela > limite) return null;
  const vencimento = vencimentoDe(serie, parcela);
  return serie.dataFim !== null && vencimento > serie.dataFim ? null : vencimento;
}
