import { type ReactNode, useEffect, useState } from 'react';
import { STORAGE_TYPES } from '../../core/constants.ts';
import { FullPageLoading } from '../ui/FullPageLoading.tsx';
import { useRuntime, useSession } from './RuntimeContext.tsx';

/**
 * Applies the start-up query parameters of spec 000 §2.2 once: ?typeStorage=local|session picks the
 * storage, ?token= logs in with that token; both are then removed from the address and the hash
 * route is kept.
 */
export function StartupParams({ children }: { children: ReactNode }) {
  const { storage } = useRuntime();
  const session = useSession();
  const [ready, setReady] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start-up parameters are applied once
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const typeStorage = params.get('typeStorage');
    if (typeStorage && (STORAGE_TYPES as readonly string[]).includes(typeStorage)) {
      storage.setType(typeStorage as (typeof STORAGE_TYPES)[number]);
    }
    const token = params.get('token');
    const clean = () => {
      if (params.has('token') || params.has('typeStorage')) {
        window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
      }
      setReady(true);
    };
    if (token) void session.loginWithToken(token).finally(clean);
    else clean();
  }, []);

  return ready ? children : <FullPageLoading />;
}
