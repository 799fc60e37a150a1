import { createHash } from 'node:crypto';
import { readPkcs12Pem } from '../services/certificados/readPkcs12.ts';

/** How long an opened A1 is kept after its last use, and how many different ones at most. */
export const OPENED_A1_TTL_MS = 5 * 60_000;
const MAX_OPENED = 16;

type Opened = ReturnType<typeof readPkcs12Pem>;
const opened = new Map<string, { value: Opened; lastUse: number }>();

/**
 * readPkcs12Pem, remembered per file and password for OPENED_A1_TTL_MS after the last use, in the worker that
 * calls it. Opening an ICP-Brasil A1 with node-forge (PBKDF over 2,048 iterations, 3DES) costs 20–130 ms on
 * this machine, and every emission uses it twice (the signature, then the PEMs of the mutual TLS): a PDV
 * selling one NFC-e after another paid it on each sale. The key is the SHA-256 of file and password, so a
 * wrong password never finds the right one's entry and is refused as before; failures are not remembered.
 * This is the only cache of opened A1s: the SEFAZ client asks the worker for the PEMs on each call
 * (clienteSefaz.ts, tlsDaFilial) and keeps them no longer than that call.
 */
export function openA1(bytes: Buffer, senha: string, now = Date.now()): Opened {
  for (const [key, entry] of opened) if (now - entry.lastUse > OPENED_A1_TTL_MS) opened.delete(key);
  const key = createHash('sha256').update(bytes).update('\0').update(senha, 'utf8').digest('hex');
  const known = opened.get(key);
  if (known) {
    known.lastUse = now;
    return known.value;
  }
  const value = readPkcs12Pem(bytes, senha);
  opened.set(key, { value, lastUse: now });
  if (opened.size > MAX_OPENED) opened.delete(opened.keys().next().value as string);
  return value;
}
