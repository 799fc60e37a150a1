import { CACHE_TTL_MS, STORAGE } from '../../core/constants.ts';

interface Ambiente {
  dominio: string;
  nome: string;
  api_endpoint: string;
}

/**
 * The API base for this page's origin, chosen from the published environment list (spec 000 §7,
 * GET /ambientes.json, cached 24 h under "cache:ambientes" when the tenant caches responses); falls
 * back to the base the server wrote into the page when the list is unreachable or does not name this host.
 */
export async function resolveApiEndpoint(
  fallback: string,
  cacheEnabled: boolean,
  hostname = window.location.hostname,
): Promise<string> {
  const key = `${STORAGE.CACHE_PREFIX}ambientes`;
  let list: Ambiente[] | null = null;
  try {
    const cached = !cacheEnabled
      ? null
      : (JSON.parse(window.localStorage.getItem(key) ?? 'null') as {
          expiresAt: number;
          value: Ambiente[];
        } | null);
    if (cached && cached.expiresAt > Date.now()) list = cached.value;
  } catch {
    list = null;
  }
  if (!list) {
    try {
      const response = await fetch(`${fallback.replace(/\/$/, '')}/ambientes.json`);
      if (response.ok) {
        list = (await response.json()) as Ambiente[];
        if (cacheEnabled)
          window.localStorage.setItem(
            key,
            JSON.stringify({ expiresAt: Date.now() + CACHE_TTL_MS.apiList, value: list }),
          );
      }
    } catch {
      list = null;
    }
  }
  const entry = list?.find((item) => item.dominio === hostname);
  return entry?.api_endpoint || fallback;
}
