import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCrmLead } from '../../runtime/server/integrations/registerCrmLead.ts';
import {
  isPublicAddress,
  OutboundRequestError,
  PUBLIC_ONLY,
  safeFetch,
} from '../../runtime/server/integrations/safeFetch.ts';

/**
 * Outbound HTTP to tenant-configured URLs: https and public addresses only, redirects re-checked, time
 * and size capped. A local server stands for "the internet": on 127.0.0.2, which the redirect tests'
 * policy treats as public, while the rest of loopback stays refused.
 */
let target: Server;
let hits: string[] = [];
let base: string;
let targetPort: number;

beforeAll(async () => {
  target = createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      res.writeHead(302, { location: to });
      return res.end();
    }
    if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return res.end();
    }
    if (url.pathname === '/big') {
      res.writeHead(200);
      return res.end(Buffer.alloc(2 * 1024 * 1024, 'a'));
    }
    if (url.pathname === '/slow') return void setTimeout(() => res.end('tarde'), 3000);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, key: req.headers['user-key'] ?? null }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.2', resolve));
  targetPort = (target.address() as AddressInfo).port;
  base = `http://127.0.0.2:${targetPort}`;
});
afterAll(async () => {
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

/** "The internet" of these tests: public addresses plus 127.0.0.2, over http. */
const policy = {
  allowHttp: true,
  allowAddress: (address: string) => address === '127.0.0.2' || isPublicAddress(address),
};

const refused = async (promise: Promise<unknown>, pattern: RegExp) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OutboundRequestError);
  expect((error as Error).message).toMatch(pattern);
};

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      'localhost',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts public unicast addresses', () => {
    for (const address of ['8.8.8.8', '200.147.67.142', '100.128.0.1', '2001:4860:4860::8888'])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('safeFetch refusals (default policy), before any connection', () => {
  it('refuses http://, loopback, 10.x, metadata, IPv6 loopback, mapped and names resolving to loopback', async () => {
    hits = [];
    await refused(safeFetch(`${base}/`), /apenas https/);
    await refused(safeFetch('http://8.8.8.8/'), /apenas https/);
    await refused(safeFetch('ftp://example.com/'), /apenas https/);
    for (const url of [
      `https://127.0.0.1:${targetPort}/`,
      `https://127.0.0.2:${targetPort}/`,
      'https://10.0.0.5/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://0.0.0.0/',
      'https://2130706433/', // 127.0.0.1 as a number
      'https://localhost/',
    ])
      await refused(safeFetch(url), /não público/);
    expect(hits).toEqual([]);
  });
});

describe('safeFetch against an allowed host', () => {
  it('sends the request and reads the answer', async () => {
    const response = await safeFetch(`${base}/ok`, { policy, headers: { 'User-Key': 'segredo' } });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ ok: true, key: 'segredo' });
  });

  it('re-checks redirects: to loopback, to metadata and to http on another host are refused', async () => {
    hits = [];
    await refused(
      safeFetch(`${base}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${targetPort}/ok`)}`, { policy }),
      /não público/,
    );
    await refused(
      safeFetch(`${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`, { policy }),
      /não público/,
    );
    await refused(
      safeFetch(`${base}/redirect?to=${encodeURIComponent(`http://localhost:${targetPort}/ok`)}`, { policy }),
      /não público/,
    );
    // Only the redirecting requests reached the server.
    expect(hits.every((hit) => hit.includes('/redirect'))).toBe(true);
    // The default policy refuses the same redirect even to https.
    await refused(
      safeFetch(`${base}/redirect?to=${encodeURIComponent('https://127.0.0.1/')}`, {
        policy: { ...PUBLIC_ONLY, allowHttp: true, allowAddress: policy.allowAddress },
      }),
      /não público/,
    );
  });

  it('follows at most 3 redirects, caps the size and the time', async () => {
    const followed = await safeFetch(`${base}/redirect?to=/ok`, { policy });
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`${base}/ok`);
    await refused(safeFetch(`${base}/loop`, { policy }), /redirecionamentos demais/);
    await refused(safeFetch(`${base}/big`, { policy }), /resposta maior/);
    const started = Date.now();
    await refused(safeFetch(`${base}/slow`, { policy, timeoutMs: 500 }), /tempo esgotado/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('drops credentials on a redirect to another origin, keeps them on the same origin', async () => {
    const other = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ key: req.headers['user-key'] ?? null, accept: req.headers.accept ?? null }));
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.3', resolve));
    try {
      const otherUrl = `http://127.0.0.3:${(other.address() as AddressInfo).port}/`;
      const both = {
        allowHttp: true,
        allowAddress: (address: string) => address === '127.0.0.3' || policy.allowAddress(address),
      };
      const headers = { 'User-Key': 'segredo', Accept: 'application/json' };
      const crossed = await safeFetch(`${base}/redirect?to=${encodeURIComponent(otherUrl)}`, {
        policy: both,
        headers,
      });
      expect(crossed.json()).toEqual({ key: null, accept: 'application/json' });
      const same = await safeFetch(`${base}/redirect?to=/ok`, { policy, headers });
      expect(same.json()).toEqual({ ok: true, key: 'segredo' });
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe('registerCrmLead', () => {
  it('never reaches a loopback or plain-http CRM URL by default, and logs instead of failing', async () => {
    hits = [];
    const logged: string[] = [];
    const result = await registerCrmLead(
      { STAGE_ID: 1, TOKEN: 'tok', URL: `http://127.0.0.2:${targetPort}` },
      { nome: 'A', empresa: 'B', telefone: '', email: 'a@b.com', pessoaJuridica: false },
      (message, error) => logged.push(`${message}: ${(error as Error).message}`),
    );
    expect(result).toBeNull();
    expect(logged).toEqual([expect.stringMatching(/falha ao registrar o lead no CRM: .*apenas https/)]);
    const loopback = await registerCrmLead(
      { STAGE_ID: 1, TOKEN: 'tok', URL: 'https://127.0.0.1:1' },
      { nome: 'A', empresa: 'B', telefone: '', email: 'a@b.com', pessoaJuridica: false },
      (message, error) => logged.push(`${message}: ${(error as Error).message}`),
    );
    expect(loopback).toBeNull();
    expect(logged[1]).toMatch(/não público/);
    expect(hits).toEqual([]);
  });
});
