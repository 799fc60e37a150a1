import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';

/** Longest Idempotency-Key accepted (Stripe allows 255; UUIDs have 36). */
export const IDEMPOTENCY_KEY_MAX = 200;

/** The Idempotency-Key header of a request, checked (400 when empty, too long or not printable). */
export function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key))
    throw new HttpError(
      400,
      'IDEMPOTENCY_KEY_INVALIDA',
      `O cabeçalho Idempotency-Key deve ter de 1 a ${IDEMPOTENCY_KEY_MAX} caracteres visíveis, sem espaços (por exemplo, um UUID).`,
    );
  return key;
}

/**
 * Runs `fn` once per (empresa, key): the first request inserts the key (a concurrent retry waits on that
 * row until the first commits) and stores its answer in the same transaction; a repeat of the same request
 * gets the stored answer; the same key with another request (route, document or body) is a 422. When the
 * first request fails its transaction rolls back with the key, so a retry runs again.
 */
export async function withIdempotency<T>(
  tx: Tx,
  empresaId: number,
  key: string | undefined,
  signature: string,
  fn: () => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  if (key === undefined) return { result: await fn(), replayed: false };
  const inserted = await tx.maybeOne(
    `INSERT INTO idempotencia (empresa_id, chave, requisicao) VALUES ($1, $2, $3)
     ON CONFLICT (empresa_id, chave) DO NOTHING RETURNING chave`,
    [empresaId, key, signature],
  );
  if (!inserted) {
    // Text, not jsonb: the replay is the first answer byte for byte (jsonb reorders keys).
    const stored = await tx.one<{ requisicao: string; resposta: string }>(
      'SELECT requisicao, resposta FROM idempotencia WHERE empresa_id = $1 AND chave = $2',
      [empresaId, key],
    );
    if (stored.requisicao !== signature)
      throw new HttpError(
        422,
        'IDEMPOTENCY_KEY_REUTILIZADA',
        'Esta Idempotency-Key já foi usada em outra requisição (outra ação, outro documento ou outro corpo). Gere uma nova chave para cada operação.',
      );
    return { result: JSON.parse(stored.resposta) as T, replayed: true };
  }
  const result = await fn();
  await tx.query('UPDATE idempotencia SET resposta = $3 WHERE empresa_id = $1 AND chave = $2', [
    empresaId,
    key,
    JSON.stringify(result),
  ]);
  return { result, replayed: false };
}
