import { describe, expect, it } from 'vitest';
import { isValidPhone, phoneMask } from './phoneMask.ts';

describe('phoneMask', () => {
  it('formats 11 digits as (00) 0 0000-0000', () => {
    expect(phoneMask('11987654321')).toBe('(11) 9 8765-4321');
  });

  it('formats 10 digits as (00) 0000-0000', () => {
    expect(phoneMask('1134567890')).toBe('(11) 3456-7890');
  });

  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['113', '(11) 3'],
    ['113456', '(11) 3456'],
    ['1134567', '(11) 3456-7'],
    ['113456789', '(11) 3456-789'],
  ])('masks the partial input %j as %j', (typed, masked) => {
    expect(phoneMask(typed)).toBe(masked);
  });

  it('switches to the mobile mask when the 11th digit is typed', () => {
    expect(phoneMask('(11) 9876-5432')).toBe('(11) 9876-5432');
    expect(phoneMask('(11) 9876-54321')).toBe('(11) 9 8765-4321');
  });

  it('drops non-digits and digits beyond the eleventh', () => {
    expect(phoneMask('a1b1-9876x54321')).toBe('(11) 9 8765-4321');
    expect(phoneMask('119876543219999')).toBe('(11) 9 8765-4321');
  });

  it('treats null and undefined as empty', () => {
    expect(phoneMask(null)).toBe('');
    expect(phoneMask(undefined)).toBe('');
  });
});

describe('isValidPhone', () => {
  it('accepts 10 and 11 digits, masked or not', () => {
    expect(isValidPhone('1134567890')).toBe(true);
    expect(isValidPhone('(11) 3456-7890')).toBe(true);
    expect(isValidPhone('11987654321')).toBe(true);
    expect(isValidPhone('(11) 9 8765-4321')).toBe(true);
  });

  it('rejects other digit counts', () => {
    expect(isValidPhone('113456789')).toBe(false);
    expect(isValidPhone('119876543210')).toBe(false);
    expect(isValidPhone('')).toBe(false);
    expect(isValidPhone(null)).toBe(false);
  });

  it('rejects characters that are not part of the mask', () => {
    expect(isValidPhone('11a3456-7890')).toBe(false);
  });
});
