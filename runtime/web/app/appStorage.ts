import { STORAGE, type STORAGE_TYPES } from '../../core/constants.ts';

export type StorageType = (typeof STORAGE_TYPES)[number];

/**
 * Browser storage of one white-label: every key is prefixed with the configuration id (spec 000 §9),
 * and the choice between localStorage and sessionStorage is itself kept under TIPE_STORAGE.
 */
export function createAppStorage(idConfig: string) {
  const typeKey = `${idConfig}${STORAGE.TIPE_STORAGE}`;
  const current = (): Storage =>
    window.localStorage.getItem(typeKey) === 'session' ? window.sessionStorage : window.localStorage;
  const key = (name: string) => `${idConfig}${name}`;
  return {
    idConfig,
    setType(type: StorageType): void {
      window.localStorage.setItem(typeKey, type);
    },
    getType(): StorageType {
      return window.localStorage.getItem(typeKey) === 'session' ? 'session' : 'local';
    },
    get(name: string): string | null {
      return current().getItem(key(name));
    },
    set(name: string, value: string): void {
      current().setItem(key(name), value);
    },
    remove(name: string): void {
      current().removeItem(key(name));
    },
    getJson<T>(name: string): T | null {
      const raw = current().getItem(key(name));
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    setJson(name: string, value: unknown): void {
      current().setItem(key(name), JSON.stringify(value));
    },
    /** Removes every cached response (keys starting with "cache:") from both storages. */
    clearCache(): void {
      for (const storage of [window.localStorage, window.sessionStorage]) {
        for (const name of Object.keys(storage))
          if (name.startsWith(STORAGE.CACHE_PREFIX)) storage.removeItem(name);
      }
    },
  };
}

export type AppStorage = ReturnType<typeof createAppStorage>;
