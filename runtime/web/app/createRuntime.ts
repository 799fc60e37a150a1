import { STORAGE } from '../../core/constants.ts';
import { createApiClient } from '../api/createApiClient.ts';
import { createResponseCache } from '../api/responseCache.ts';
import { createAppStorage } from './appStorage.ts';
import type { BootConfig } from './bootConfig.ts';
import type { Runtime } from './RuntimeContext.tsx';

/** Builds the app's infrastructure for one white-label; caching starts off until the tenant enables it. */
export function createRuntime(boot: BootConfig): Runtime {
  const storage = createAppStorage(boot.idConfig);
  const api = createApiClient({ baseUrl: boot.apiEndpoint, getToken: () => storage.get(STORAGE.TOKEN_ID) });
  // The configuration itself says whether caching is on, so the last answer is remembered for the next start.
  let cacheActive = storage.get('CACHE_ATIVO') === '1';
  return {
    boot,
    api,
    storage,
    cache: createResponseCache(() => cacheActive),
    setCacheActive(active) {
      cacheActive = active;
      storage.set('CACHE_ATIVO', active ? '1' : '0');
      if (!active) storage.clearCache();
    },
  };
}
