// The real API (Fastify app, plugins, schemas, RLS transactions) on PORT against DATABASE_URL, for benchmarks.
import { buildApp } from '../../../runtime/server/app.ts';
import { loadConfig } from '../../../runtime/server/config.ts';
import { createDatabase } from '../../../runtime/server/db/database.ts';
import { createMailer } from '../../../runtime/server/mail/createMailer.ts';
import { readSchemaFiles } from '../../../runtime/server/schemas/readSchemaFiles.ts';
import { TenantRegistry } from '../../../runtime/server/services/tenantRegistry.ts';

const config = loadConfig();
const db = createDatabase(config.databaseUrl as string, { max: 10 });
const tenants = new TenantRegistry(db, (await readSchemaFiles()).files);
await tenants.reload();
const app = await buildApp({
  services: { db, tenants, config, mailer: createMailer({ smtpUrl: undefined, mailDir: config.mailDir }) },
});
await app.listen({ port: config.port, host: '127.0.0.1' });
// A clean exit on SIGTERM, so that `--cpu-prof` (BENCH_PROFILE_DIR of the bench) writes its profile.
process.once('SIGTERM', () => process.exit(0));
process.send?.('ready');
