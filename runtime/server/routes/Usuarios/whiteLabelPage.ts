import type { FastifyInstance } from 'fastify';
import { ownsWhiteLabel } from '../../../core/authorization/ownsWhiteLabel.ts';
import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { HttpError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { pageWhiteLabelUsuarios } from '../../services/pageWhiteLabelUsuarios.ts';
import { errorResponses } from '../errorResponses.ts';

const KEY = 'CONFIG_ADMINISTRADOR_USUARIOS';

const linhaSchema = {
  $id: 'UsuarioWhiteLabelLinha',
  type: 'object',
  required: [
    'id',
    'nome',
    'email',
    'empresaId',
    'empresaNome',
    'perfilAdmin',
    'suporteWhiteLabel',
    'isContador',
    'isAvanco',
    'master',
    'painelAdministrativo',
    'ativo',
  ],
  properties: {
    id: { type: 'integer' },
    nome: { type: 'string' },
    email: { type: 'string' },
    empresaId: { type: 'integer' },
    empresaNome: { type: 'string' },
    perfilAdmin: { type: 'boolean' },
    suporteWhiteLabel: { type: 'boolean' },
    isContador: { type: 'boolean' },
    isAvanco: { type: 'boolean' },
    master: { type: 'boolean' },
    painelAdministrativo: { type: 'boolean' },
    ativo: { type: 'boolean' },
  },
} as const;

/**
 * GET /api/Usuarios/usuarios-whitelabel — the administrator area's paged list of the users of every
 * company of the caller's own white-label (platform staff or that white-label's support, with the key
 * CONFIG_ADMINISTRADOR_USUARIOS).
 */
export async function usuariosWhiteLabelPageRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(linhaSchema);

  app.get(
    '/api/Usuarios/usuarios-whitelabel',
    {
      schema: {
        operationId: 'usuariosWhiteLabelPage',
        tags: ['Usuarios'],
        summary:
          'Usuários de todas as empresas do white-label de quem chama, paginados e com busca por nome, e-mail ou empresa',
        querystring: {
          type: 'object',
          properties: {
            busca: { type: 'string', maxLength: 100, description: 'Parte do nome, do e-mail ou da empresa' },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
            skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['total', 'usuarios'],
            properties: {
              total: { type: 'integer', description: 'Quantos usuários atendem à busca' },
              usuarios: { type: 'array', items: { $ref: 'UsuarioWhiteLabelLinha#' } },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      // Operators of the white-label (README "Segurança": ownership) and its support staff, when their perfil grants
      // the key. A company administrator passes checkPermission but must not see other companies.
      const staff = ownsWhiteLabel(auth, auth.configWhiteLabelId) || auth.suporteWhiteLabel;
      if (!staff || !checkPermission(auth, KEY, PermissionLevel.VISUALIZAR)) {
        throw new HttpError(
          403,
          'ACESSO_NEGADO',
          'Somente a equipe da plataforma ou o suporte do white-label pode listar estes usuários.',
        );
      }
      const { busca, limit, skip } = request.query as { busca?: string; limit: number; skip: number };
      return app.db.withSystem((tx) =>
        pageWhiteLabelUsuarios(tx, auth.configWhiteLabelId, { busca: (busca ?? '').trim(), limit, skip }),
      );
    },
  );
}
