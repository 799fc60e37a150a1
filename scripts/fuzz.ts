// The full abuse sweep (npm run fuzz): every operation of generated/openapi.json, every malformed variant
// (params, query, bodies: wrong types, 1e308, 2^63, -1, null, deep nesting, 1 MB strings, __proto__ and
// constructor keys, NUL, invalid UTF-8), as anonymous, a company user, a user of another company and of
// another white-label, through app.inject against a throw-away embedded PostgreSQL with the demo data.
// Prints the counts (operations, requests, 5xx, leaks, secrets) and every failure; exit code 1 on any.
// `npm test` runs a bounded sample of the same sweep (tests/server/abuse.test.ts).
// Usage: npm run fuzz   (FUZZ_ONLY=<regexp over operationId or path> to narrow it; FUZZ_TRACE=<regexp over
// "status code", e.g. "VALOR_INVALIDO"> prints each answer of that kind)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../runtime/server/app.ts';
import { loadConfig } from '../runtime/server/config.ts';
import { createDatabase } from '../runtime/server/db/database.ts';
import { createMailer } from '../runtime/server/mail/createMailer.ts';
import { readSchemaFiles } from '../runtime/server/schemas/readSchemaFiles.ts';
import { TenantRegistry } from '../runtime/server/services/tenantRegistry.ts';
import { prepareAbuseWorld } from '../tests/support/abuse/abuseWorld.ts';
import { loadOpenApi } from '../tests/support/abuse/openapiOperations.ts';
import { describeFailures, runAbuse } from '../tests/support/abuse/runAbuse.ts';
import { SECRET_EXCLUSIONS } from '../tests/support/abuse/secretExclusions.ts';
import { benchDatabase } from './bench/lib/benchDatabase.ts';

const started = performance.now();
const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
const trace = process.env.FUZZ_TRACE ? new RegExp(process.env.FUZZ_TRACE) : undefined;
console.log('preparing: embedded PostgreSQL and the demo data…');
const database = await benchDatabase(Number(process.env.FUZZ_PG_PORT ?? 56640));
const db = createDatabase(database.url, { max: 5 });
const tenants = new TenantRegistry(db, (await readSchemaFiles()).files);
await tenants.reload();
const dataDir = await mkdtemp(join(tmpdir(), 'erp-fuzz-'));
const config = { ...loadConfig({}), dataDir, mailDir: join(dataDir, 'mail'), databaseUrl: database.url };
const app = await buildApp({
  services: { db, tenants, config, mailer: createMailer({ smtpUrl: undefined, mailDir: config.mailDir }) },
});
await app.ready();
let exitCode = 0;
try {
  const openapi = loadOpenApi();
  if (only) openapi.operations = openapi.operations.filter((op) => only.test(op.id) || only.test(op.path));
  const world = await prepareAbuseWorld({ app, db, tenants }, openapi);
  let lastLine = 0;
  const result = await runAbuse({
    app,
    openapi,
    world,
    secretExclusions: SECRET_EXCLUSIONS,
    onAnswer: (answer, operation, actor, variant, body) => {
      if (trace?.test(answer))
        console.log(`  ${answer} ${actor.name} ${operation.id} [${variant.label}] ${body.slice(0, 200)}`);
    },
    progress: (done, total, partial) => {
      if (performance.now() - lastLine < 10_000 && done < total) return;
      lastLine = performance.now();
      console.log(
        `  ${done}/${total} (operation, pass), ${partial.requests} requests, ${partial.counts['5xx']} 5xx, ${partial.counts.leak} leaks, ${partial.counts.secret} secrets, ${partial.counts.envelope} bad envelopes`,
      );
    },
  });
  const answers = [...result.answers].sort((a, b) => b[1] - a[1]);
  console.log('\nanswers (status and error code):');
  for (const [answer, count] of answers.slice(0, 25))
    console.log(`  ${String(count).padStart(7)}  ${answer}`);
  if (answers.length > 25) console.log(`  … and ${answers.length - 25} other kinds`);
  const failures = [...result.serverErrors, ...result.leaks, ...result.secretLeaks, ...result.badEnvelopes];
  if (failures.length > 0) console.log(`\n${describeFailures(failures)}\n`);
  console.log(
    [
      `operations: ${result.operations}`,
      `requests: ${result.requests}`,
      `5xx: ${result.counts['5xx']}`,
      `leaks (another tenant's rows): ${result.counts.leak}`,
      `secrets: ${result.counts.secret} (operations excluded from the secret check: ${Object.keys(SECRET_EXCLUSIONS).length})`,
      `error answers outside the LoopBack envelope: ${result.counts.envelope}`,
      `time: ${((performance.now() - started) / 1000).toFixed(0)} s`,
    ].join('\n'),
  );
  if (failures.length > 0) exitCode = 1;
} finally {
  await app.close();
  await db.close();
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
