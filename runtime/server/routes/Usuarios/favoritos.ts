import type { FastifyInstance } from 'fastify';
import { FAVORITES_LIMIT } from '../../../core/constants.ts';
import { HttpError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { favoritableMenuKeys } from '../../services/favoritableMenuKeys.ts';
import { resolveFavoritos } from '../../services/resolveFavoritos.ts';
import { visibleFavoritos } from '../../services/visibleFavoritos.ts';
import { errorResponses } from './schemas.ts';

const ACCOUNTANT_DENIED = 'Contadores não podem alterar os favoritos.';

const favoritosSchema = {
  type: 'object',
  required: ['favoritos'],
  additionalProperties: false,
  properties: {
    favoritos: {
      description: 'Chaves de permissão (data.key) dos itens de menu favoritos',
      type: 'array',
      // Room for repeats and the defaults; the limit itself answers with its own message.
      maxItems: FAVORITES_LIMIT * 5,
      items: { type: 'string', minLength: 1, maxLength: 100 },
    },
  },
} as const;

/** The signed-in user's favourite pages (spec 000 §3, §5): menu keys, defaults first. */
export async function usuariosFavoritosRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/Usuarios/favoritos',
    {
      schema: {
        operationId: 'usuariosFavoritos',
        tags: ['Usuarios'],
        summary: 'Favoritos do usuário da sessão (os favoritos padrão vêm primeiro)',
        response: { 200: favoritosSchema, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const row = await app.db.withTenant({ empresaId: auth.empresaId, usuarioId: auth.usuarioId }, (tx) =>
        tx.one<{ favoritos: string[] }>('SELECT favoritos FROM usuario WHERE id = $1', [auth.usuarioId]),
      );
      const stored = Array.isArray(row.favoritos) ? row.favoritos : [];
      return { favoritos: visibleFavoritos(stored, favoritableMenuKeys(request.tenant.schemas)) };
    },
  );

  app.put(
    '/api/Usuarios/favoritos',
    {
      schema: {
        operationId: 'usuariosSalvarFavoritos',
        tags: ['Usuarios'],
        summary: `Grava os favoritos do usuário da sessão (itens de menu com página; no máximo ${FAVORITES_LIMIT})`,
        body: favoritosSchema,
        response: { 200: favoritosSchema, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      if (auth.isContador) throw new HttpError(403, 'CONTADOR_SEM_FAVORITOS', ACCOUNTANT_DENIED);
      const { favoritos } = request.body as { favoritos: string[] };
      const list = resolveFavoritos(favoritos, favoritableMenuKeys(request.tenant.schemas));
      await app.db.withTenant({ empresaId: auth.empresaId, usuarioId: auth.usuarioId }, (tx) =>
        tx.query('UPDATE usuario SET favoritos = $1 WHERE id = $2', [JSON.stringify(list), auth.usuarioId]),
      );
      return { favoritos: list };
    },
  );
}
