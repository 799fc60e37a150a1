import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../core/constants.ts';
import { normalizeCpfCnpj } from '../../../core/normalizeCpfCnpj.ts';
import { HttpError } from '../../errors.ts';
import { registerCrmLead } from '../../integrations/registerCrmLead.ts';
import { PUBLIC } from '../../plugins/routeSecurity.ts';
import { withRetryAfter } from '../../services/rateLimit.ts';
import { createSession } from '../../services/sessions.ts';
import { createAccount, limitSignUps, type SignUpInput, validateSignUp } from '../../services/signUp.ts';
import { errorResponses } from './schemas.ts';

const optionalString = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** POST /api/Usuarios/cadastro — trial sign-up without authorization (spec 000 §4, §5, §7). */
export async function usuariosCadastroRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/Usuarios/cadastro',
    {
      schema: {
        operationId: 'usuariosCadastro',
        security: PUBLIC,
        tags: ['Usuarios'],
        summary:
          'Cadastro de teste: cria empresa, filial e usuário administrador e devolve o token da sessão',
        body: {
          type: 'object',
          properties: {
            email: optionalString(200),
            emailconfirmar: optionalString(200),
            nome: optionalString(120),
            empresa: optionalString(120),
            telefone: optionalString(30),
            cpfCnpj: optionalString(30),
            regime: { type: 'integer' },
            senha: optionalString(200),
            confirmaSenha: optionalString(200),
            indicante: optionalString(4000),
            campo1: optionalString(500),
            campo2: optionalString(500),
            campo3: optionalString(500),
            campo4: optionalString(500),
            idWhitelabel: { type: ['integer', 'string'] },
            idConfigWhitelabel: optionalString(100),
            naoCadastrasSuperlogica: { type: 'boolean' },
            uf: { type: 'string', pattern: '^[A-Z]{2}$' },
            codigoMunicipio: { type: 'integer', minimum: 1000000, maximum: 9999999 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['id', 'userId'],
            properties: {
              id: { type: 'string', description: 'Token da sessão criada (login automático)' },
              userId: { type: 'integer' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const input = request.body as SignUpInput;
      const tenant = request.tenant;
      if (!tenant.settings.cadastroAtivo) {
        throw new HttpError(403, 'CADASTRO_DESATIVADO', MESSAGES.signUp.disabled);
      }
      const errors = validateSignUp(input, tenant.settings.misc);
      const fields = Object.entries(errors).map(([campo, mensagem]) => ({ campo, mensagem }));
      if (fields.length > 0) {
        throw new HttpError(400, 'CADASTRO_INVALIDO', fields.map((f) => f.mensagem).join(' '), { fields });
      }
      await withRetryAfter(reply, () => limitSignUps(app, request));
      const keys = Object.keys(
        (tenant.schemas['schemas/permissions/keys.json'] as { keys: Record<string, unknown> }).keys,
      );
      const result = await app.db.withSystem(async (tx) => {
        const account = await createAccount(tx, tenant, input, keys);
        const session = await createSession(
          tx,
          { id: account.usuarioId, empresaId: account.empresaId },
          app.config.tokenTtlSeconds,
        );
        return { id: session.id, userId: account.usuarioId };
      });
      const documento = normalizeCpfCnpj(input.cpfCnpj);
      await registerCrmLead(
        tenant.settings.misc.integracaoPloomes,
        {
          nome: input.nome?.trim() ?? '',
          empresa: input.empresa?.trim() ?? '',
          telefone: input.telefone?.replace(/\D/g, '') ?? '',
          email: (input.email ?? '').trim().toLowerCase(),
          pessoaJuridica: documento.length === 14 || (!documento && Boolean(input.empresa?.trim())),
        },
        (message, error) => request.log.warn({ err: error }, message),
        { allowPrivate: app.config.outboundAllowPrivate },
      );
      return result;
    },
  );
}
