import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';

export type SecurityRequirements = NonNullable<FastifySchema['security']>;

/** The session token, raw in Authorization as LoopBack clients send it (`Bearer <token>` is accepted too). */
export const securitySchemes = {
  token: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      'Token de sessão devolvido por POST /api/Usuarios/login (campo id), enviado como está ou como "Bearer <token>". Endereços abertos em nova aba aceitam ?access_token=.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description:
      'Chave de API criada em Configurações › Integrações › Chaves de API (começa com erp_), no cabeçalho X-Api-Key ou no lugar do token (Authorization). Age pela empresa da chave, com as permissões escolhidas na criação; aceita nas operações que a declaram.',
  },
} as const;

/** Anyone may call it (login, sign-up, password reset, white-label assets): clients send no token. */
export const PUBLIC: SecurityRequirements = [];
/** Anyone may call it; a token, when sent, widens the answer (owner fields, every white-label for staff). */
export const TOKEN_OPTIONAL: SecurityRequirements = [{ token: [] }, {}];
/** Every documented route that declares nothing else: a session token is required (401 without one). */
export const TOKEN_REQUIRED: SecurityRequirements = [{ token: [] }];
/** A session token or an API key (routes guarded by a permission key: the records API and document actions). */
export const TOKEN_OR_API_KEY: SecurityRequirements = [{ token: [] }, { apiKey: [] }];

/** OpenAPI semantics: the requirements are alternatives, and an empty one (or none at all) is anonymous. */
export function allowsAnonymous(security: SecurityRequirements): boolean {
  return security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
}

/**
 * The route's declared `security` is the one rule for who may call it: every documented route without
 * one gets TOKEN_REQUIRED here (so it shows in the OpenAPI document), and `requiresToken` turns it into
 * the 401 before validation. Hidden routes (the SPA, its static files) are no API operation.
 */
export function registerRouteSecurity(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    if (route.schema?.security) return;
    route.schema = { ...route.schema, security: TOKEN_REQUIRED };
  });
}

/** Whether the matched route needs a session token (false for unmatched requests and hidden routes). */
export function requiresToken(request: FastifyRequest): boolean {
  const security = request.routeOptions.schema?.security;
  return security !== undefined && !allowsAnonymous(security);
}
