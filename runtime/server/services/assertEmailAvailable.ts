import { EMAIL_MAX_LENGTH } from '../../core/constants.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../errors.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The 409 of a taken address; the same text whichever company holds it. */
export const EMAIL_TAKEN = 'Já existe um usuário com este e-mail.';

/**
 * Validates and lowercases an e-mail and checks it is free in the white-label. E-mails are unique per
 * white-label, so the holder may be a user of another company, invisible under RLS: the check runs as
 * the system role and answers 409 without saying which company holds the address.
 */
export async function assertEmailAvailable(
  db: Database,
  configWhiteLabelId: number,
  rawEmail: string,
  exceptUsuarioId: number | null,
): Promise<string> {
  const email = rawEmail.trim().toLowerCase();
  if (!email || email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    throw new HttpError(
      400,
      'EMAIL_INVALIDO',
      `E-mail inválido: informe um endereço como nome@empresa.com.br com até ${EMAIL_MAX_LENGTH} caracteres.`,
    );
  }
  const taken = await db.withSystem((tx) =>
    tx.maybeOne(
      'SELECT 1 FROM usuario WHERE config_white_label_id = $1 AND email = $2 AND id IS DISTINCT FROM $3',
      [configWhiteLabelId, email, exceptUsuarioId],
    ),
  );
  if (taken) throw new HttpError(409, 'EMAIL_JA_CADASTRADO', EMAIL_TAKEN);
  return email;
}
