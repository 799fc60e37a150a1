import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';

/**
 * Counts one hit on `key` in a fixed window kept in PostgreSQL (so every API process shares it)
 * and throws 429 with `message` once `limit` hits fall in the window.
 */
export async function hitRateLimit(
  tx: Tx,
  key: string,
  options: { limit: number; windowSeconds: number; message: string },
): Promise<void> {
  const row = await tx.one<{ contagem: number; restante: number }>(
    `INSERT INTO rate_limit (chave, janela_inicio, contagem) VALUES ($1, now(), 1)
     ON CONFLICT (chave) DO UPDATE SET
       contagem = CASE WHEN rate_limit.janela_inicio < now() - make_interval(secs => $2::int) THEN 1 ELSE rate_limit.contagem + 1 END,
       janela_inicio = CASE WHEN rate_limit.janela_inicio < now() - make_interval(secs => $2::int) THEN now() ELSE rate_limit.janela_inicio END
     RETURNING contagem, ceil(extract(epoch FROM janela_inicio + make_interval(secs => $2::int) - now()))::int AS restante`,
    [key, options.windowSeconds],
  );
  if (row.contagem > options.limit) {
    throw new HttpError(429, 'MUITAS_TENTATIVAS', options.message, {
      retryAfterSeconds: Math.max(1, row.restante),
    });
  }
}

/** Forgets the hits on `key` (after a successful login). */
export async function clearRateLimit(tx: Tx, key: string): Promise<void> {
  await tx.query('DELETE FROM rate_limit WHERE chave = $1', [key]);
}
