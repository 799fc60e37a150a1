import { describe, expect, it } from 'vitest';
import { monthOptions } from './monthOptions.ts';

describe('monthOptions', () => {
  it('lists the months up to the current one, newest first, in Portuguese, across the year', () => {
    expect(monthOptions('2026-02', 3)).toEqual([
      { value: '2026-02', label: 'fevereiro de 2026' },
      { value: '2026-01', label: 'janeiro de 2026' },
      { value: '2025-12', label: 'dezembro de 2025' },
    ]);
    expect(monthOptions('2026-11')).toHaveLength(24);
  });
});
