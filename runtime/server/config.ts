import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
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
  /** How long a validated token is reused without a lookup (services/tokenCache.ts); 0 turns it off. */
  tokenCacheMs: number;
  logLevel: string;
  /**
   * Which proxies may set X-Forwarded-For/-Proto/-Host (Fastify trustProxy): false (default: the socket's
   * address is the client), a hop count, a list of addresses/CIDRs, or true (any: only behind a proxy
   * that overwrites the header).
   */
  trustProxy: boolean | number | string[];
  /** Sign-ups accepted per client address per hour. */
  signUpPerIpPerHour: number;
  /** Sign-ups accepted per white-label per hour. */
  signUpPerWhiteLabelPerHour: number;
  /** Whether this API process also works the job queue (reports); off leaves them to `npm run worker`. */
  jobsWork: boolean;
  /**
   * OUTBOUND_ALLOW_PRIVATE=1 lets tenant-configured outbound URLs (CRM) use http and private/loopback
   * addresses: for tests and local development only; off by default (safeFetch).
   */
  outboundAllowPrivate: boolean;
  /** Webhook deliveries: retries after the first failure (WEBHOOK_RETRY_LIMIT, default 8). */
  webhookRetryLimit: number;
  /** Base delay of the exponential backoff between webhook retries (WEBHOOK_RETRY_DELAY_SECONDS, default 30). */
  webhookRetryDelaySeconds: number;
  /** Seconds between relays of the webhook outbox besides the one right after each commit (WEBHOOK_OUTBOX_RELAY_SECONDS, default 30). */
  webhookOutboxRelaySeconds: number;
  /**
   * SEFAZ_URL_BASE: every SEFAZ address becomes <base>/<host><path> (the local fake SEFAZ, `npm run
   * fake-sefaz`); unset, the official addresses of runtime/server/fiscal/sefaz/endpoints.json are used.
   */
  sefazUrlBase: string | undefined;
  /**
   * SEFAZ_CA_FILE: PEM file of extra CAs trusted for the SEFAZ servers' certificates (the ICP-Brasil chain
   * in production, the fake's test CA locally), read at start-up; the system CAs are always trusted too.
   */
  sefazCa: string | undefined;
  /** Per-request timeout of the SEFAZ client (SEFAZ_TIMEOUT_MS, default 30000). */
  sefazTimeoutMs: number;
  /** Seconds between the jobs' retries: lote polling, resending, offline contingency (SEFAZ_RETRY_SECONDS, default 30). */
  sefazRetrySeconds: number;
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
    tokenCacheMs: Math.min(Math.max(Number(env.TOKEN_CACHE_MS ?? 1000) || 0, 0), 1000),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    signUpPerIpPerHour: positiveInteger('SIGNUP_PER_IP_HOUR', env.SIGNUP_PER_IP_HOUR, 20),
    signUpPerWhiteLabelPerHour: positiveInteger(
      'SIGNUP_PER_WHITELABEL_HOUR',
      env.SIGNUP_PER_WHITELABEL_HOUR,
      200,
    ),
    jobsWork: !/^(0|false|no|nao|não)$/i.test(env.JOBS_WORK ?? ''),
    outboundAllowPrivate: /^(1|true|yes|sim)$/i.test(env.OUTBOUND_ALLOW_PRIVATE ?? ''),
    webhookRetryLimit: positiveInteger('WEBHOOK_RETRY_LIMIT', env.WEBHOOK_RETRY_LIMIT, 8),
    webhookRetryDelaySeconds: positiveInteger(
      'WEBHOOK_RETRY_DELAY_SECONDS',
      env.WEBHOOK_RETRY_DELAY_SECONDS,
      30,
    ),
    webhookOutboxRelaySeconds: positiveInteger(
      'WEBHOOK_OUTBOX_RELAY_SECONDS',
      env.WEBHOOK_OUTBOX_RELAY_SECONDS,
      30,
    ),
    sefazUrlBase: env.SEFAZ_URL_BASE || undefined,
    sefazCa: env.SEFAZ_CA_FILE ? readFileSync(resolve(REPO_ROOT, env.SEFAZ_CA_FILE), 'utf8') : undefined,
    sefazTimeoutMs: positiveInteger('SEFAZ_TIMEOUT_MS', env.SEFAZ_TIMEOUT_MS, 30_000),
    sefazRetrySeconds: positiveInteger('SEFAZ_RETRY_SECONDS', env.SEFAZ_RETRY_SECONDS, 30),
  };
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`${name} deve ser um número inteiro positivo (recebido: ${value})`);
  }
  return number;
}

/**
 * TRUST_PROXY: empty, 0 or false → trust no proxy; a positive integer → that many hops; true → any
 * proxy; otherwise a comma-separated list of IP addresses or CIDR ranges of the trusted proxies.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = (value ?? '').trim();
  if (!text || /^(0|false|no|nao|não)$/i.test(text)) return false;
  if (/^true$/i.test(text)) return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!version || !validBits || rest.length > 0) {
      throw new Error(
        `TRUST_PROXY inválido: "${entry}" (use um número de proxies, true, ou endereços IP/CIDR separados por vírgula)`,
      );
    }
  }
  return entries;
}

/**
 * The Fastify trustProxy option for a TRUST_PROXY value. Fastify 5 treats a bare hop count as "trust
 * nothing"; an operator who sets one says that many proxies sit in front, each appending to
 * X-Forwarded-For, so the socket peer and the next `hops - 1` addresses are trusted.
 */
export function trustProxyOption(
  value: ServerConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}
