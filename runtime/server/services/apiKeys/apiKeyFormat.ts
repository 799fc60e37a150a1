import { randomBytes } from 'node:crypto';

/** Every API key starts with it, so a key sent as the token is told from a session token without a lookup. */
export const API_KEY_PREFIX = 'erp_';
/** Characters of the key kept in the record (prefixo) to recognise it in the list. */
export const API_KEY_SHOWN = 12;
/** erp_ + 32 random bytes in base64url (256 bits). */
const API_KEY_PATTERN = /^erp_[A-Za-z0-9_-]{43}$/;

/** A new API key: the raw value (shown once) and its prefixo. Only its SHA-256 is ever stored. */
export function newApiKey(): { chave: string; prefixo: string } {
  const chave = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { chave, prefixo: chave.slice(0, API_KEY_SHOWN) };
}

/** Whether `raw` has the shape of an API key (a session token of that shape is looked up as a session too). */
export function looksLikeApiKey(raw: string): boolean {
  return API_KEY_PATTERN.test(raw);
}
