import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './mail/createMailer.ts';
import type { JobQueue } from './plugins/jobs.ts';
import type { Realtime } from './plugins/realtime.ts';
import type { Tenant, TenantRegistry } from './services/tenantRegistry.ts';
import type { WebhookOutbox } from './services/webhooks/webhookOutbox.ts';

/** The signed-in user behind a request's token. */
export interface AuthInfo {
  tokenHash: Buffer;
  usuarioId: number;
  empresaId: number;
  configWhiteLabelId: number;
  filialId: number | null;
  perfilAdmin: boolean;
  suporteWhiteLabel: boolean;
  isContador: boolean;
  isAvanco: boolean;
  master: boolean;
  painelAdministrativo: boolean;
  permissoes: Record<string, number> | null;
  /**
   * Set when the request came with an API key (services/apiKeys): usuarioId is then the key's creator (audit
   * columns), permissoes the key's own map, every flag false; routes that only require a signed-in user
   * (requireUser: own account, favourites, alerts) refuse it.
   */
  apiKeyId?: number;
}

/** Services the routes reach through the app instance (Fastify decorators). */
export interface AppServices {
  db: Database;
  tenants: TenantRegistry;
  config: ServerConfig;
  mailer: Mailer;
  /** socket.io push (plugins/realtime.ts); absent when the app is built without services. */
  realtime?: Realtime;
  /** PostgreSQL job queue (plugins/jobs.ts); without it exports answer 503. */
  jobs?: JobQueue;
  /** Transactional webhook outbox (services/webhooks/webhookOutbox.ts); absent without a job queue. */
  webhookOutbox?: WebhookOutbox;
}

declare module 'fastify' {
  interface FastifyInstance extends AppServices {}
  interface FastifyRequest {
    tenant: Tenant;
    auth: AuthInfo | null;
  }
}
