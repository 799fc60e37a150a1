import type { Tx } from '../db/database.ts';
import { hashToken, newRawToken } from './tokens.ts';

/** Creates an access token for a user and returns the LoopBack AccessToken shape (raw id once). */
export async function createSession(tx: Tx, user: { id: number; empresaId: number }, ttlSeconds: number) {
  const raw = newRawToken();
  const row = await tx.one<{ criado_em: Date }>(
    `INSERT INTO access_token (token_hash, usuario_id, empresa_id, ttl, expira_em)
     VALUES ($1, $2, $3, $4::int, now() + make_interval(secs => $4::int)) RETURNING criado_em`,
    [hashToken(raw), user.id, user.empresaId, ttlSeconds],
  );
  return { id: raw, ttl: ttlSeconds, created: row.criado_em.toISOString(), userId: user.id };
}
