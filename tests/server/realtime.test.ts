import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_AUTH_TIMEOUT_MS } from '../../runtime/server/plugins/realtime.ts';
import { createReportRecord, finishReportRecord } from '../../runtime/server/services/reportRecords.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let base: string;
const tokens: Record<string, string> = {};
const users: Record<string, { id: number; empresa_id: number }> = {};
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await createTestServer();
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  for (const name of ['demo', 'vendedor', 'contador', 'admin', 'trial']) {
    tokens[name] = await login(server.app, `${name}@erp.local`);
  }
  tokens.verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  const rows = await server.db.withSystem((tx) =>
    tx.query<{ email: string; id: number; empresa_id: number }>('SELECT email, id, empresa_id FROM usuario'),
  );
  for (const row of rows) users[row.email.split('@')[0] ?? ''] = row;
});
afterAll(async () => {
  // Closing the app with clients still connected must not hang (preClose drops the websockets).
  await server?.close();
  for (const socket of sockets) socket.close();
});

/** A websocket-only client, as the browser opens it; `origin` picks the white-label like a page would. */
function connect(origin?: string): Socket {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    ...(origin ? { extraHeaders: { origin } } : {}),
  });
  sockets.push(socket);
  return socket;
}

const next = <T = unknown>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

/** Collects every 'alerta' a client receives. */
async function signedIn(name: string, origin?: string): Promise<{ socket: Socket; alertas: unknown[] }> {
  const socket = connect(origin);
  const alertas: unknown[] = [];
  socket.on('alerta', (payload) => alertas.push(payload));
  await next(socket, 'connect');
  const authenticated = next(socket, 'authenticated');
  socket.emit('authentication', { token: tokens[name] });
  await authenticated;
  return { socket, alertas };
}

const post = async (who: string, url: string, payload: object) => {
  const response = await server.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', authorization: tokens[who] ?? '' },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('realtime (socket.io at /socket.io, websocket only)', () => {
  it('authenticates with the raw token, then acknowledges interface connect', async () => {
    const { socket } = await signedIn('vendedor');
    const ack = await socket.emitWithAck('interface connect', {});
    expect(ack).toEqual({ ok: true });
  });

  it('answers a bad token with unauthorized and disconnects', async () => {
    const socket = connect();
    await next(socket, 'connect');
    const unauthorized = next<{ message: string }>(socket, 'unauthorized');
    const disconnected = next<string>(socket, 'disconnect');
    socket.emit('authentication', { token: 'nao-existe' });
    expect(await unauthorized).toEqual({ message: 'Token inválido ou expirado.' });
    expect(await disconnected).toBe('io server disconnect');
  });

  it("accepts a token only on its own white-label's address", async () => {
    const socket = connect();
    await next(socket, 'connect');
    const unauthorized = next(socket, 'unauthorized');
    socket.emit('authentication', { token: tokens.verde });
    await unauthorized;
    const origin = `http://verde.localhost:${new URL(base).port}`;
    await signedIn('verde', origin);
  });

  it('delivers an alert to its recipient only: not to a colleague, not to another company', async () => {
    const vendedor = await signedIn('vendedor');
    const contador = await signedIn('contador');
    const trial = await signedIn('trial');
    const forVendedor = next<{ id: number; texto: string }>(vendedor.socket, 'alerta');
    const created = await post('demo', '/api/Alertas', {
      usuarioId: users.vendedor?.id,
      tipo: 'success',
      texto: 'Pedido 7 aprovado.',
    });
    expect(await forVendedor).toEqual(created);
    // Events reach one connection in order: had contador been in vendedor's room, A would come before B.
    const forContador = next(contador.socket, 'alerta');
    const b = await post('demo', '/api/Alertas', { usuarioId: users.contador?.id, tipo: 'info', texto: 'B' });
    await forContador;
    expect(contador.alertas).toEqual([b]);
    const forTrial = next(trial.socket, 'alerta');
    const c = await post('admin', '/api/Alertas', { usuarioId: users.trial?.id, tipo: 'info', texto: 'C' });
    await forTrial;
    expect(trial.alertas).toEqual([c]);
    expect(vendedor.alertas).toEqual([created]);
  });

  it('tells every user of the white-label to refetch after a general alert (no id)', async () => {
    const demo = await signedIn('demo');
    const verde = await signedIn('verde', `http://verde.localhost:${new URL(base).port}`);
    const received = next<Record<string, unknown>>(demo.socket, 'alerta');
    await post('admin', '/api/Alertas/geral', { tipo: 'warning', texto: 'Manutenção às 22h.' });
    const payload = await received;
    expect(payload).not.toHaveProperty('id');
    expect(payload).toMatchObject({ tipo: 'warning', texto: 'Manutenção às 22h.' });
    const forVerde = next(verde.socket, 'alerta');
    const own = await post('admin', '/api/Alertas', { usuarioId: users.verde?.id, tipo: 'info', texto: 'V' });
    await forVerde;
    expect(verde.alertas).toEqual([own]);
  });

  it("tells only one company's users to refetch after a general alert to that company", async () => {
    const demo = await signedIn('demo');
    const trial = await signedIn('trial');
    const received = next<Record<string, unknown>>(trial.socket, 'alerta');
    const texto = 'Inventário na sexta.';
    await post('admin', '/api/Alertas/geral', {
      tipo: 'info',
      texto,
      empresaId: Number(users.trial?.empresa_id),
    });
    expect(await received).toMatchObject({ tipo: 'info', texto });
    // Events reach one connection in order: had demo been in the company's room, the text would come before B.
    const forDemo = next(demo.socket, 'alerta');
    const b = await post('admin', '/api/Alertas', { usuarioId: users.demo?.id, tipo: 'info', texto: 'B' });
    await forDemo;
    expect(demo.alertas).toEqual([b]);
  });

  it("announces a finished report as '<evento>-<tipo>' to its user", async () => {
    const { socket } = await signedIn('vendedor');
    const vendedor = users.vendedor ?? { id: 0, empresa_id: 0 };
    const record = await createReportRecord(server.app, {
      empresaId: vendedor.empresa_id,
      usuarioId: vendedor.id,
      descricao: 'Vendas por período',
      tipo: 'pdf',
      evento: 'relatorio-vendas',
    });
    const done = next<{ id: number; status: number; url: string }>(socket, 'relatorio-vendas-pdf');
    await finishReportRecord(server.app, record.id, { arquivo: Buffer.from('%PDF-1.4\n') });
    expect(await done).toMatchObject({
      id: record.id,
      status: 1,
      url: `/api/Relatorios/${record.id}/arquivo`,
    });
  });

  it(
    'disconnects a client that does not authenticate in time',
    async () => {
      const socket = connect();
      await next(socket, 'connect');
      const started = Date.now();
      expect(await next(socket, 'disconnect')).toBe('io server disconnect');
      expect(Date.now() - started).toBeGreaterThanOrEqual(REALTIME_AUTH_TIMEOUT_MS - 100);
    },
    REALTIME_AUTH_TIMEOUT_MS + 5000,
  );
});
