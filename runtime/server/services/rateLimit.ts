import type { FastifyReply } from 'fastify';
import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';

/** One counter kept in PostgreSQL (table rate_limit), shared by every API process. */
export interface RateLimit {
  key: string;
  /** Hits (or failures) allowed in the window. */
  limit: number;
  windowSeconds: number;
  /**
   * Progressive block: from the `limit`-th hit the key is blocked for `blockSeconds`, doubling with each
   * further hit (counted once the block is over) up to `maxBlockSeconds`. The window slides while hits come.
   */
  blockSeconds?: number;
  maxBlockSeconds?: number;
}

const DAY = 24 * 3600;

/** Code of the 429 answer; `details.retryAfterSeconds` says when to try again. */
export const TOO_MANY_CODE = 'MUITAS_TENTATIVAS';

function tooMany(message: string, seconds: number): HttpError {
  return new HttpError(429, TOO_MANY_CODE, message, { retryAfterSeconds: Math.max(1, Math.ceil(seconds)) });
}

/**
 * Counts one hit on `limit.key` in its window (a new window once the last one is over, the block going with
 * it); a key that can be blocked gets a fresh window at every hit. Returns the hits and the window's rest.
 */
function upsertHit(tx: Tx, limit: RateLimit): Promise<{ contagem: number; restante: number }> {
  return tx.one<{ contagem: number; restante: number }>(
    `INSERT INTO rate_limit (chave, janela_inicio, contagem, expira_em)
     VALUES ($1, now(), 1, now() + make_interval(secs => $2::int))
     ON CONFLICT (chave) DO UPDATE SET
       contagem = CASE WHEN rate_limit.expira_em <= now() THEN 1 ELSE rate_limit.contagem + 1 END,
       janela_inicio = CASE WHEN rate_limit.expira_em <= now() THEN now() ELSE rate_limit.janela_inicio END,
       bloqueado_ate = CASE WHEN rate_limit.expira_em <= now() THEN NULL ELSE rate_limit.bloqueado_ate END,
       expira_em = CASE WHEN rate_limit.expira_em <= now() OR $3 THEN now() + make_interval(secs => $2::int)
                        ELSE rate_limit.expira_em END
     RETURNING contagem, extract(epoch FROM expira_em - now())::float8 AS restante`,
    [limit.key, limit.windowSeconds, limit.blockSeconds !== undefined],
  );
}

/** Counts one hit on `limit.key`; returns the hits in the window and the block set, if any. */
export async function countHit(tx: Tx, limit: RateLimit): Promise<{ count: number; blockedSeconds: number }> {
  const row = await upsertHit(tx, limit);
  if (limit.blockSeconds === undefined || row.contagem < limit.limit) {
    return { count: row.contagem, blockedSeconds: 0 };
  }
  const blockedSeconds = Math.min(
    limit.maxBlockSeconds ?? DAY,
    limit.blockSeconds * 2 ** Math.min(30, row.contagem - limit.limit),
  );
  // The row outlives its block, so the next failure after it doubles the block instead of starting over.
  await tx.query(
    `UPDATE rate_limit SET bloqueado_ate = now() + make_interval(secs => $2::int),
            expira_em = greatest(expira_em, now() + make_interval(secs => $2::int) + make_interval(secs => $3::int))
      WHERE chave = $1`,
    [limit.key, Math.ceil(blockedSeconds), limit.windowSeconds],
  );
  return { count: row.contagem, blockedSeconds };
}

/**
 * Counts one hit on every key (each request counts, e.g. recovery e-mails and sign-ups) and throws 429
 * with `message` once a key has more than its `limit` hits in its window.
 */
export async function hitRateLimit(tx: Tx, limits: RateLimit | RateLimit[], message: string): Promise<void> {
  for (const limit of Array.isArray(limits) ? limits : [limits]) {
    // Request limits carry no block: their window is the only thing that counts.
    const row = await upsertHit(tx, { ...limit, blockSeconds: undefined });
    if (row.contagem > limit.limit) throw tooMany(message, row.restante);
  }
}

/** Throws 429 with `message` when one of `keys` is under a block (set by countHit); counts nothing. */
export async function assertNotBlocked(tx: Tx, keys: string[], message: string): Promise<void> {
  const row = await tx.maybeOne<{ restante: number }>(
    `SELECT max(extract(epoch FROM bloqueado_ate - now()))::float8 AS restante
       FROM rate_limit WHERE chave = ANY($1::text[]) AND bloqueado_ate > now()
     HAVING count(*) > 0`,
    [keys],
  );
  if (row) throw tooMany(message, row.restante);
}

/** Hits counted on `key` in its current window (0 when none or expired). */
export async function currentHits(tx: Tx, key: string): Promise<number> {
  const row = await tx.maybeOne<{ contagem: number }>(
    'SELECT contagem FROM rate_limit WHERE chave = $1 AND expira_em > now()',
    [key],
  );
  return row?.contagem ?? 0;
}

/** Forgets the hits on `keys` (after a successful login). */
export async function clearRateLimit(tx: Tx, keys: string | string[]): Promise<void> {
  await tx.query('DELETE FROM rate_limit WHERE chave = ANY($1::text[])', [
    Array.isArray(keys) ? keys : [keys],
  ]);
}

/** Deletes the limiter rows whose window and block are over (scheduled job); returns how many. */
export async function purgeExpiredRateLimits(tx: Tx): Promise<number> {
  const rows = await tx.query('DELETE FROM rate_limit WHERE expira_em <= now() RETURNING 1 AS x');
  return rows.length;
}

/** Runs `action`; a 429 it throws also sets the Retry-After header (seconds) on `reply`. */
export async function withRetryAfter<T>(reply: FastifyReply, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const seconds = (error as { details?: { retryAfterSeconds?: unknown } }).details?.retryAfterSeconds;
    if (error instanceof HttpError && error.statusCode === 429 && typeof seconds === 'number') {
      reply.header('Retry-After', String(seconds));
    }
    throw error;
  }
}
