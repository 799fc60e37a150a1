import { describe, expect, it } from 'vitest';
import { cells } from './index.ts';

const format = (name: string, value: unknown) => cells[name]?.format(value, {});

describe('cell formats ncm, cest and bytes', () => {
  it('writes an NCM/SH position with its dots, whatever its length', () => {
    expect(format('ncm', '22011000')).toBe('2201.10.00');
    expect(format('ncm', '391721')).toBe('3917.21');
    expect(format('ncm', '3917')).toBe('3917');
    expect(format('ncm', null)).toBe('');
  });

  it('writes a seven-digit CEST with its dots and leaves other texts as they are', () => {
    expect(format('cest', '0300100')).toBe('03.001.00');
    expect(format('cest', '03.001.00')).toBe('03.001.00');
    expect(format('cest', undefined)).toBe('');
  });

  it('writes a size in whole KB under 1 MB (at least 1 KB) and in MB with one decimal above', () => {
    expect(format('bytes', 10)).toBe('1 KB');
    expect(format('bytes', 150_000)).toBe('146 KB');
    expect(format('bytes', 5 * 1024 * 1024 + 300_000)).toBe('5,3 MB');
    expect(format('bytes', '2048')).toBe('2 KB');
    expect(format('bytes', null)).toBe('');
    expect(cells.bytes?.align).toBe('right');
  });
});

describe('cell format competencia', () => {
  it("writes a month 'AAAA-MM' (or a date in it) as MM/AAAA and leaves other texts as they are", () => {
    expect(format('competencia', '2026-11')).toBe('11/2026');
    expect(format('competencia', '2026-01-01')).toBe('01/2026');
    expect(format('competencia', 'novembro')).toBe('novembro');
    expect(format('competencia', null)).toBe('');
  });
});
