import { useEffect, useState } from 'react';
import { HEADER_INIT_WAIT_MS } from '../../core/constants.ts';
import { useSession } from '../app/RuntimeContext.tsx';

/**
 * The header's user-dependent parts start at once when the user info is there, else after
 * HEADER_INIT_WAIT_MS (spec 000 §2.2), asking for the user info again if it is still missing.
 */
export function useHeaderReady(): boolean {
  const { user, token, refreshUser } = useSession();
  const [waited, setWaited] = useState(() => user !== null);
  useEffect(() => {
    if (waited) return;
    const timer = window.setTimeout(() => setWaited(true), HEADER_INIT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [waited]);
  useEffect(() => {
    if (waited && !user && token) void refreshUser();
  }, [waited, user, token, refreshUser]);
  return waited && user !== null;
}
