import { describe, expect, it } from 'vitest';
import { escapeLike } from './escapeLike.ts';

describe('escapeLike', () => {
  it('escapes %, _ and the backslash, and leaves every other character alone', () => {
    expect(escapeLike('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(escapeLike('Café 500 g')).toBe('Café 500 g');
    expect(escapeLike('')).toBe('');
  });
});
