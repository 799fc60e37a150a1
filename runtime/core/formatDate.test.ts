import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './formatDate.ts';

describe('formatDate', () => {
  it('formats an ISO instant as dd/MM/yyyy in São Paulo by default', () => {
    expect(formatDate('2024-03-05T15:30:00Z')).toBe('05/03/2024');
  });

  it('uses the São Paulo day, not the UTC day, near midnight', () => {
    // 02:00 UTC on the 6th is still 23:00 on the 5th in São Paulo (UTC−3).
    expect(formatDate('2024-03-06T02:00:00Z')).toBe('05/03/2024');
    expect(formatDate('2024-03-06T02:00:00Z', 'UTC')).toBe('06/03/2024');
  });

  it('accepts a Date', () => {
    expect(formatDate(new Date(Date.UTC(2023, 11, 31, 12)))).toBe('31/12/2023');
  });

  it('keeps a plain calendar date on its own day', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
  });

  it.each([null, undefined, '', 'not a date', '2024-02-30', new Date(Number.NaN)])(
    'gives "" for %j',
    (value) => {
      expect(formatDate(value)).toBe('');
    },
  );
});

describe('formatDateTime', () => {
  it('formats as dd/MM/yyyy HH:mm in São Paulo by default', () => {
    expect(formatDateTime('2024-03-05T15:30:00Z')).toBe('05/03/2024 12:30');
  });

  it('honours another IANA time zone', () => {
    expect(formatDateTime('2024-03-05T15:30:00Z', 'Europe/Lisbon')).toBe('05/03/2024 15:30');
    expect(formatDateTime('2024-03-05T15:30:00Z', 'America/Manaus')).toBe('05/03/2024 11:30');
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatDateTime('2024-03-05T03:00:00Z')).toBe('05/03/2024 00:00');
  });

  it('shows a plain calendar date at 00:00', () => {
    expect(formatDateTime('2024-03-05')).toBe('05/03/2024 00:00');
  });

  it('gives "" for null and invalid input', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('garbage')).toBe('');
  });
});
