// The real API on PORT, as appServer.ts, plus an event-loop delay histogram of this process: the parent
// sends 'reset' to start a measurement and 'stats' to receive { p50, p99, max, mean } in milliseconds
// (sampled every 1 ms, so an idle loop reads about 1 ms).
import { monitorEventLoopDelay } from 'node:perf_hooks';
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

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
process.on('message', (message) => {
  if (message === 'reset') {
    histogram.reset();
    process.send?.({ reset: true });
  } else if (message === 'stats') {
    process.send?.({
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
    });
  }
});
process.send?.('ready');
