import { join, resolve } from 'node:path';
import { REPO_ROOT } from './schemas/readSchemaFiles.ts';

/** Settings read from the environment once at start-up (README lists them). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** External PostgreSQL; when absent an embedded server runs under dataDir/pg. */
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  smtpUrl: string | undefined;
  /** Where mail goes without SMTP_URL. */
  mailDir: string;
  /** Public origin used in e-mailed links when the request's own origin is unknown. */
  publicUrl: string | undefined;
  tokenTtlSeconds: number;
  logLevel: string;
  /** Whether this API process also works the job queue (reports); off leaves them to `npm run worker`. */
  jobsWork: boolean;
  /**
   * OUTBOUND_ALLOW_PRIVATE=1 lets tenant-configured outbound URLs (CRM) use http and private/loopback
   * addresses: for tests and local development only; off by default (safeFetch).
   */
  outboundAllowPrivate: boolean;
}

/** Reads the server configuration from environment variables with the documented defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(REPO_ROOT, env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: Number(env.EMBEDDED_PG_PORT ?? 54329),
    smtpUrl: env.SMTP_URL || undefined,
    mailDir: join(dataDir, 'mail'),
    publicUrl: env.PUBLIC_URL || undefined,
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 14 * 24 * 3600),
    logLevel: env.LOG_LEVEL ?? 'info',
    jobsWork: !/^(0|false|no|nao|não)$/i.test(env.JOBS_WORK ?? ''),
    outboundAllowPrivate: /^(1|true|yes|sim)$/i.test(env.OUTBOUND_ALLOW_PRIVATE ?? ''),
  };
}
