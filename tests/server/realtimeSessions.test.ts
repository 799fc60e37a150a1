import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await createTestServer();
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const next = <T = unknown>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

/** A websocket authenticated with `token` on the API at `at`, as the browser opens it. */
async function signedIn(token: string, at = base): Promise<Socket> {
  const socket = io(at, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await next(socket, 'connect');
  const authenticated = next(socket, 'authenticated');
  socket.emit('authentication', { token });
  await authenticated;
  return socket;
}

/** Resolves with the disconnect reason, or 'still connected' after `ms`. */
const disconnectedWithin = (socket: Socket, ms: number) =>
  Promise.race([
    next<string>(socket, 'disconnect'),
    new Promise<string>((resolve) => setTimeout(() => resolve('still connected'), ms)),
  ]);

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: { host: 'localhost', authorization: token }, payload });

const userId = async (email: string) =>
  (
    await server.db.withSystem((tx) =>
      tx.one<{ id: number }>('SELECT id FROM usuario WHERE email = $1', [email]),
    )
  ).id;

describe('websockets end with the session', () => {
  it('logout disconnects the sockets of that session only', async () => {
    const token = await login(server.app, 'vendedor@erp.local');
    const other = await login(server.app, 'vendedor@erp.local');
    const socket = await signedIn(token);
    const otherSocket = await signedIn(other);
    const gone = disconnectedWithin(socket, 5_000);
    expect((await call('POST', '/api/Usuarios/logout', token)).statusCode).toBe(204);
    expect(await gone).toBe('io server disconnect');
    // The user's other session keeps its websocket.
    expect(await otherSocket.timeout(2_000).emitWithAck('interface connect', {})).toEqual({ ok: true });
  });

  it('deactivating a user disconnects their sockets with unauthorized; a perfil change keeps a valid one', async () => {
    const admin = await login(server.app, 'demo@erp.local');
    const id = await userId('contador@erp.local');
    const socket = await signedIn(await login(server.app, 'contador@erp.local'));

    const perfil = await server.db.withSystem((tx) =>
      tx.one<{ id: number }>(
        'SELECT p.id FROM perfil p JOIN usuario u ON u.empresa_id = p.empresa_id WHERE u.id = $1 LIMIT 1',
        [id],
      ),
    );
    const changed = await call('PATCH', `/api/Usuarios/${id}`, admin, { perfilId: perfil.id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await disconnectedWithin(socket, 1_000)).toBe('still connected');

    const unauthorized = next<{ message: string }>(socket, 'unauthorized');
    const gone = disconnectedWithin(socket, 5_000);
    const deactivated = await call('PATCH', `/api/Usuarios/${id}`, admin, { ativo: false });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await unauthorized).message).toBe('Token inválido ou expirado.');
    expect(await gone).toBe('io server disconnect');
  });

  it('reaches the sockets another API process holds (socket.io PostgreSQL adapter)', async () => {
    const other = await createTestServer({ databaseUrl: server.databaseUrl });
    try {
      const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const onOther = (token: string) => signedIn(token, otherBase);
      // Logout answered by this process ends the session's socket held by the other one …
      const token = await login(server.app, 'admin@erp.local');
      const socket = await onOther(token);
      const gone = disconnectedWithin(socket, 5_000);
      expect((await call('POST', '/api/Usuarios/logout', token)).statusCode).toBe(204);
      expect(await gone).toBe('io server disconnect');
      // … and so does a deactivation (the other process checks the user's tokens again).
      const admin = await login(server.app, 'demo@erp.local');
      const { id, token: caixaToken } = await addDemoUserWithProfile(server, {
        email: 'caixa@erp.local',
        nome: 'Caixa',
        perfil: 'Caixa',
        permissoes: { VENDAS_PEDIDOS: 1 },
      });
      const painel = await onOther(caixaToken);
      const painelGone = disconnectedWithin(painel, 5_000);
      const deactivated = await call('PATCH', `/api/Usuarios/${id}`, admin, { ativo: false });
      expect(deactivated.statusCode, deactivated.body).toBe(200);
      expect(await painelGone).toBe('io server disconnect');
    } finally {
      await other.close();
    }
  });

  it('an expired session loses its socket when the user is checked again', async () => {
    const token = await login(server.app, 'trial@erp.local');
    const socket = await signedIn(token);
    const id = await userId('trial@erp.local');
    await server.db.withSystem((tx) =>
      tx.query("UPDATE access_token SET expira_em = now() - interval '1 second' WHERE usuario_id = $1", [id]),
    );
    const gone = disconnectedWithin(socket, 5_000);
    server.app.realtime?.revalidateUser(id);
    expect(await gone).toBe('io server disconnect');
  });
});
