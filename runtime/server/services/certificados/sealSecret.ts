import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts `plain` with AES-256-GCM under `key`, bound to `context` (additional authenticated data, e.g.
 * the tenant the secret belongs to, so a value copied to another row does not open): "v1:" + base64 of
 * iv | tag | ciphertext.
 */
export function sealSecret(plain: Buffer, key: Buffer, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64')}`;
}

/** Decrypts a value of sealSecret; throws when the key, the context or the bytes do not match. */
export function openSecret(sealed: string, key: Buffer, context: string): Buffer {
  const [version, payload] = sealed.split(':');
  if (version !== VERSION || !payload) throw new Error('segredo cifrado em formato desconhecido');
  const bytes = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
