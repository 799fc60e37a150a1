import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const KEY_BYTES = 32;
const KEY_FILE = 'chave-certificados.key';
const cache = new Map<string, Promise<Buffer>>();

/** Reads a 256-bit key written as 64 hex digits or as base64. */
function parseKey(text: string, origin: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES)
    throw new Error(
      `${origin}: a chave dos certificados deve ter 32 bytes (64 dígitos hexadecimais ou base64)`,
    );
  return key;
}

async function loadKey(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, KEY_FILE);
  try {
    return parseKey(await readFile(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  try {
    // wx: two processes starting together keep the first key written.
    await writeFile(path, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKey(await readFile(path, 'utf8'), path);
}

/**
 * The key that encrypts stored A1 certificates and their passwords: CERTIFICADO_CHAVE (64 hex digits or
 * base64 of 32 bytes; set it when several API processes share one database) or, without it, a random key
 * kept in DATA_DIR/chave-certificados.key (mode 0600), created on first use.
 */
export function certificateKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const fromEnv = env.CERTIFICADO_CHAVE?.trim();
  if (fromEnv) return Promise.resolve(parseKey(fromEnv, 'CERTIFICADO_CHAVE'));
  let key = cache.get(dataDir);
  if (!key) {
    key = loadKey(dataDir);
    key.catch(() => cache.delete(dataDir));
    cache.set(dataDir, key);
  }
  return key;
}
