import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../core/constants.ts';
import { HttpError } from '../errors.ts';
import { buildResetEmail } from './buildResetEmail.ts';
import { hitRateLimit } from './rateLimit.ts';
import { resetLinkOrigin } from './resetLinkOrigin.ts';
import { hashToken, newRawToken } from './tokens.ts';

/** Lifetime of a reset link (issue 3: at most 15 minutes). */
export const RESET_TOKEN_MINUTES = 15;
const TOO_MANY = 'Muitas solicitações de recuperação de senha. Aguarde alguns minutos e tente novamente.';
const HOUR = 3600;

/**
 * Recovery request of spec 000 §2.3/§4: rate-limited per IP, per IP and e-mail and per e-mail, then for an active
 * user of this white-label stores a hashed single-use token and e-mails the reset link.
 */
export async function requestPasswordReset(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
): Promise<void> {
  const tenant = request.tenant;
  // Every request counts (each may send an e-mail): per address, per address and account, per account.
  await app.db.withSystem((tx) =>
    hitRateLimit(
      tx,
      [
        { key: `reset:ip:${request.ip}`, limit: 20, windowSeconds: HOUR },
        { key: `reset:par:${tenant.id}:${email}:${request.ip}`, limit: 3, windowSeconds: HOUR },
        { key: `reset:conta:${tenant.id}:${email}`, limit: 5, windowSeconds: HOUR },
      ],
      TOO_MANY,
    ),
  );
  const raw = newRawToken();
  const user = await app.db.withSystem(async (tx) => {
    const found = await tx.maybeOne<{ id: number; nome: string }>(
      'SELECT id, nome FROM usuario WHERE config_white_label_id = $1 AND email = $2 AND ativo',
      [tenant.id, email],
    );
    if (!found) return undefined;
    // Only the newest link works: older pending ones expire (they answer 410, "request again").
    await tx.query(
      'UPDATE reset_token SET expira_em = now() WHERE usuario_id = $1 AND usado_em IS NULL AND expira_em > now()',
      [found.id],
    );
    await tx.query(
      `INSERT INTO reset_token (token_hash, usuario_id, expira_em)
       VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
      [hashToken(raw), found.id, RESET_TOKEN_MINUTES],
    );
    return found;
  });
  // The spec fixes this answer for an unknown e-mail (spec 000 §8 "E-mail não encontrado para recuperação
  // de senha!"), so known and unknown e-mails are told apart here; the per-address limits above bound
  // how many addresses one client can probe.
  if (!user) throw new HttpError(404, 'EMAIL_NAO_ENCONTRADO', MESSAGES.recovery.failure);

  const link = `${resetLinkOrigin(request, tenant.settings.domains ?? [], app.config.publicUrl)}/#/auth/resetar-senha/${raw}`;
  const message = buildResetEmail({
    to: email,
    nome: user.nome,
    title: tenant.settings.title,
    link,
    minutes: RESET_TOKEN_MINUTES,
  });
  try {
    await app.mailer.send(message);
  } catch (error) {
    request.log.error({ err: error }, 'falha ao enviar o e-mail de recuperação de senha');
    throw new HttpError(
      503,
      'EMAIL_NAO_ENVIADO',
      'Não foi possível enviar o e-mail de recuperação agora. Tente novamente em alguns minutos.',
    );
  }
  // Without SMTP the message is only a file under data/mail/: log the link so it can be followed.
  if (!app.config.smtpUrl) request.log.info({ email, link }, 'link de recuperação de senha (sem SMTP_URL)');
}
