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
import { createJobQueue, type JobQueue } from '../../runtime/server/plugins/jobs.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { hashPassword } from '../../runtime/server/services/passwords.ts';
import { createReportQueues, workReportJobs } from '../../runtime/server/services/reports/reportJobs.ts';
import { TenantRegistry } from '../../runtime/server/services/tenantRegistry.ts';

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  tenants: TenantRegistry;
  config: ServerConfig;
  databaseUrl: string;
  /** The job queue, when created with `jobs`. */
  jobs?: JobQueue;
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
    /** Start a pg-boss queue on the database; `work: false` only enqueues (another app runs the jobs). */
    jobs?: { work?: boolean };
    /** Reuse this database (already migrated and seeded) instead of creating one: a second app on it. */
    databaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const shared = options.databaseUrl;
  if (!shared) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE erp_template`);
    await admin.end();
  }
  const databaseUrl = shared ?? serverUrl.replace(/\/postgres$/, `/${name}`);
  const db = createDatabase(databaseUrl, { max: 5 });
  const { files } = await readSchemaFiles();
  const tenants = new TenantRegistry(db, files);
  if (!shared) {
    await migrate(databaseUrl);
    await syncEntities(db, files);
    await tenants.sync();
    if (options.seedDemoData !== false) await seedDemo(db, tenants);
  } else await tenants.reload();
  const dataDir = await mkdtemp(join(tmpdir(), 'erp-test-data-'));
  const config: ServerConfig = {
    ...loadConfig({}),
    // Tests change users and perfis in SQL between requests; the cache has its own test (tokenCache.test.ts).
    tokenCacheMs: 0,
    dataDir,
    mailDir: join(dataDir, 'mail'),
    databaseUrl,
    ...options.config,
  };
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir });
  const jobs = options.jobs ? await createJobQueue(databaseUrl, { pollingIntervalSeconds: 0.5 }) : undefined;
  if (jobs) await createReportQueues(jobs);
  const app = await buildApp({
    services: { db, tenants, config, mailer, ...(jobs ? { jobs } : {}) },
    serveWeb: options.serveWeb ?? false,
    ...(process.env.TEST_LOG ? { logger: { level: 'error' } } : {}),
  });
  await app.ready();
  if (jobs && options.jobs?.work !== false)
    await workReportJobs({ db, tenants, realtime: app.realtime, log: app.log, mailer }, jobs);
  let closed = false;
  return {
    app,
    db,
    tenants,
    config,
    databaseUrl,
    ...(jobs ? { jobs } : {}),
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await jobs?.stop(5_000);
      await db.close();
      if (shared) return;
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

/**
 * A user of the demo company (its white-label, selected branch and branch access) holding a profile
 * of its own with `permissoes`, password demo1234; returns the user's id and a logged-in token.
 */
export async function addDemoUserWithProfile(
  server: TestServer,
  user: { email: string; nome: string; perfil: string; permissoes: Record<string, number> },
): Promise<{ id: number; token: string }> {
  const hash = await hashPassword('demo1234');
  const id = await server.db.withSystem(async (tx) => {
    const owner = await tx.one<{ empresa_id: number; config_white_label_id: number; filial_id: number }>(
      `SELECT empresa_id, config_white_label_id, filial_selecionada_id AS filial_id FROM usuario WHERE email = 'demo@erp.local'`,
    );
    const perfil = await tx.one<{ id: number }>(
      'INSERT INTO perfil (empresa_id, nome, permissoes) VALUES ($1, $2, $3) RETURNING id',
      [owner.empresa_id, user.perfil, JSON.stringify(user.permissoes)],
    );
    const created = await tx.one<{ id: number }>(
      `INSERT INTO usuario (empresa_id, config_white_label_id, email, nome, senha_hash, perfil_id, filial_selecionada_id, primeiro_acesso)
       VALUES ($1, $2, $3, $4, $5, $6, $7, false) RETURNING id`,
      [
        owner.empresa_id,
        owner.config_white_label_id,
        user.email,
        user.nome,
        hash,
        perfil.id,
        owner.filial_id,
      ],
    );
    await tx.query('INSERT INTO usuario_filial (usuario_id, filial_id, empresa_id) VALUES ($1, $2, $3)', [
      created.id,
      owner.filial_id,
      owner.empresa_id,
    ]);
    return created.id;
  });
  return { id, token: await login(server.app, user.email) };
}
