import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/server/app.ts';
import { createMailer } from '../../runtime/server/mail/createMailer.ts';
import { setSecurityHeaders } from '../../runtime/server/web/securityHeaders.ts';
import { WEB_DIST } from '../../runtime/server/web/serveWebApp.ts';
import { createTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ serveWeb: true });
});
afterAll(async () => server?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

const setEmbeddingOrigins = async (origins: string[] | null) => {
  await server.db.withSystem((tx) =>
    tx.query(
      `UPDATE config_white_label SET patch = CASE WHEN $1::jsonb IS NULL THEN patch - 'cadastroOrigensPermitidas'
              ELSE patch || jsonb_build_object('cadastroOrigensPermitidas', $1::jsonb) END
        WHERE slug = 'demo'`,
      [origins === null ? null : JSON.stringify(origins)],
    ),
  );
  await server.tenants.reload();
};

describe('security headers of the web app', () => {
  it('serves the SPA with a CSP allowing only its own scripts and never framed, nosniff and a referrer policy', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['script-src']?.split(' ')).toContain("'self'");
    expect(csp['script-src']).not.toContain('unsafe-inline');
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['object-src']).toBe("'self' blob:");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    // Vite's output is external module files, never inline scripts the CSP would block.
    expect(page.body).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it("lets only the white-label's allowed origins frame the embedded sign-up, and nothing else", async () => {
    expect(directives((await get('/cadastrar')).headers['content-security-policy'])['frame-ancestors']).toBe(
      "'none'",
    );
    await setEmbeddingOrigins(['https://parceiro.example.com', 'https://site.example.com:8443']);
    try {
      const embedded = await get('/cadastrar');
      expect(embedded.statusCode).toBe(200);
      expect(embedded.body).toContain('<div id="root">');
      expect(directives(embedded.headers['content-security-policy'])['frame-ancestors']).toBe(
        'https://parceiro.example.com https://site.example.com:8443',
      );
      expect(directives((await get('/')).headers['content-security-policy'])['frame-ancestors']).toBe(
        "'none'",
      );
    } finally {
      await setEmbeddingOrigins(null);
    }
  });

  it('marks assets and API answers nosniff with a CSP that lets nothing run or frame them', async () => {
    const asset = (await readdir(join(WEB_DIST, 'assets'))).find((name) => name.endsWith('.js'));
    const script = await get(`/assets/${asset}`);
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    const api = await get('/ping/json');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(api.headers['content-security-policy'])).toMatchObject({
      'default-src': "'none'",
      'frame-ancestors': "'none'",
    });
  });

  it("leaves files (a report PDF opened for printing) to the browser's viewer, framed only by the app", async () => {
    const files = Fastify();
    files.addHook('onSend', async (request, reply) => setSecurityHeaders(request, reply));
    files.get('/relatorio.pdf', async (_request, reply) =>
      reply.type('application/pdf').send(Buffer.from('%PDF-1.7')),
    );
    files.get('/dados.json', async () => ({ ok: true }));
    const pdf = await files.inject({ method: 'GET', url: '/relatorio.pdf' });
    expect(directives(pdf.headers['content-security-policy'])).toEqual({ 'frame-ancestors': "'self'" });
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const json = await files.inject({ method: 'GET', url: '/dados.json' });
    expect(directives(json.headers['content-security-policy'])).toMatchObject({ 'default-src': "'none'" });
    await files.close();
  });

  it('sends HSTS only for TLS: a trusted proxy saying https, never a client claiming it', async () => {
    expect((await get('/', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(
      undefined,
    );
    const behindProxy = await buildApp({
      services: {
        db: server.db,
        tenants: server.tenants,
        config: { ...server.config, trustProxy: ['127.0.0.1'] },
        mailer: createMailer({ smtpUrl: undefined, mailDir: server.config.mailDir }),
      },
      serveWeb: true,
    });
    try {
      const response = await behindProxy.inject({
        method: 'GET',
        url: '/',
        headers: { host: 'localhost', 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await behindProxy.close();
    }
  });
});
