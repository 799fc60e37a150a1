import { useEffect, useState } from 'react';
import { useRuntime, useSession } from '../app/RuntimeContext.tsx';
import type { RealtimeConnection } from './createRealtimeConnection.ts';
import { sharedRealtime } from './sharedRealtime.ts';

/**
 * The session's realtime connection while the calling component is mounted (null without a session).
 * Subscribe with `connection.on(event, handler)`, which returns the unsubscribe function.
 */
export function useRealtime(): RealtimeConnection | null {
  const { boot } = useRuntime();
  const { token } = useSession();
  const [connection, setConnection] = useState<RealtimeConnection | null>(null);
  useEffect(() => {
    if (!token) return;
    const acquired = sharedRealtime.acquire(boot.apiEndpoint, token);
    setConnection(acquired);
    return () => {
      sharedRealtime.release(acquired);
      setConnection(null);
    };
  }, [boot.apiEndpoint, token]);
  return connection;
}
