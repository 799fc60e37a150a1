import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/server/app.ts';
import { createMailer } from '../../runtime/server/mail/createMailer.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  server = await createTestServer();
  // The app as npm start builds it, with an info-level pino logger whose output we keep.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({
    logger: { level: 'info', stream },
    services: {
      db: server.db,
      tenants: server.tenants,
      config: server.config,
      mailer: createMailer({ smtpUrl: undefined, mailDir: server.config.mailDir }),
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await server?.close();
});

describe('tokens and passwords never reach the log', () => {
  it('logs requests with ?access_token= redacted, and no Authorization header or password', async () => {
    const token = await login(app, 'demo@erp.local');
    const password = 'senha-secreta-do-teste';
    const byQuery = await app.inject({
      method: 'GET',
      url: `/api/Usuarios/getUserInfo?sistema=novoerp&access_token=${token}`,
      headers: { host: 'localhost' },
    });
    expect(byQuery.statusCode).toBe(200);
    const byHeader = await app.inject({
      method: 'GET',
      url: '/api/Usuarios/getUserInfo',
      headers: { host: 'localhost', authorization: token },
    });
    expect(byHeader.statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/api/Usuarios/login',
      headers: { host: 'localhost' },
      payload: { email: 'demo@erp.local', password },
    });
    // Should a body or headers ever be logged, their credentials are censored too.
    app.log.info({ body: { senha: password, password }, headers: { authorization: token } }, 'teste');

    const output = lines.join('\n');
    expect(output).toContain('/api/Usuarios/getUserInfo?sistema=novoerp&access_token=[REDACTED]');
    expect(output).toContain('"msg":"teste"');
    expect(output).not.toContain(token);
    expect(output).not.toContain(password);
  });
});
