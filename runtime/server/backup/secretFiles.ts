import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Files of DATA_DIR that the database needs and that live outside it. */
export const SECRET_FILES = ['chave-certificados.key'];
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Encrypts `plain` with AES-256-GCM under a scrypt-derived key; the result is a small JSON document. */
export async function sealWithPassphrase(plain: Buffer, passphrase: string): Promise<string> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  const b64 = (b: Buffer) => b.toString('base64');
  return JSON.stringify({
    versao: 1,
    kdf: { nome: 'scrypt', N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, salt: b64(salt) },
    cifra: 'aes-256-gcm',
    iv: b64(iv),
    tag: b64(cipher.getAuthTag()),
    dados: b64(data),
  });
}

/** Decrypts what sealWithPassphrase wrote; a wrong passphrase (or a changed file) throws. */
export async function openWithPassphrase(sealed: string, passphrase: string): Promise<Buffer> {
  const doc = JSON.parse(sealed) as { kdf: { salt: string }; iv: string; tag: string; dados: string };
  const key = await deriveKey(passphrase, Buffer.from(doc.kdf.salt, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(doc.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(doc.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(doc.dados, 'base64')), decipher.final()]);
}

/** Writes `<file>.enc` into `target` for each secret file present in `dataDir`; returns those written. */
export async function sealSecretFiles(
  dataDir: string,
  target: string,
  passphrase: string,
): Promise<string[]> {
  const written: string[] = [];
  for (const name of SECRET_FILES) {
    let plain: Buffer;
    try {
      plain = await readFile(join(dataDir, name));
    } catch {
      continue;
    }
    await writeFile(join(target, `${name}.enc`), await sealWithPassphrase(plain, passphrase), {
      mode: 0o600,
    });
    written.push(`${name}.enc`);
  }
  return written;
}

/** What start-up says when no passphrase protects the files that live outside the database. */
export function unprotectedFilesWarning(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (env.BACKUP_PASSPHRASE) return undefined;
  if (env.CERTIFICADO_CHAVE?.trim())
    return 'backup: a chave dos certificados A1 vem de CERTIFICADO_CHAVE e não entra no backup; guarde-a à parte';
  return (
    `backup: sem BACKUP_PASSPHRASE, a chave dos certificados A1 (${join(dataDir, 'chave-certificados.key')}) ` +
    'NÃO entra nos backups; sem ela os certificados restaurados não abrem. Defina BACKUP_PASSPHRASE ou copie o arquivo à parte'
  );
}
