import type { FastifyInstance } from 'fastify';
import { EMAIL_MAX_LENGTH, MESSAGES, PASSWORD_MIN_LENGTH } from '../../../core/constants.ts';
import { HttpError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { PUBLIC } from '../../plugins/routeSecurity.ts';
import { completePasswordReset } from '../../services/completePasswordReset.ts';
import { hashPassword } from '../../services/passwords.ts';
import { withRetryAfter } from '../../services/rateLimit.ts';
import { requestPasswordReset } from '../../services/requestPasswordReset.ts';
import { errorResponses } from './schemas.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const responses = {
  204: { type: 'null' },
  ...errorResponses,
  410: { $ref: 'ErrorEnvelope#' },
  503: { $ref: 'ErrorEnvelope#' },
} as const;
const passwordPair = (password: string, confirmation: string) => ({
  type: 'object',
  required: [password, confirmation],
  properties: {
    [password]: { type: 'string', maxLength: 200 },
    [confirmation]: { type: 'string', maxLength: 200 },
  },
});

/** 400 with every field's message (same shape as the sign-up: details.fields of {campo, mensagem}). */
function rejectFields(code: string, errors: Record<string, string | undefined>): void {
  const fields = Object.entries(errors)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([campo, mensagem]) => ({ campo, mensagem }));
  if (fields.length > 0) {
    throw new HttpError(400, code, fields.map((field) => field.mensagem).join(' '), { fields });
  }
}

/** The reset/first-access pair rule of spec 000 §5: at least 6 characters, confirmation equal. */
function checkNewPassword(code: string, names: [string, string], password: string, confirmation: string) {
  rejectFields(code, {
    [names[0]]:
      password.length < PASSWORD_MIN_LENGTH ? MESSAGES.validation.minLength(PASSWORD_MIN_LENGTH) : undefined,
    [names[1]]: confirmation !== password ? MESSAGES.validation.mismatch : undefined,
  });
}

/** Password recovery, reset by e-mailed link and first access (spec 000 §2.3, §4, §7, §8). */
export async function usuariosResetRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/Usuarios/reset',
    {
      schema: {
        operationId: 'usuariosReset',
        security: PUBLIC,
        tags: ['Usuarios'],
        summary: 'Pede a recuperação de senha: envia por e-mail um link válido por 15 minutos',
        body: {
          type: 'object',
          required: ['email'],
          properties: {
            sistema: { type: 'string', maxLength: 100 },
            email: { type: 'string', maxLength: 200 },
          },
        },
        response: responses,
      },
    },
    async (request, reply) => {
      const email = (request.body as { email: string }).email.trim().toLowerCase();
      const r = MESSAGES.recovery;
      rejectFields('EMAIL_INVALIDO', {
        email: !email
          ? r.required
          : email.length > EMAIL_MAX_LENGTH
            ? MESSAGES.validation.maxLength(EMAIL_MAX_LENGTH)
            : EMAIL_PATTERN.test(email)
              ? undefined
              : r.email,
      });
      await withRetryAfter(reply, () => requestPasswordReset(app, request, email));
      return reply.code(204).send();
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        operationId: 'resetPassword',
        security: PUBLIC,
        tags: ['Usuarios'],
        summary: 'Define a nova senha com o link de recuperação (uso único)',
        querystring: {
          type: 'object',
          required: ['access_token'],
          properties: { access_token: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        body: passwordPair('password', 'confirmar'),
        response: responses,
      },
    },
    async (request, reply) => {
      const { password, confirmar } = request.body as { password: string; confirmar: string };
      checkNewPassword('SENHA_INVALIDA', ['password', 'confirmar'], password, confirmar);
      const token = (request.query as { access_token: string }).access_token;
      const usuarioId = await app.db.withSystem((tx) => completePasswordReset(tx, token, password));
      // Every session of the user ended with the reset: so do its websockets.
      app.realtime?.disconnectUser(usuarioId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/Usuarios/primeiroAcesso',
    {
      schema: {
        operationId: 'usuariosPrimeiroAcesso',
        tags: ['Usuarios'],
        summary: 'Primeiro acesso: o usuário da sessão define a própria senha (uma única vez)',
        body: passwordPair('senha', 'confirmaSenha'),
        response: responses,
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const { senha, confirmaSenha } = request.body as { senha: string; confirmaSenha: string };
      checkNewPassword('SENHA_INVALIDA', ['senha', 'confirmaSenha'], senha, confirmaSenha);
      await app.db.withTenant({ empresaId: auth.empresaId, usuarioId: auth.usuarioId }, async (tx) => {
        const row = await tx.one<{ primeiro_acesso: boolean }>(
          'SELECT primeiro_acesso FROM usuario WHERE id = $1 FOR UPDATE',
          [auth.usuarioId],
        );
        if (!row.primeiro_acesso) {
          throw new HttpError(
            409,
            'PRIMEIRO_ACESSO_CONCLUIDO',
            'O primeiro acesso já foi concluído. Para trocar a senha, use a opção Alterar senha.',
          );
        }
        await tx.query(
          `UPDATE usuario SET senha_hash = $1, primeiro_acesso = false, alterado_em = now(), alterado_por = $2
            WHERE id = $2`,
          [await hashPassword(senha), auth.usuarioId],
        );
      });
      // Sessions opened with the temporary password end; this one stays.
      await app.db.withSystem((tx) =>
        tx.query('DELETE FROM access_token WHERE usuario_id = $1 AND token_hash <> $2', [
          auth.usuarioId,
          auth.tokenHash,
        ]),
      );
      app.realtime?.revalidateUser(auth.usuarioId);
      return reply.code(204).send();
    },
  );
}
