import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../runtime/server/app.ts';
import { loadConfig, type ServerConfig } from '../../runtime/server/config.ts';
import { createDatabase, type Database } from '../../runtime/server/db/database.ts';
import { migrate } from '../../runtime/server/db/migrate.ts';
import { seedDemo } from '../../runtime/server/db/seed/seedDemo.ts';
import { syncEntities } from '../../runtime/server/db/syncEntities.ts';
import { createMailer, type Mailer } from '../../runtime/server/mail/createMailer.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { TenantRegistry } from '../../runtime/server/services/tenantRegistry.ts';

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  tenants: TenantRegistry;
  config: ServerConfig;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * A fresh database (a clone of the migrated template) and an app built on it, for one test file.
 * Real PostgreSQL, real RLS; the demo data is seeded unless `seedDemoData: false`.
 */
export async function createTestServer(
  options: {
    seedDemoData?: boolean;
    config?: Partial<ServerConfig>;
    mailer?: Mailer;
    serveWeb?: boolean;
  } = {},
): Promise<TestServer> {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE erp_template`);
  await admin.end();
  const databaseUrl = serverUrl.replace(/\/postgres$/, `/${name}`);
  await migrate(databaseUrl);
  const db = createDatabase(databaseUrl, { max: 5 });
  const { files } = await readSchemaFiles();
  await syncEntities(db, files);
  const tenants = new TenantRegistry(db, files);
  await tenants.sync();
  if (options.seedDemoData !== false) await seedDemo(db, tenants);
  const dataDir = await mkdtemp(join(tmpdir(), 'erp-test-data-'));
  const config: ServerConfig = {
    ...loadConfig({}),
    dataDir,
    mailDir: join(dataDir, 'mail'),
    databaseUrl,
    ...options.config,
  };
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir });
  const app = await buildApp({
    services: { db, tenants, config, mailer },
    serveWeb: options.serveWeb ?? false,
  });
  await app.ready();
  return {
    app,
    db,
    tenants,
    config,
    databaseUrl,
    async close() {
      await app.close();
      await db.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** Logs in through the API and returns the raw token. */
export async function login(app: FastifyInstance, email: string, password = 'demo1234', host = 'localhost') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/Usuarios/login?include=user',
    headers: { host },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  return response.json().id as string;
}
