// A worker thread of scripts/bench/realtime.ts: signs its share of sockets in (websocket only, the Origin of
// the user's white-label, 'authentication' with the token, as the browser does) and records when each
// socket's 'alerta' arrives (absolute high-resolution time). Messages: connect, reset, collect, close.
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

interface Entry {
  token: string;
  /** A socket of the company the alerts target (its arrival times are measured). */
  demo: boolean;
  /** Signs in through the verde white-label's host (else the demo white-label's). */
  verde: boolean;
  port: number;
}
interface Client {
  socket: Socket;
  demo: boolean;
  arrived: number | null;
}

const { entries } = workerData as { entries: Entry[] };
const clients: Client[] = [];
const now = () => performance.timeOrigin + performance.now();

function connect(entry: Entry): Promise<Client> {
  const origin = entry.verde ? `http://verde.localhost:${entry.port}` : `http://localhost:${entry.port}`;
  const socket = io(`http://127.0.0.1:${entry.port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin },
  });
  const client: Client = { socket, demo: entry.demo, arrived: null };
  socket.on('alerta', () => {
    client.arrived ??= now();
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => socket.emit('authentication', { token: entry.token }));
    socket.once('authenticated', () => resolve(client));
    socket.once('unauthorized', () => reject(new Error('a bench socket was refused')));
    socket.once('connect_error', reject);
  });
}

parentPort?.on('message', async (message: { type: string }) => {
  if (message.type === 'connect') {
    // 50 sign-ins at a time per thread.
    for (let i = 0; i < entries.length; i += 50)
      clients.push(...(await Promise.all(entries.slice(i, i + 50).map(connect))));
    parentPort?.postMessage(clients.length);
  } else if (message.type === 'reset') {
    for (const client of clients) client.arrived = null;
    parentPort?.postMessage(true);
  } else if (message.type === 'collect') {
    parentPort?.postMessage({
      demo: clients
        .filter((client) => client.demo && client.arrived !== null)
        .map((client) => client.arrived),
      others: clients.filter((client) => !client.demo && client.arrived !== null).length,
    });
  } else if (message.type === 'close') {
    for (const client of clients) client.socket.close();
    parentPort?.postMessage(true);
  }
});
