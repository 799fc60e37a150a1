import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, safeFetch } from '../../runtime/server/integrations/safeFetch.ts';

/** Issue 12, finding 10: tenant-configured URLs (CRM, webhooks) cannot reach this machine or its network. */
describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
  ])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['8.8.8.8', '200.160.2.3', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('safeFetch', () => {
  let target: Server;
  let redirector: Server;
  let targetHits = 0;
  let targetPort = 0;
  let redirectorPort = 0;
  const listen = (server: Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );

  beforeAll(async () => {
    delete process.env.OUTBOUND_ALLOW_PRIVATE;
    target = createServer((_request, response) => {
      targetHits++;
      response.end('{"segredo":"interno"}');
    });
    targetPort = await listen(target);
    redirector = createServer((_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${targetPort}/admin` }).end();
    });
    redirectorPort = await listen(redirector);
  });
  afterAll(async () => {
    await new Promise((resolve) => target.close(resolve));
    await new Promise((resolve) => redirector.close(resolve));
  });

  it.each([
    ['http://example.com/', /só endereços https/],
    ['https://127.0.0.1/', /endereço interno \(127\.0\.0\.1\)/],
    ['https://10.0.0.5/api', /endereço interno/],
    ['https://169.254.169.254/latest/meta-data/', /endereço interno/],
    ['https://[::1]/', /endereço interno/],
    ['https://[::ffff:127.0.0.1]/', /endereço interno/],
    ['https://localhost/', /endereço interno/],
    ['https://user:pass@example.com/', /usuário e senha/],
    ['não é url', /endereço inválido/],
  ])('refuses %s', async (url, message) => {
    await expect(safeFetch(url)).rejects.toThrow(message);
  });

  it('refuses a plain-http server on this machine by default and never connects to it', async () => {
    await expect(safeFetch(`http://127.0.0.1:${targetPort}/`)).rejects.toThrow();
    expect(targetHits).toBe(0);
  });

  it('checks every redirect again: an allowed server redirecting to a loopback one is refused', async () => {
    const onlyRedirector = (_address: string, url: URL) => url.port === String(redirectorPort);
    await expect(
      safeFetch(`http://127.0.0.1:${redirectorPort}/`, { allowHttp: true, allowAddress: onlyRedirector }),
    ).rejects.toThrow(/endereço interno/);
    expect(targetHits).toBe(0);
  });

  it('caps the response size and reads what is allowed', async () => {
    const all = { allowHttp: true, allowAddress: () => true };
    const ok = await safeFetch(`http://127.0.0.1:${targetPort}/`, all);
    expect(ok.json()).toEqual({ segredo: 'interno' });
    await expect(
      safeFetch(`http://127.0.0.1:${targetPort}/`, { ...all, maxResponseBytes: 5 }),
    ).rejects.toThrow(/passou de 5 bytes/);
  });
});
