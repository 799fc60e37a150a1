import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFilter, parseWhere } from '../../../core/loopbackFilter.ts';
import { PermissionLevel } from '../../../core/types.ts';
import type { AuthInfo } from '../../context.ts';
import { compileWhere } from '../../db/compileFilter.ts';
import { HttpError } from '../../errors.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';
import { deleteUsuario } from '../../services/deleteUsuario.ts';
import { listUsuarios } from '../../services/listUsuarios.ts';
import { listWhiteLabelUsuarios } from '../../services/listWhiteLabelUsuarios.ts';
import type { UsuarioInput } from '../../services/resolveUsuarioChanges.ts';
import { saveUsuario } from '../../services/saveUsuario.ts';
import { usuarioFieldMap } from '../../services/usuarioFieldMap.ts';
import {
  countQuerySchema,
  countResponseSchema,
  filterQuerySchema,
  idParamsSchema,
  usuarioBodySchema,
  usuarioSchema,
  verificaFilialSchema,
  whiteLabelQuerySchema,
} from '../../services/usuarioSchemas.ts';
import { verificaFilial } from '../../services/verificaFilial.ts';
import { errorResponses } from './schemas.ts';

const KEY = 'CONFIG_USUARIOS';
const NOT_FOUND = 'Usuário não encontrado.';
const usuarioList = { type: 'array', items: { $ref: 'Usuario#' } } as const;

const tenantOf = (auth: AuthInfo) => ({ empresaId: auth.empresaId, usuarioId: auth.usuarioId });

/** The caller, allowed to act on user `id`: always on their own record ("minha conta"), else by permission. */
function requireSelfOr(request: FastifyRequest, id: number, level: number): AuthInfo {
  const auth = requireUser(request);
  return id === auth.usuarioId ? auth : requirePermission(request, KEY, level);
}

/** Usuarios CRUD with LoopBack filters, verificaFilial and the white-label listing (spec 001 §7.3). */
export async function usuariosCrudRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(usuarioSchema);

  app.get(
    '/api/Usuarios',
    {
      schema: {
        operationId: 'usuariosFind',
        tags: ['Usuarios'],
        summary: 'Lista os usuários da empresa (filtro LoopBack: where, order, limit, skip, fields, include)',
        querystring: filterQuerySchema,
        response: { 200: usuarioList, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requirePermission(request, KEY, PermissionLevel.VISUALIZAR);
      const filter = parseFilter((request.query as { filter?: string }).filter);
      return app.db.withTenant(tenantOf(auth), (tx) =>
        listUsuarios(tx, filter, { empresaId: auth.empresaId }, usuarioFieldMap),
      );
    },
  );

  app.get(
    '/api/Usuarios/count',
    {
      schema: {
        operationId: 'usuariosCount',
        tags: ['Usuarios'],
        summary: 'Conta os usuários da empresa que atendem ao where',
        querystring: countQuerySchema,
        response: { 200: countResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requirePermission(request, KEY, PermissionLevel.VISUALIZAR);
      const where = parseWhere((request.query as { where?: string }).where);
      const params: unknown[] = [auth.empresaId];
      const condition = compileWhere(where, usuarioFieldMap, params);
      return app.db.withTenant(tenantOf(auth), (tx) =>
        tx.one<{ count: number }>(
          `SELECT count(*)::int AS count FROM usuario u WHERE u.empresa_id = $1 AND (${condition})`,
          params,
        ),
      );
    },
  );

  app.get(
    '/api/Usuarios/verificaFilial',
    {
      schema: {
        operationId: 'usuariosVerificaFilial',
        tags: ['Usuarios'],
        summary: 'Indica se o usuário da sessão tem filial disponível e qual está selecionada',
        response: { 200: verificaFilialSchema, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return app.db.withTenant(tenantOf(auth), (tx) => verificaFilial(tx, auth));
    },
  );

  app.get(
    '/api/Usuarios/usuarios-whitelabel/:id',
    {
      schema: {
        operationId: 'usuariosWhiteLabel',
        tags: ['Usuarios'],
        summary: 'Usuários de todas as empresas de um white-label (equipe da plataforma)',
        params: idParamsSchema,
        querystring: whiteLabelQuerySchema,
        response: { 200: usuarioList, ...errorResponses },
      },
    },
    async (request) => {
      const { filter, params } = request.query as { filter?: string; params?: string };
      const id = (request.params as { id: number }).id;
      return listWhiteLabelUsuarios(app.db, requireUser(request), id, filter ?? params);
    },
  );

  app.get(
    '/api/Usuarios/:id',
    {
      schema: {
        operationId: 'usuariosFindById',
        tags: ['Usuarios'],
        summary: 'Um usuário da empresa (filtro LoopBack: fields, include)',
        params: idParamsSchema,
        querystring: filterQuerySchema,
        response: { 200: { $ref: 'Usuario#' }, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const auth = requireSelfOr(request, id, PermissionLevel.VISUALIZAR);
      const filter = parseFilter((request.query as { filter?: string }).filter);
      const where = filter.where ? { and: [{ id }, filter.where] } : { id };
      const [user] = await app.db.withTenant(tenantOf(auth), (tx) =>
        listUsuarios(
          tx,
          { ...filter, where, limit: 1, skip: 0 },
          { empresaId: auth.empresaId },
          usuarioFieldMap,
        ),
      );
      if (!user) throw new HttpError(404, 'USUARIO_NAO_ENCONTRADO', NOT_FOUND);
      return user;
    },
  );

  app.post(
    '/api/Usuarios',
    {
      schema: {
        operationId: 'usuariosCreate',
        tags: ['Usuarios'],
        summary: 'Cria um usuário na empresa',
        body: { ...usuarioBodySchema, required: ['email', 'senha'] },
        response: { 200: { $ref: 'Usuario#' }, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requirePermission(request, KEY, PermissionLevel.CRIAR);
      return saveUsuario(app.db, auth, request.body as UsuarioInput, null);
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/Usuarios/:id',
      schema: {
        operationId: method === 'PUT' ? 'usuariosReplaceById' : 'usuariosPatchById',
        tags: ['Usuarios'],
        summary: 'Altera os campos enviados de um usuário (com versao: controle de concorrência)',
        params: idParamsSchema,
        body: usuarioBodySchema,
        response: { 200: { $ref: 'Usuario#' }, ...errorResponses },
      },
      handler: async (request) => {
        const { id } = request.params as { id: number };
        const auth = requireSelfOr(request, id, PermissionLevel.ALTERAR);
        const saved = await saveUsuario(app.db, auth, request.body as UsuarioInput, id);
        app.realtime?.revalidateUser(id); // ativo/perfil/senha changed: the user's websockets are checked again
        return saved;
      },
    });
  }

  app.delete(
    '/api/Usuarios/:id',
    {
      schema: {
        operationId: 'usuariosDeleteById',
        tags: ['Usuarios'],
        summary: 'Exclui um usuário da empresa',
        params: idParamsSchema,
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = requirePermission(request, KEY, PermissionLevel.TOTAL);
      const { id } = request.params as { id: number };
      await app.db.withTenant(tenantOf(auth), (tx) => deleteUsuario(tx, auth, id));
      app.realtime?.disconnectUser(id);
      return reply.code(204).send();
    },
  );
}
