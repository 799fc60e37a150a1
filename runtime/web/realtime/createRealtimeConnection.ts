import type { Socket } from 'socket.io-client';

export type RealtimeHandler = (payload: unknown) => void;

/** One socket.io connection of a session: subscribe to server events, close at logout. */
export interface RealtimeConnection {
  readonly key: string;
  /** Calls handler for every `event` from the server; returns the unsubscribe function. */
  on(event: string, handler: RealtimeHandler): () => void;
  close(): void;
}

type LoadClient = () => Promise<Pick<typeof import('socket.io-client'), 'io'>>;

/**
 * Opens the realtime connection of spec 000 §4/§7 to the API endpoint (the page's origin when empty;
 * https maps to wss), websocket transport only: on every (re)connect it sends `authentication` {token},
 * after `authenticated` it sends `interface connect`; `unauthorized` stops reconnecting. The client
 * library is loaded on demand so the login screen does not carry it.
 */
export function createRealtimeConnection(
  apiEndpoint: string,
  token: string,
  loadClient: LoadClient = () => import('socket.io-client'),
): RealtimeConnection {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  let socket: Socket | null = null;
  let closed = false;

  void loadClient()
    .then(({ io }) => {
      if (closed) return;
      const options = { path: '/socket.io', transports: ['websocket'] };
      const origin = apiEndpoint ? new URL(apiEndpoint, window.location.href).origin : undefined;
      const created = origin ? io(origin, options) : io(options);
      socket = created;
      created.on('connect', () => created.emit('authentication', { token }));
      created.on('authenticated', () => created.emit('interface connect'));
      // A rejected token will not become valid by retrying.
      created.on('unauthorized', () => created.disconnect());
      created.onAny((event: string, payload: unknown) => {
        for (const handler of handlers.get(event) ?? []) handler(payload);
      });
    })
    .catch(() => {
      // Live updates are an enhancement: lists still load and report exports fall back to polling.
    });

  return {
    key: `${apiEndpoint}|${token}`,
    on(event, handler) {
      const set = handlers.get(event) ?? new Set<RealtimeHandler>();
      set.add(handler);
      handlers.set(event, set);
      return () => {
        set.delete(handler);
      };
    },
    close() {
      closed = true;
      handlers.clear();
      socket?.disconnect();
      socket = null;
    },
  };
}
