import { describe, expect, it } from 'vitest';
import {
  addMeses,
  inicioDoPeriodo,
  isIsoDate,
  periodoComparado,
  periodosEntre,
  variacaoPercentual,
} from './periodos.ts';

describe('finance report periods', () => {
  it('compares whole months with the months before and other ranges with the days before', () => {
    expect(periodoComparado('2026-03-01', '2026-03-31', 'anterior')).toEqual({
      de: '2026-02-01',
      ate: '2026-02-28',
    });
    expect(periodoComparado('2026-01-01', '2026-03-31', 'anterior')).toEqual({
      de: '2025-10-01',
      ate: '2025-12-31',
    });
    expect(periodoComparado('2026-11-01', '2026-11-28', 'anterior')).toEqual({
      de: '2026-10-01',
      ate: '2026-10-28',
    });
    expect(periodoComparado('2026-03-01', '2026-03-30', 'anterior')).toEqual({
      de: '2026-02-01',
      ate: '2026-02-28',
    });
    expect(periodoComparado('2026-03-10', '2026-03-19', 'anterior')).toEqual({
      de: '2026-02-28',
      ate: '2026-03-09',
    });
    expect(periodoComparado('2024-02-01', '2024-02-29', 'ano')).toEqual({
      de: '2023-02-01',
      ate: '2023-02-28',
    });
  });

  it('clamps month arithmetic to the month end', () => {
    expect(addMeses('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMeses('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('buckets by day, Monday-based week and month, clipped to the range', () => {
    expect(inicioDoPeriodo('2026-11-29', 'semana')).toBe('2026-11-23'); // a Sunday
    expect(periodosEntre('2026-11-27', '2026-12-08', 'semana')).toEqual([
      { inicio: '2026-11-27', fim: '2026-11-29' },
      { inicio: '2026-11-30', fim: '2026-12-06' },
      { inicio: '2026-12-07', fim: '2026-12-08' },
    ]);
    expect(periodosEntre('2026-01-15', '2026-03-10', 'mes')).toEqual([
      { inicio: '2026-01-15', fim: '2026-01-31' },
      { inicio: '2026-02-01', fim: '2026-02-28' },
      { inicio: '2026-03-01', fim: '2026-03-10' },
    ]);
    expect(periodosEntre('2026-01-30', '2026-02-01', 'dia')).toHaveLength(3);
  });

  it('guards the change against a zero base and rejects impossible dates', () => {
    expect(variacaoPercentual(150, 100)).toBe(50);
    expect(variacaoPercentual(-50, -100)).toBe(50);
    expect(variacaoPercentual(10, 0)).toBeNull();
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-02-28')).toBe(true);
  });
});
