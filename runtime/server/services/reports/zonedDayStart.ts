import { DEFAULT_TIME_ZONE } from '../../../core/constants.ts';

/** Minutes the time zone is ahead of UTC at `date` (São Paulo: -180). */
function offsetMinutes(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - date.getTime()) / 60_000);
}

/**
 * ISO instant of 00:00 of a calendar day (`YYYY-MM-DD`, plus `addDays`) in the time zone: the bound of a
 * date filter over a date-time column.
 */
export function zonedDayStart(day: string, addDays = 0, timeZone = DEFAULT_TIME_ZONE): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date + addDays);
  const offset = offsetMinutes(new Date(utcMidnight), timeZone);
  return new Date(utcMidnight - offset * 60_000).toISOString();
}
