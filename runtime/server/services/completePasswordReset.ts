import { MESSAGES } from '../../core/constants.ts';
import type { Tx } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { forgetLoginFailures } from './loginThrottle.ts';
import { hashPassword } from './passwords.ts';
import { hashToken } from './tokens.ts';

interface ResetRow {
  usuario_id: number;
  usado_em: Date | null;
  expirado: boolean;
  email: string;
  config_white_label_id: number;
}

/**
 * Uses a reset token once: locks its row (FOR UPDATE, so two concurrent uses cannot both pass),
 * sets the new argon2id hash, marks the token used, expires the user's other pending links and
 * ends every session of the user. 410 with the spec's message for a used or expired link.
 */
export async function completePasswordReset(tx: Tx, rawToken: string, password: string): Promise<number> {
  const tokenHash = hashToken(rawToken);
  const row = await tx.maybeOne<ResetRow>(
    `SELECT t.usuario_id, t.usado_em, t.expira_em <= now() AS expirado, u.email, u.config_white_label_id
       FROM reset_token t
       JOIN usuario u ON u.id = t.usuario_id AND u.ativo
      WHERE t.token_hash = $1
        FOR UPDATE OF t`,
    [tokenHash],
  );
  if (!row) {
    throw new HttpError(
      404,
      'LINK_RECUPERACAO_INVALIDO',
      'Link de recuperação de senha inválido. Confira o endereço recebido por e-mail ou solicite novamente a recuperação de sua senha.',
    );
  }
  if (row.usado_em || row.expirado) {
    const motivo = row.usado_em ? 'utilizado' : 'expirou';
    throw new HttpError(
      410,
      row.usado_em ? 'LINK_RECUPERACAO_UTILIZADO' : 'LINK_RECUPERACAO_EXPIRADO',
      MESSAGES.reset.linkUsed,
      { motivo },
    );
  }
  await tx.query('UPDATE usuario SET senha_hash = $1, alterado_em = now(), alterado_por = $2 WHERE id = $2', [
    await hashPassword(password),
    row.usuario_id,
  ]);
  await tx.query('UPDATE reset_token SET usado_em = now() WHERE token_hash = $1', [tokenHash]);
  await tx.query(
    `UPDATE reset_token SET expira_em = now()
      WHERE usuario_id = $1 AND usado_em IS NULL AND expira_em > now() AND token_hash <> $2`,
    [row.usuario_id, tokenHash],
  );
  await tx.query('DELETE FROM access_token WHERE usuario_id = $1', [row.usuario_id]);
  // A user locked out by failed logins can sign in with the new password at once.
  await forgetLoginFailures(tx, row.config_white_label_id, row.email);
  return row.usuario_id;
}
