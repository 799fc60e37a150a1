import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call a test receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 for a test: what it got, and the statuses to answer per path. */
export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** Statuses to answer per path, in order; 200 once exhausted. */
  script: Map<string, number[]>;
  callsFor(path: string): Received[];
  close(): Promise<void>;
}

/** Starts an HTTP receiver that records every call and answers per its script. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const script = new Map<string, number[]>();
  const server = await new Promise<Server>((resolve) => {
    const fake = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const status = script.get(req.url ?? '')?.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status === 200 ? 'recebido' : `erro interno ${status}`);
      });
    });
    fake.listen(0, '127.0.0.1', () => resolve(fake));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    script,
    callsFor: (path) => received.filter((call) => call.path === path),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Polls `probe` until it answers something truthy (a test's wait for asynchronous deliveries). */
export async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  timeoutMs = 15_000,
): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`esperando: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Checks the signature as a receiver would: HMAC-SHA256 over `<timestamp>.<body>`, recent timestamp. */
export function validSignature(call: Received, segredo: string): boolean {
  const timestamp = Number(call.headers['x-webhook-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = `sha256=${createHmac('sha256', segredo).update(`${timestamp}.${call.body}`).digest('hex')}`;
  return call.headers['x-webhook-assinatura'] === expected;
}
