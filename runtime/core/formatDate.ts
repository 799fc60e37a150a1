import { DEFAULT_TIME_ZONE, LOCALE } from './constants.ts';

type DateInput = Date | string | null | undefined;

/** A plain calendar date ('2024-03-05') has no time zone and must not shift to the day before. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per time zone; parts are assembled by hand so engines cannot vary the layout. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Splits the input into zero-padded parts in the time zone; null when the input is empty or invalid. */
function dateParts(
  value: DateInput,
  timeZone: string,
): Record<'day' | 'month' | 'year' | 'time', string> | null {
  if (value === null || value === undefined || value === '') return null;
  const dateOnly = typeof value === 'string' ? DATE_ONLY.exec(value.trim()) : null;
  if (dateOnly) {
    const [, year = '', month = '', day = ''] = dateOnly;
    const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    if (check.getUTCDate() !== Number(day) || check.getUTCMonth() !== Number(month) - 1) return null;
    return { day, month, year, time: '00:00' };
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return {
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    time: `${parts.hour ?? ''}:${parts.minute ?? ''}`,
  };
}

/** Formats as dd/MM/yyyy in the time zone (default America/Sao_Paulo); null or invalid input gives ''. */
export function formatDate(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = dateParts(value, timeZone);
  return parts ? `${parts.day}/${parts.month}/${parts.year}` : '';
}

/** Formats as dd/MM/yyyy HH:mm (24 h) in the time zone (default America/Sao_Paulo); null or invalid gives ''. */
export function formatDateTime(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = dateParts(value, timeZone);
  return parts ? `${parts.day}/${parts.month}/${parts.year} ${parts.time}` : '';
}
