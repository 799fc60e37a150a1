import { describe, expect, it } from 'vitest';
import { TokenCache } from './tokenCache.ts';

describe('TokenCache', () => {
  it('keeps a lookup until its time is up, invalid tokens (null) included', () => {
    let now = 1000;
    const cache = new TokenCache<string>(1000, () => now);
    cache.set('a', 'ana', cache.mark());
    cache.set('x', null, cache.mark());
    now = 1999;
    expect(cache.get('a')).toBe('ana');
    expect(cache.get('x')).toBeNull();
    now = 2000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('x')).toBeUndefined();
  });

  it('does not store a lookup that started before a clear (it may predate a logout)', () => {
    const cache = new TokenCache<string>(1000);
    const started = cache.mark();
    cache.clear();
    cache.set('a', 'ana', started);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'ana', cache.mark());
    expect(cache.get('a')).toBe('ana');
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('stores nothing when turned off', () => {
    const cache = new TokenCache<string>(0);
    cache.set('a', 'ana', cache.mark());
    expect(cache.get('a')).toBeUndefined();
  });
});
