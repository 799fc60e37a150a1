// The real API plus the report job queue in one process (as `npm start` runs them) on PORT against
// DATABASE_URL, with the bench report definitions of BENCH_REPORTS (JSON: name → definition) added to the
// schemas. On 'monitor-start' it measures its own event-loop delay (perf_hooks) and samples its RSS
// every 20 ms; 'monitor-stop' answers { p50, p99, max, rssPeak, rssStart } (ms and bytes). The delays
// are the sampling timer's (1 ms period included).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../../runtime/server/app.ts';
import { loadConfig } from '../../../runtime/server/config.ts';
import { createDatabase } from '../../../runtime/server/db/database.ts';
import { createMailer } from '../../../runtime/server/mail/createMailer.ts';
import { createJobQueue } from '../../../runtime/server/plugins/jobs.ts';
import { readSchemaFiles } from '../../../runtime/server/schemas/readSchemaFiles.ts';
import { createReportQueues, workReportJobs } from '../../../runtime/server/services/reports/reportJobs.ts';
import { TenantRegistry } from '../../../runtime/server/services/tenantRegistry.ts';

const config = loadConfig();
const url = config.databaseUrl as string;
const db = createDatabase(url, { max: 10 });
const { files } = await readSchemaFiles();
for (const [name, definition] of Object.entries(JSON.parse(process.env.BENCH_REPORTS ?? '{}')))
  files[`schemas/reports/${name}.report.json`] = definition;
const tenants = new TenantRegistry(db, files);
await tenants.reload();
const jobs = await createJobQueue(url, { pollingIntervalSeconds: 0.5 });
await createReportQueues(jobs);
const app = await buildApp({
  services: {
    db,
    tenants,
    config,
    jobs,
    mailer: createMailer({ smtpUrl: undefined, mailDir: config.mailDir }),
  },
});
// Two reports at a time, as `npm start` (startServer.ts) works them.
await workReportJobs({ db, tenants, realtime: app.realtime, log: app.log }, jobs, { concurrency: 2 });
await app.listen({ port: config.port, host: '127.0.0.1' });

const histogram = monitorEventLoopDelay({ resolution: 1 });
let rssStart = 0;
let rssPeak = 0;
let sampler: NodeJS.Timeout | undefined;
process.on('message', (message) => {
  if (message === 'monitor-start') {
    histogram.reset();
    histogram.enable();
    rssStart = process.memoryUsage.rss();
    rssPeak = rssStart;
    sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 20);
  } else if (message === 'monitor-stop') {
    histogram.disable();
    clearInterval(sampler);
    const ms = (ns: number) => ns / 1e6;
    process.send?.({
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      rssStart,
      rssPeak,
    });
  } else if (message === 'stop') {
    void app
      .close()
      .then(() => jobs.stop())
      .then(() => db.close())
      .then(() => process.exit(0));
  }
});
process.send?.('ready');
