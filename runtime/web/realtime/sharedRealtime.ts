import { createRealtimeConnection, type RealtimeConnection } from './createRealtimeConnection.ts';

/** A connection with no user left is closed after this pause (route changes remount the header). */
const IDLE_CLOSE_MS = 1000;

let current: { connection: RealtimeConnection; users: number; idle?: ReturnType<typeof setTimeout> } | null =
  null;

/**
 * One realtime connection per session for the whole page (module singleton keyed by endpoint and
 * token): acquire it where events are needed, release it when done; a new token replaces the old
 * connection, and the last release (logout unmounts the shell) closes it.
 */
export const sharedRealtime = {
  acquire(apiEndpoint: string, token: string): RealtimeConnection {
    const key = `${apiEndpoint}|${token}`;
    if (current && current.connection.key !== key) {
      clearTimeout(current.idle);
      current.connection.close();
      current = null;
    }
    if (!current) current = { connection: createRealtimeConnection(apiEndpoint, token), users: 0 };
    clearTimeout(current.idle);
    current.users += 1;
    return current.connection;
  },
  release(connection: RealtimeConnection): void {
    if (!current || current.connection !== connection) return;
    current.users -= 1;
    if (current.users > 0) return;
    const idle = current;
    idle.idle = setTimeout(() => {
      if (current !== idle || idle.users > 0) return;
      idle.connection.close();
      current = null;
    }, IDLE_CLOSE_MS);
  },
};
