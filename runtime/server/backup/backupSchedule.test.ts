import { describe, expect, it } from 'vitest';
import { parseBackupSchedule } from './backupSchedule.ts';

describe('parseBackupSchedule', () => {
  it('runs daily at HH:MM local time, today when still ahead, else tomorrow', () => {
    const plan = parseBackupSchedule('03:00');
    const before = new Date(2026, 10, 24, 2, 59);
    expect(plan?.next(before)).toEqual(new Date(2026, 10, 24, 3, 0));
    expect(plan?.next(new Date(2026, 10, 24, 3, 0))).toEqual(new Date(2026, 10, 25, 3, 0));
    expect(plan?.next(new Date(2026, 11, 31, 23, 0))).toEqual(new Date(2027, 0, 1, 3, 0));
  });

  it('runs every N hours on hours divisible by N', () => {
    const plan = parseBackupSchedule('6h');
    expect(plan?.next(new Date(2026, 10, 24, 5, 30))).toEqual(new Date(2026, 10, 24, 6, 0));
    expect(plan?.next(new Date(2026, 10, 24, 18, 0))).toEqual(new Date(2026, 10, 25, 0, 0));
  });

  it('refuses anything else', () => {
    for (const text of ['0 3 * * *', '24:00', '3:60', '0h', 'diario'])
      expect(parseBackupSchedule(text)).toBeUndefined();
  });
});
