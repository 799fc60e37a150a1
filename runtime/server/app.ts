import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { errorEnvelopeSchema } from './errors.ts';
import { registerErrorHandler } from './plugins/errorHandler.ts';
import { pingRoutes } from './routes/ping/index.ts';

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
}

/** Builds the Fastify app; every route declares its schemas, which become the OpenAPI spec. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    ajv: { customOptions: { allErrors: false, coerceTypes: 'array', removeAdditional: false } },
  });
  app.addSchema(errorEnvelopeSchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'ERP white-label API',
        description:
          'API do ERP (convenções LoopBack 3: ?filter={json}, /count?where=, token em Authorization).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  registerErrorHandler(app);
  await app.register(pingRoutes);
  return app;
}
