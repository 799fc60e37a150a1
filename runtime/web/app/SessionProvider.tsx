import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { CACHE_TTL_MS, STORAGE, SYSTEM_ID } from '../../core/constants.ts';
import { SessionContext, type SessionState, type UserInfo, useRuntime } from './RuntimeContext.tsx';

/** Thrown by login with the HTTP status, so screens can tell 401 from other failures (spec 000 §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const message = (body as { error?: { message?: string } } | undefined)?.error?.message;
    super(message ?? `HTTP ${status}`);
  }
}

/**
 * Holds the session: the token under TOKEN_ID and the user info under INFO (both prefixed with the
 * configuration id), user info cached 1 h when the tenant enables caching.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const runtime = useRuntime();
  const { storage, api, cache } = runtime;
  const [token, setToken] = useState<string | null>(() => storage.get(STORAGE.TOKEN_ID));
  const [user, setUser] = useState<UserInfo | null>(() => storage.getJson<UserInfo>(STORAGE.INFO));

  const fetchUser = useCallback(
    async (force = false): Promise<UserInfo | null> => {
      if (!storage.get(STORAGE.TOKEN_ID)) return null;
      if (force) cache.invalidate('getUserInfo');
      try {
        const info = await cache.get('getUserInfo', CACHE_TTL_MS.userInfo, async () => {
          const { data, error, response } = await api.GET('/api/Usuarios/getUserInfo', {
            params: { query: { sistema: SYSTEM_ID } },
          });
          if (error || !data) throw new ApiError(response.status, error);
          return data;
        });
        storage.setJson(STORAGE.INFO, info);
        setUser(info);
        return info;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          storage.remove(STORAGE.TOKEN_ID);
          storage.remove(STORAGE.INFO);
          setToken(null);
          setUser(null);
        }
        return null;
      }
    },
    [api, cache, storage],
  );

  useEffect(() => {
    if (token) void fetchUser();
  }, [token, fetchUser]);

  const value = useMemo<SessionState>(
    () => ({
      token,
      user,
      async login(email, password) {
        const { data, error, response } = await api.POST('/api/Usuarios/login', {
          params: { query: { include: 'user' } },
          body: { email, password },
        });
        if (error || !data) throw new ApiError(response.status, error);
        storage.set(STORAGE.TOKEN_ID, data.id);
        setToken(data.id);
        await fetchUser(true);
        return data.user ?? {};
      },
      async loginWithToken(newToken) {
        storage.set(STORAGE.TOKEN_ID, newToken);
        setToken(newToken);
        return fetchUser(true);
      },
      async logout() {
        if (storage.get(STORAGE.TOKEN_ID)) await api.POST('/api/Usuarios/logout').catch(() => undefined);
        storage.remove(STORAGE.TOKEN_ID);
        storage.remove(STORAGE.INFO);
        storage.clearCache();
        setToken(null);
        setUser(null);
      },
      refreshUser: () => fetchUser(true),
    }),
    [api, fetchUser, storage, token, user],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
