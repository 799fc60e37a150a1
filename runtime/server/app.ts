import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerFormats } from '../core/registerFormats.ts';
import { resolveTheme } from '../core/resolveTenant.ts';
import { trustProxyOption } from './config.ts';
import type { AppServices } from './context.ts';
import { errorEnvelopeSchema } from './errors.ts';
import { withLogRedaction } from './logRedaction.ts';
import { swaggerOptions } from './openapi/swaggerOptions.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler, sendFrameworkError } from './plugins/errorHandler.ts';
import { attachRealtime } from './plugins/realtime.ts';
import { registerRequestInput } from './plugins/requestInput.ts';
import { registerRouteSecurity } from './plugins/routeSecurity.ts';
import { registerTenantContext } from './plugins/tenantContext.ts';
import { routeModules } from './routes/index.ts';
import { TokenCache } from './services/tokenCache.ts';
import { registerWebhookDispatch } from './services/webhooks/registerWebhookDispatch.ts';
import { serveWebApp } from './web/serveWebApp.ts';

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Absent only when building the app to read its OpenAPI document (npm run generate). */
  services?: AppServices;
  /** Serve the built SPA from dist/web at "/". */
  serveWeb?: boolean;
}

/** Builds the Fastify app; every route declares its schemas, which become the OpenAPI spec. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withLogRedaction(options.logger ?? false),
    // Off unless TRUST_PROXY says which proxies may set X-Forwarded-For (request.ip feeds the rate limits).
    trustProxy: trustProxyOption(options.services?.config.trustProxy ?? false),
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: (error, request, reply) => sendFrameworkError(error, request, reply),
    ajv: {
      customOptions: {
        allErrors: false,
        coerceTypes: 'array',
        removeAdditional: false,
        allowUnionTypes: true,
      },
      plugins: [registerFormats],
    },
  });
  for (const [name, service] of Object.entries(options.services ?? {})) app.decorate(name, service);
  app.addSchema(errorEnvelopeSchema);
  await app.register(swagger, swaggerOptions);
  registerRouteSecurity(app);
  registerErrorHandler(app);
  registerRequestInput(app);
  registerTenantContext(app);
  registerAuth(app, new TokenCache(options.services?.config.tokenCacheMs ?? 0));
  for (const routes of routeModules) await app.register(routes);
  await registerWebhookDispatch(app);
  if (options.services) await attachRealtime(app, options.services.db.url);
  if (options.serveWeb) {
    await serveWebApp(
      app,
      (request) =>
        resolveTheme(request.tenant.schemas['schemas/tenant/themes.json'], request.tenant.settings)
          .themeColor,
    );
  }
  return app;
}
