import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../runtime/server/db/database.ts';
import { migrate } from '../../runtime/server/db/migrate.ts';
import { seedReference } from '../../runtime/server/db/seed/seedReference.ts';
import { startEmbeddedPostgres } from '../../runtime/server/db/startEmbeddedPostgres.ts';
import { syncEntities } from '../../runtime/server/db/syncEntities.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { buildWebIfStale } from '../../runtime/server/web/buildWebIfStale.ts';

export const TEMPLATE_DATABASE = 'erp_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

/**
 * One embedded PostgreSQL for the whole run (under the system temp dir), with a migrated
 * template database holding the reference data; each test file clones it (tests/support/testServer.ts).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'erp-test-pg-'));
  const port = 55000 + (process.pid % 4000);
  const server = await startEmbeddedPostgres({ dir: join(dir, 'pg'), port });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const templateUrl = server.url.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`);
  await migrate(templateUrl);
  const db = createDatabase(templateUrl, { max: 1 });
  const { files } = await readSchemaFiles();
  await syncEntities(templateUrl, files);
  await seedReference(db, files['schemas/enums/uf.enum.json']);
  await db.close();
  // Browser tests load the built SPA; build it once per run when its sources changed.
  await buildWebIfStale(() => {});
  project.provide('pgServerUrl', server.url);
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
