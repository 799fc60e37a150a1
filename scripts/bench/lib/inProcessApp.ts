/**
 * The real app (routes, RLS, postings) built in the bench's own process over a bench database, called with
 * `app.inject` so that only the server's work is timed: its schemas, white-labels and a demo login.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../runtime/server/app.ts';
import { loadConfig } from '../../../runtime/server/config.ts';
import type { Database } from '../../../runtime/server/db/database.ts';
import { createMailer } from '../../../runtime/server/mail/createMailer.ts';
import { readSchemaFiles } from '../../../runtime/server/schemas/readSchemaFiles.ts';
import { TenantRegistry } from '../../../runtime/server/services/tenantRegistry.ts';

export type BenchCall = (
  method: string,
  url: string,
  token: string | undefined,
  payload?: unknown,
) => Promise<Record<string, unknown>>;

export async function inProcessApp(db: Database): Promise<{
  app: FastifyInstance;
  call: BenchCall;
  /** The demo user's token (demo@erp.local). */
  token: string;
}> {
  const { files } = await readSchemaFiles();
  const tenants = new TenantRegistry(db, files);
  await tenants.reload();
  const config = loadConfig();
  const app = await buildApp({
    services: { db, tenants, config, mailer: createMailer({ smtpUrl: undefined, mailDir: config.mailDir }) },
  });
  await app.ready();
  const call: BenchCall = async (method, url, token, payload) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode !== 200)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const token = (
    await call('POST', '/api/Usuarios/login', undefined, { email: 'demo@erp.local', password: 'demo1234' })
  ).id as string;
  return { app, call, token };
}
