import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Undoes quoted-printable soft line breaks and =XX escapes (nodemailer's text parts). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The newest .eml written under `mailDir` for `to` (the mailer's file transport, no SMTP in tests),
 * decoded enough to read links; undefined when there is none.
 */
export async function readMail(mailDir: string, to: string): Promise<string | undefined> {
  const names = await readdir(mailDir).catch(() => [] as string[]);
  const files = await Promise.all(
    names
      .filter((name) => name.endsWith(`-${to}.eml`))
      .map(async (name) => ({ path: join(mailDir, name), time: (await stat(join(mailDir, name))).mtimeMs })),
  );
  const newest = files.sort((a, b) => b.time - a.time || b.path.localeCompare(a.path))[0];
  return newest ? decodeQuotedPrintable(await readFile(newest.path, 'utf8')) : undefined;
}
