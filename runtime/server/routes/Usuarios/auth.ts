import type { FastifyInstance } from 'fastify';
import { EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../core/constants.ts';
import { HttpError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { PUBLIC } from '../../plugins/routeSecurity.ts';
import { beforeLoginAttempt, loginFailed, loginKeys, loginSucceeded } from '../../services/loginThrottle.ts';
import { hashPassword, verifyPassword } from '../../services/passwords.ts';
import { withRetryAfter } from '../../services/rateLimit.ts';
import { createSession } from '../../services/sessions.ts';
import { loadUserInfo } from '../../services/userInfo.ts';
import {
  accessTokenSchema,
  errorResponses,
  filialObjSchema,
  loginUserSchema,
  userInfoSchema,
} from './schemas.ts';

const LOGIN_FAILED = 'Dados inválidos, verifique e-mail/senha e tente novamente';
// A real argon2id hash compared when the e-mail is unknown, so both paths take the same time.
const DUMMY_HASH = hashPassword('senha-inexistente-para-tempo-constante');

interface LoginRow {
  id: number;
  empresa_id: number;
  senha_hash: string;
  email: string;
  nome: string;
  is_avanco: boolean;
  master: boolean;
  is_contador: boolean;
  perfil_admin: boolean;
  painel_administrativo: boolean;
}

/** Login, logout, user info, branch selection and password change (spec 000 §7, spec 001 §7.3). */
export async function usuariosAuthRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(filialObjSchema);
  app.addSchema(userInfoSchema);
  app.addSchema(loginUserSchema);
  app.addSchema(accessTokenSchema);

  app.post(
    '/api/Usuarios/login',
    {
      schema: {
        operationId: 'usuariosLogin',
        security: PUBLIC,
        tags: ['Usuarios'],
        summary: 'Entra no sistema e devolve o token da sessão',
        querystring: { type: 'object', properties: { include: { type: 'string', enum: ['user'] } } },
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: {
            email: { type: 'string', minLength: 1, maxLength: 200 },
            password: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
        response: { 200: { $ref: 'AccessToken#' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email: rawEmail, password } = request.body as { email: string; password: string };
      const email = rawEmail.trim().toLowerCase();
      const tenantId = request.tenant.id;
      const keys = loginKeys(request.ip, tenantId, email);
      await withRetryAfter(reply, () => beforeLoginAttempt(app.db, keys));
      const user = await app.db.withSystem((tx) =>
        tx.maybeOne<LoginRow>(
          `SELECT id, empresa_id, senha_hash, email, nome, is_avanco, master, is_contador, perfil_admin, painel_administrativo
             FROM usuario WHERE config_white_label_id = $1 AND email = $2 AND ativo`,
          [tenantId, email],
        ),
      );
      const valid = user
        ? email.length <= EMAIL_MAX_LENGTH && (await verifyPassword(user.senha_hash, password))
        : (await verifyPassword(await DUMMY_HASH, password)) && false;
      if (!user || !valid) {
        await loginFailed(app.db, keys);
        throw new HttpError(401, 'LOGIN_FAILED', LOGIN_FAILED);
      }
      await loginSucceeded(app.db, keys);
      return app.db.withSystem(async (tx) => {
        const session = await createSession(
          tx,
          { id: user.id, empresaId: user.empresa_id },
          app.config.tokenTtlSeconds,
        );
        const include = (request.query as { include?: string }).include === 'user';
        return {
          ...session,
          ...(include
            ? {
                user: {
                  id: user.id,
                  email: user.email,
                  nome: user.nome,
                  empresaId: user.empresa_id,
                  isAvanco: user.is_avanco,
                  master: user.master,
                  isContador: user.is_contador,
                  perfilAdmin: user.perfil_admin,
                  painelAdministrativo: user.painel_administrativo,
                },
              }
            : {}),
        };
      });
    },
  );

  app.post(
    '/api/Usuarios/logout',
    {
      schema: {
        operationId: 'usuariosLogout',
        tags: ['Usuarios'],
        summary: 'Encerra a sessão (invalida o token)',
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      await app.db.withSystem((tx) =>
        tx.query('DELETE FROM access_token WHERE token_hash = $1', [auth.tokenHash]),
      );
      // The session's websockets end with it, in whichever process holds them.
      app.realtime?.disconnectToken(auth.tokenHash);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/Usuarios/getUserInfo',
    {
      schema: {
        operationId: 'usuariosGetUserInfo',
        tags: ['Usuarios'],
        summary: 'Dados do usuário da sessão: permissões, filial selecionada, módulos, alertas',
        querystring: { type: 'object', properties: { sistema: { type: 'string' } } },
        response: { 200: { $ref: 'UserInfo#' }, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const info = await app.db.withTenant({ empresaId: auth.empresaId, usuarioId: auth.usuarioId }, (tx) =>
        loadUserInfo(tx, auth.usuarioId, request.tenant),
      );
      if (!info)
        throw new HttpError(
          401,
          'AUTHORIZATION_REQUIRED',
          'Sessão inválida ou expirada. Entre novamente no sistema.',
        );
      return info;
    },
  );

  app.get(
    '/api/Usuarios/obterfilialselecionada',
    {
      schema: {
        operationId: 'usuariosObterFilialSelecionada',
        tags: ['Usuarios'],
        summary: 'Filial selecionada do usuário da sessão',
        response: { 200: { anyOf: [{ $ref: 'FilialSelecionada#' }, { type: 'null' }] }, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const info = await app.db.withTenant({ empresaId: auth.empresaId, usuarioId: auth.usuarioId }, (tx) =>
        loadUserInfo(tx, auth.usuarioId, request.tenant),
      );
      return info?.filialSelecionadaObj ?? null;
    },
  );

  app.post(
    '/api/Usuarios/selecionarFilial',
    {
      schema: {
        operationId: 'usuariosSelecionarFilial',
        tags: ['Usuarios'],
        summary: 'Troca a filial selecionada do usuário da sessão',
        body: {
          type: 'object',
          required: ['filialId'],
          additionalProperties: false,
          properties: { filialId: { type: 'integer', minimum: 1 } },
        },
        response: { 200: { $ref: 'FilialSelecionada#' }, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { filialId } = request.body as { filialId: number };
      return app.db.withTenant({ empresaId: auth.empresaId, usuarioId: auth.usuarioId }, async (tx) => {
        const allowed = await tx.maybeOne(
          `SELECT f.id FROM filial f
            WHERE f.id = $1 AND f.ativo
              AND ($3 OR EXISTS (SELECT 1 FROM usuario_filial uf WHERE uf.filial_id = f.id AND uf.usuario_id = $2))`,
          [filialId, auth.usuarioId, auth.perfilAdmin],
        );
        if (!allowed)
          throw new HttpError(
            404,
            'FILIAL_NAO_ENCONTRADA',
            'Filial não encontrada ou sem acesso para este usuário.',
          );
        await tx.query('UPDATE usuario SET filial_selecionada_id = $1, alterado_em = now() WHERE id = $2', [
          filialId,
          auth.usuarioId,
        ]);
        const info = await loadUserInfo(tx, auth.usuarioId, request.tenant);
        return info?.filialSelecionadaObj;
      });
    },
  );

  app.post(
    '/api/Usuarios/alteraSenha',
    {
      schema: {
        operationId: 'usuariosAlteraSenha',
        tags: ['Usuarios'],
        summary: 'Altera a senha do usuário da sessão',
        body: {
          type: 'object',
          required: ['senhaAntiga', 'senhaNova'],
          properties: {
            userId: { type: 'integer' },
            senhaAntiga: { type: 'string', maxLength: 200 },
            senhaNova: { type: 'string', maxLength: 200 },
          },
        },
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const body = request.body as { userId?: number; senhaAntiga: string; senhaNova: string };
      if (body.userId !== undefined && body.userId !== auth.usuarioId) {
        throw new HttpError(403, 'ACESSO_NEGADO', 'Só é possível alterar a senha do próprio usuário.');
      }
      if (body.senhaNova.length < PASSWORD_MIN_LENGTH) {
        throw new HttpError(
          400,
          'SENHA_CURTA',
          `A nova senha deve ter no mínimo ${PASSWORD_MIN_LENGTH} caracteres.`,
        );
      }
      await app.db.withTenant({ empresaId: auth.empresaId, usuarioId: auth.usuarioId }, async (tx) => {
        const row = await tx.one<{ senha_hash: string }>('SELECT senha_hash FROM usuario WHERE id = $1', [
          auth.usuarioId,
        ]);
        if (!(await verifyPassword(row.senha_hash, body.senhaAntiga))) {
          throw new HttpError(400, 'SENHA_ATUAL_INCORRETA', 'A senha atual não confere.');
        }
        await tx.query(
          'UPDATE usuario SET senha_hash = $1, alterado_em = now(), alterado_por = $2 WHERE id = $2',
          [await hashPassword(body.senhaNova), auth.usuarioId],
        );
      });
      // Other sessions of this user end with the old password.
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
