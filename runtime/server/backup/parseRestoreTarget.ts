import { BackupError } from './BackupError.ts';

/** "2026-11-24 15:30" or "2026-11-24 15:30:05" in local time → Date; anything else is refused in pt-BR. */
export function parseRestoreTarget(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  const date = match
    ? new Date(
        Number(match[1]),
        Number(match[2]) - 1,
        Number(match[3]),
        Number(match[4]),
        Number(match[5]),
        Number(match[6] ?? 0),
      )
    : undefined;
  if (!date || date.getMonth() !== Number(match?.[2]) - 1 || date.getDate() !== Number(match?.[3]))
    throw new BackupError(`Data inválida: "${text}". Use --to "AAAA-MM-DD HH:MM" (hora local).`);
  return date;
}
