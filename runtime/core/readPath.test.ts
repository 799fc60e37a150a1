import { describe, expect, it } from 'vitest';
import { readPath } from './readPath.ts';

describe('readPath', () => {
  it('reads a nested property', () => {
    expect(readPath({ error: { data: { message: 'x' } } }, ['error', 'data', 'message'])).toBe('x');
  });

  it('returns the value itself for an empty path', () => {
    expect(readPath('text', [])).toBe('text');
  });

  it('is undefined when a step is missing or not an object', () => {
    expect(readPath({ error: null }, ['error', 'message'])).toBeUndefined();
    expect(readPath({ error: 'text' }, ['error', 'length'])).toBeUndefined();
    expect(readPath(undefined, ['error'])).toBeUndefined();
  });

  it('reads properties of Error instances', () => {
    expect(readPath(new Error('boom'), ['message'])).toBe('boom');
  });
});
