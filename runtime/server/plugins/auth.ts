import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownsWhiteLabel } from '../../core/authorization/ownsWhiteLabel.ts';
import { checkPermission } from '../../core/checkPermission.ts';
import type { AuthInfo } from '../context.ts';
import { HttpError } from '../errors.ts';
import { looksLikeApiKey } from '../services/apiKeys/apiKeyFormat.ts';
import { type ApiKeyRow, apiKeyAuth, findApiKey } from '../services/apiKeys/apiKeyLookup.ts';
import { TokenCache } from '../services/tokenCache.ts';
import { hashToken } from '../services/tokens.ts';
import { requiresToken } from './routeSecurity.ts';

interface TokenRow {
  usuario_id: number;
  empresa_id: number;
  config_white_label_id: number;
  filial_selecionada_id: number | null;
  perfil_admin: boolean;
  suporte_white_label: boolean;
  is_contador: boolean;
  is_avanco: boolean;
  master: boolean;
  painel_administrativo: boolean;
  permissoes: Record<string, number> | null;
}

/** Finds the user behind a token hash (valid, not expired, active user); run as the system role. */
export const TOKEN_LOOKUP_SQL = `SELECT u.id AS usuario_id, u.empresa_id, u.config_white_label_id, u.filial_selecionada_id,
       u.perfil_admin, u.suporte_white_label, u.is_contador, u.is_avanco, u.master, u.painel_administrativo,
       p.permissoes
  FROM access_token t
  JOIN usuario u ON u.id = t.usuario_id AND u.ativo
  LEFT JOIN perfil p ON p.id = u.perfil_id
 WHERE t.token_hash = $1 AND t.expira_em > now()`;

/** A cached lookup: a session token's user or an API key's row. */
type CachedAuth = TokenRow | (ApiKeyRow & { apiKey: true });

/** The raw token of a request: Authorization header (raw, as LoopBack sends it, or Bearer) or ?access_token=. */
export function rawToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.trim()) return header.replace(/^Bearer\s+/i, '').trim();
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.access_token;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : null;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the token of every request into request.auth (null when absent, invalid or expired), then
 * answers 401 when the route's declared security requires a token and there is none — before the body
 * is read or validated, so an anonymous caller learns nothing about the route's input.
 *
 * Lookups are kept for up to a second (services/tokenCache.ts, TOKEN_CACHE_MS); a write request empties
 * the cache before it answers, so what it changed (logout, a user deactivated, a perfil's permissions)
 * holds for the next request, and another process's changes hold within the second.
 */
export function registerAuth(app: FastifyInstance, cache = new TokenCache<CachedAuth>()): void {
  app.decorateRequest('auth', null);
  app.addHook('onSend', async (request) => {
    if (!READS.has(request.method)) cache.clear();
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    request.auth = await resolveAuth(app, request, cache);
    if (!request.auth && requiresToken(request)) requireUser(request);
    return payload;
  });
}

/** The API key of a request: the X-Api-Key header, else a token with the shape of a key. */
function rawApiKey(request: FastifyRequest, token: string | null): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  return token && looksLikeApiKey(token) ? token : null;
}

async function lookup(
  cache: TokenCache<CachedAuth>,
  key: string,
  find: () => Promise<CachedAuth | undefined>,
): Promise<CachedAuth | null> {
  let row = cache.get(key);
  if (row === undefined) {
    const generation = cache.mark();
    row = (await find()) ?? null;
    cache.set(key, row, generation);
  }
  return row;
}

async function resolveAuth(
  app: FastifyInstance,
  request: FastifyRequest,
  cache: TokenCache<CachedAuth>,
): Promise<AuthInfo | null> {
  const token = rawToken(request);
  const apiKey = rawApiKey(request, token);
  if (!app.db) return null;
  if (apiKey) {
    if (apiKey.length > 200) return null;
    const keyHash = hashToken(apiKey);
    const row = await lookup(cache, `k:${keyHash.toString('hex')}`, async () => {
      const found = await app.db.withSystem((tx) => findApiKey(tx, keyHash));
      return found && { ...found, apiKey: true as const };
    });
    if (row && 'apiKey' in row) {
      // A key works only on its own white-label's addresses.
      if (request.tenant && row.config_white_label_id !== request.tenant.id) return null;
      return apiKeyAuth(row, keyHash);
    }
    // X-Api-Key holds no session token; a token shaped like a key may still be a session's.
    if (apiKey !== token) return null;
  }
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const row = await lookup(cache, tokenHash.toString('hex'), () =>
    app.db.withSystem((tx) => tx.maybeOne<TokenRow>(TOKEN_LOOKUP_SQL, [tokenHash])),
  );
  if (!row || 'apiKey' in row) return null;
  // A token works only on its own white-label's addresses (platform staff excepted).
  if (request.tenant && row.config_white_label_id !== request.tenant.id && !row.is_avanco) return null;
  return {
    tokenHash,
    usuarioId: row.usuario_id,
    empresaId: row.empresa_id,
    configWhiteLabelId: row.config_white_label_id,
    filialId: row.filial_selecionada_id,
    perfilAdmin: row.perfil_admin,
    suporteWhiteLabel: row.suporte_white_label,
    isContador: row.is_contador,
    isAvanco: row.is_avanco,
    master: row.master,
    painelAdministrativo: row.painel_administrativo,
    permissoes: row.perfil_admin ? null : (row.permissoes ?? null),
  };
}

/** The caller (a session or an API key), or 401 with the LoopBack code clients expect. */
function requireCaller(request: FastifyRequest): AuthInfo {
  if (!request.auth) {
    throw new HttpError(
      401,
      'AUTHORIZATION_REQUIRED',
      'Sessão inválida ou expirada. Entre novamente no sistema.',
    );
  }
  return request.auth;
}

/**
 * The signed-in user, or 401. An API key is no user: the routes that need only a session (own account,
 * favourites, alerts, staff areas) answer it 403; routes guarded by a permission key use requirePermission.
 */
export function requireUser(request: FastifyRequest): AuthInfo {
  const auth = requireCaller(request);
  if (auth.apiKeyId !== undefined) {
    throw new HttpError(
      403,
      'CHAVE_API_NAO_PERMITIDA',
      'Chaves de API não acessam esta rota; ela exige o token de sessão de um usuário.',
    );
  }
  return auth;
}

/** The signed-in user or API key holding `key` at `level` (spec 000 §6 check), or 403. */
export function requirePermission(request: FastifyRequest, key: string, level: number): AuthInfo {
  const user = requireCaller(request);
  if (!checkPermission(user, key, level)) {
    throw new HttpError(
      403,
      'ACESSO_NEGADO',
      'Você não tem permissão para esta ação. Fale com o administrador da empresa.',
    );
  }
  return user;
}

/** Platform staff (isAvanco) or master users only (administrator area). */
export function requireAvancoOrMaster(request: FastifyRequest): AuthInfo {
  const user = requireUser(request);
  if (!user.isAvanco && !user.master) {
    throw new HttpError(403, 'ACESSO_NEGADO', 'Somente a equipe da plataforma pode realizar esta ação.');
  }
  return user;
}

/**
 * An operator of white-label `configWhiteLabelId`: platform staff (isAvanco) for any white-label, a master
 * user only for the white-label they belong to — one white-label's operator never edits another's
 * configuration, plans or users.
 */
export function requireWhiteLabelOperator(request: FastifyRequest, configWhiteLabelId: number): AuthInfo {
  const user = requireAvancoOrMaster(request);
  if (!ownsWhiteLabel(user, configWhiteLabelId)) {
    throw new HttpError(
      403,
      'ACESSO_NEGADO',
      'Você só pode alterar a configuração do seu próprio white-label.',
    );
  }
  return user;
}

/** Platform staff only (isAvanco): creating a new white-label is not a white-label operator's job. */
export function requirePlatformStaff(request: FastifyRequest): AuthInfo {
  const user = requireUser(request);
  if (!user.isAvanco) {
    throw new HttpError(403, 'ACESSO_NEGADO', 'Somente a equipe da plataforma pode realizar esta ação.');
  }
  return user;
}
