import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { hashToken } from '../services/tokens.ts';
import { TOKEN_LOOKUP_SQL } from './auth.ts';

/** Pushes events to connected browsers (spec 000 §4, §7: websocket transport only). */
export interface Realtime {
  emitToUser(usuarioId: number, event: string, payload?: unknown): void;
  emitToEmpresa(empresaId: number, event: string, payload?: unknown): void;
  emitToWhiteLabel(configWhiteLabelId: number, event: string, payload?: unknown): void;
  /** Disconnects, in every process, the sockets authenticated with this token (logout). */
  disconnectToken(tokenHash: Buffer): void;
  /** Disconnects, in every process, every socket of the user. */
  disconnectUser(usuarioId: number): void;
  /**
   * Checks again, in every process, the token of each socket of the user (after deactivation or a perfil
   * change): sockets whose session is no longer valid get 'unauthorized' and are disconnected.
   */
  revalidateUser(usuarioId: number): void;
  /**
   * A white-label published (or restored) a studio version: every process reloads its merged schemas, then
   * the white-label's browsers get 'schemas.publicados' and fetch the bundle again.
   */
  schemasPublished(configWhiteLabelId: number, versao: number): void;
}

/** Server-to-server event (through the adapter) asking each process to re-check a user's sockets. */
const REVALIDATE_EVENT = 'erp:revalidar-usuario';
/** Server-to-server event: a white-label's studio layer changed; reload the tenants, then tell its browsers. */
const SCHEMAS_EVENT = 'erp:schemas-publicados';
/** What the browsers of the white-label receive after a publication (TenantProvider reloads the bundle). */
export const SCHEMAS_PUBLISHED_EVENT = 'schemas.publicados';
/** Every authenticated socket's session is re-checked this often (expiry, tokens deleted elsewhere). */
export const REALTIME_REVALIDATE_MS = 60_000;
const tokenRoom = (tokenHash: Buffer) => `token:${tokenHash.toString('hex')}`;

/** How long a process waits for its LISTEN before it starts without the other processes' events. */
const CLUSTER_READY_TIMEOUT_MS = 10_000;

/** A process's link to the others on the same database (socket.io PostgreSQL adapter). */
export interface RealtimeCluster {
  /** Resolves once this process LISTENs, so an event another process emits right after start arrives. */
  ready: Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Joins `io` to every process on the database at `connectionString` through the socket.io PostgreSQL
 * adapter: a broadcast here is NOTIFYed on channel "socket.io#/" and replayed by the others to their own
 * sockets (payloads over NOTIFY's 8000 bytes go through the socket_io_attachments table, migration 007).
 * The adapter gets a pool of its own (one LISTEN connection, one or two for NOTIFY and cleanup) so busy
 * requests never hold its events back.
 */
export function joinRealtimeCluster(
  io: Server,
  connectionString: string,
  onError: (error: Error) => void,
): RealtimeCluster {
  const pool = new pg.Pool({ connectionString, max: 3, application_name: 'erp-realtime' });
  pool.on('error', () => {
    // The LISTEN connection dropped (server restart): the adapter reconnects on its own.
  });
  let listening: () => void = () => {};
  const listened = new Promise<true>((resolve) => {
    listening = () => resolve(true);
  });
  // The adapter connects in the background; seeing its LISTEN succeed is how startup knows it is in.
  const watchedPool = {
    query: pool.query.bind(pool),
    async connect() {
      const client = await pool.connect();
      // The adapter listens for 'end' (and reconnects) but not for 'error': a dropped LISTEN connection would
      // otherwise be an unhandled 'error' event and end the process.
      client.on('error', onError);
      // Nor does it give a dropped client back to the pool, whose end() would then wait for it forever
      // (a shutdown after a database restart hung): return it, once, when its connection ends.
      let released = false;
      const release = client.release.bind(client);
      client.release = ((error?: Error | boolean) => {
        if (released) return;
        released = true;
        release(error);
      }) as typeof client.release;
      client.once('end', () => client.release(true));
      const query = client.query.bind(client) as (sql: string) => Promise<unknown>;
      Object.assign(client, {
        query: (sql: string, ...rest: unknown[]) => {
          const result = (query as (...args: unknown[]) => Promise<unknown>)(sql, ...rest);
          if (typeof sql === 'string' && sql.startsWith('LISTEN')) void result.then(listening, () => {});
          return result;
        },
      });
      return client;
    },
  } as unknown as pg.Pool;
  io.adapter(createAdapter(watchedPool, { errorHandler: onError }));
  let timer: NodeJS.Timeout | undefined;
  const ready = Promise.race([
    listened,
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), CLUSTER_READY_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  return {
    ready,
    async close() {
      clearTimeout(timer);
      // Stops the heartbeat, the cleanup timer and the LISTEN connection, then the pool.
      await io.of('/').adapter.close();
      await pool.end();
    },
  };
}

/** Emits to the rooms every authenticated socket joins (usuario:<id>, empresa:<id>, whitelabel:<id>). */
export function realtimeEmitter(io: Server): Realtime {
  return {
    emitToUser: (id, event, payload) => void io.to(`usuario:${id}`).emit(event, payload),
    emitToEmpresa: (id, event, payload) => void io.to(`empresa:${id}`).emit(event, payload),
    emitToWhiteLabel: (id, event, payload) => void io.to(`whitelabel:${id}`).emit(event, payload),
    disconnectToken: (tokenHash) => io.in(tokenRoom(tokenHash)).disconnectSockets(true),
    disconnectUser: (id) => io.in(`usuario:${id}`).disconnectSockets(true),
    revalidateUser: (id) => io.serverSideEmit(REVALIDATE_EVENT, id),
    schemasPublished: (id, versao) => io.serverSideEmit(SCHEMAS_EVENT, id, versao),
  };
}

/** A client that has not sent a valid 'authentication' by then is disconnected. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;
const UNAUTHORIZED_MESSAGE = 'Token inválido ou expirado.';

interface SocketUser {
  usuario_id: number;
  empresa_id: number;
  config_white_label_id: number;
  is_avanco: boolean;
}

/** The host the page addressed (Origin when cross-origin, else Host), as the HTTP tenant context reads it. */
function handshakeHost(socket: Socket): string | undefined {
  const { origin, host } = socket.handshake.headers;
  if (origin && origin !== 'null') {
    try {
      return new URL(origin).host;
    } catch {
      // A malformed Origin falls back to Host.
    }
  }
  return host;
}

/** Validates a raw token exactly like the HTTP auth plugin: valid, not expired, active user, own white-label. */
async function authenticate(app: FastifyInstance, socket: Socket, payload: unknown) {
  const token = (payload as { token?: unknown } | null | undefined)?.token;
  if (typeof token !== 'string' || !token || token.length > 200) return null;
  const raw = token.replace(/^Bearer\s+/i, '').trim();
  const row = await app.db.withSystem((tx) => tx.maybeOne<SocketUser>(TOKEN_LOOKUP_SQL, [hashToken(raw)]));
  if (!row) return null;
  const tenant = app.tenants ? await app.tenants.forHost(handshakeHost(socket)) : undefined;
  if (tenant && row.config_white_label_id !== tenant.id && !row.is_avanco) return null;
  return { ...row, tokenHash: hashToken(raw) };
}

/** Disconnects those of `sockets` whose token no longer opens a session (logged out, expired, user inactive). */
async function dropInvalidSessions(app: FastifyInstance, sockets: Socket[]): Promise<void> {
  const authenticated = sockets.filter((socket) => Buffer.isBuffer(socket.data.tokenHash));
  if (authenticated.length === 0) return;
  const rows = await app.db.withSystem((tx) =>
    tx.query<{ token_hash: Buffer }>(
      `SELECT t.token_hash FROM access_token t JOIN usuario u ON u.id = t.usuario_id AND u.ativo
        WHERE t.token_hash = ANY($1::bytea[]) AND t.expira_em > now()`,
      [authenticated.map((socket) => socket.data.tokenHash as Buffer)],
    ),
  );
  const valid = new Set(rows.map((row) => row.token_hash.toString('hex')));
  for (const socket of authenticated) {
    if (valid.has((socket.data.tokenHash as Buffer).toString('hex'))) continue;
    socket.emit('unauthorized', { message: UNAUTHORIZED_MESSAGE });
    setImmediate(() => socket.disconnect(true));
  }
}

/**
 * Attaches socket.io to the app's HTTP server at /socket.io (websocket transport only) with the
 * handshake of spec 000 §4: 'authentication' {token} → 'authenticated' (joining the rooms
 * usuario:<id>, empresa:<id>, whitelabel:<id>) or 'unauthorized' and disconnect; then 'interface connect'.
 * Events reach the sockets of every process on the same database (joinRealtimeCluster).
 * Decorates app.realtime; its connections are dropped when the app closes (preClose hook).
 */
export async function attachRealtime(app: FastifyInstance, connectionString: string): Promise<Realtime> {
  const io = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
  });
  const cluster = joinRealtimeCluster(io, connectionString, (error) =>
    app.log.warn({ err: error }, 'falha no canal de eventos entre processos (PostgreSQL)'),
  );

  io.on('connection', (socket) => {
    let state: 'waiting' | 'checking' | 'authenticated' | 'rejected' = 'waiting';
    const timer = setTimeout(() => {
      if (state !== 'authenticated') socket.disconnect(true);
    }, REALTIME_AUTH_TIMEOUT_MS);
    socket.on('disconnect', () => clearTimeout(timer));

    socket.on('authentication', async (payload: unknown) => {
      if (state !== 'waiting') return;
      state = 'checking';
      const user = await authenticate(app, socket, payload).catch((error) => {
        app.log.warn({ err: error }, 'falha ao validar o token do websocket');
        return null;
      });
      if (!socket.connected) return;
      if (!user) {
        state = 'rejected';
        socket.emit('unauthorized', { message: UNAUTHORIZED_MESSAGE });
        // Let the packet leave before the connection closes.
        setImmediate(() => socket.disconnect(true));
        return;
      }
      clearTimeout(timer);
      socket.data.usuarioId = user.usuario_id;
      socket.data.tokenHash = user.tokenHash;
      await socket.join([
        tokenRoom(user.tokenHash),
        `usuario:${user.usuario_id}`,
        `empresa:${user.empresa_id}`,
        `whitelabel:${user.config_white_label_id}`,
      ]);
      state = 'authenticated';
      socket.emit('authenticated');
    });

    socket.on('interface connect', (...args: unknown[]) => {
      const ack = args.findLast((arg): arg is (response: unknown) => void => typeof arg === 'function');
      ack?.({ ok: state === 'authenticated' });
    });
  });

  const revalidateLocal = async (sockets: Socket[]) =>
    dropInvalidSessions(app, sockets).catch((error) =>
      app.log.warn({ err: error }, 'falha ao revalidar as sessões dos websockets'),
    );
  const userSockets = (usuarioId: unknown) =>
    [...io.of('/').sockets.values()].filter((socket) => socket.data.usuarioId === usuarioId);
  io.on(REVALIDATE_EVENT, (usuarioId: unknown) => void revalidateLocal(userSockets(usuarioId)));
  // Each process tells its own sockets only after its own reload, so a browser never refetches from a
  // process still serving the previous version.
  const schemasLocal = async (whiteLabelId: number, versao: number) => {
    try {
      await app.tenants.reload();
    } catch (error) {
      app.log.warn({ err: error }, 'falha ao recarregar os schemas publicados');
    }
    io.local.to(`whitelabel:${whiteLabelId}`).emit(SCHEMAS_PUBLISHED_EVENT, { versao });
  };
  io.on(
    SCHEMAS_EVENT,
    (whiteLabelId: unknown, versao: unknown) => void schemasLocal(Number(whiteLabelId), Number(versao)),
  );
  // Expired sessions and tokens deleted without a call here (password change elsewhere) end within a minute.
  const sweep = setInterval(
    () => void revalidateLocal([...io.of('/').sockets.values()]),
    REALTIME_REVALIDATE_MS,
  ).unref();

  const emitter = realtimeEmitter(io);
  const realtime: Realtime = {
    ...emitter,
    revalidateUser(usuarioId) {
      void revalidateLocal(userSockets(usuarioId));
      emitter.revalidateUser(usuarioId);
    },
    schemasPublished(whiteLabelId, versao) {
      void schemasLocal(whiteLabelId, versao);
      emitter.schemasPublished(whiteLabelId, versao);
    },
  };
  app.decorate('realtime', realtime);
  // Open websockets would keep the HTTP server from closing: drop them before Fastify closes it. The hook
  // stays synchronous (no extra ticks) because a signal handler races async-exit-hook's exit at shutdown.
  app.addHook('preClose', (done) => {
    clearInterval(sweep);
    io.disconnectSockets(true);
    io.engine.close();
    done();
  });
  app.addHook('onClose', async () => {
    await cluster.close();
  });
  if (!(await cluster.ready))
    app.log.warn(
      'sem o canal de eventos entre processos: alertas e relatórios de outros processos não chegam',
    );
  return realtime;
}
