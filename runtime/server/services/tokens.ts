import { createHash, randomBytes } from 'node:crypto';

/** A new random token: 32 bytes (256 bits) in base64url; only its hash is ever stored. */
export function newRawToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a raw token, the value kept in access_token / reset_token. */
export function hashToken(raw: string): Buffer {
  return createHash('sha256').update(raw, 'utf8').digest();
}
