import { STORAGE } from '../../core/constants.ts';

interface Entry<T> {
  expiresAt: number;
  value: T;
}

/**
 * Cached GET responses in localStorage under "cache:<key>" with a lifetime (spec 000 §9). Only
 * active when the tenant enables caching; Ctrl+F5 and logout clear every entry.
 */
export function createResponseCache(enabled: () => boolean, now: () => number = Date.now) {
  const storageKey = (key: string) => `${STORAGE.CACHE_PREFIX}${key}`;
  return {
    async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      if (enabled()) {
        const raw = window.localStorage.getItem(storageKey(key));
        if (raw) {
          try {
            const entry = JSON.parse(raw) as Entry<T>;
            if (entry.expiresAt > now()) return entry.value;
          } catch {
            // a damaged entry is replaced below
          }
        }
      }
      const value = await load();
      if (enabled()) {
        window.localStorage.setItem(
          storageKey(key),
          JSON.stringify({ expiresAt: now() + ttlMs, value } satisfies Entry<T>),
        );
      }
      return value;
    },
    /** Stores a value loaded before caching was known to be on (the tenant configuration itself). */
    set<T>(key: string, ttlMs: number, value: T): void {
      if (!enabled()) return;
      window.localStorage.setItem(
        storageKey(key),
        JSON.stringify({ expiresAt: now() + ttlMs, value } satisfies Entry<T>),
      );
    },
    invalidate(key: string): void {
      window.localStorage.removeItem(storageKey(key));
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
