import type { FastifyServerOptions } from 'fastify';

const CENSOR = '[REDACTED]';
/** Query parameters that carry a credential (the raw session token travels as ?access_token=). */
const SECRET_QUERY = /([?&](?:access_token|token|senha|password)=)[^&#]*/gi;
/** Object paths pino blanks wherever they appear in a log line (one level of nesting, e.g. body.senha). */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'password',
  'senha',
  'senhaAntiga',
  'senhaNova',
  'confirmaSenha',
  'confirmar',
  'access_token',
  'token',
];
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
];

/** `url` with the values of credential query parameters replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, `$1${CENSOR}`);
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The app's logger options with credentials kept out of every line: request URLs logged without their
 * ?access_token= value, Authorization/Cookie headers and password or token fields censored. A pino
 * instance or `false` passes through unchanged.
 */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base =
    logger === true ? {} : (logger as Exclude<FastifyServerOptions['logger'], boolean | undefined>);
  if (typeof (base as { child?: unknown }).child === 'function') return logger;
  const options = base as { serializers?: Record<string, unknown>; redact?: unknown };
  return {
    ...options,
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      ...options.serializers,
    },
    redact: options.redact ?? { paths: REDACT_PATHS, censor: CENSOR },
  } as FastifyServerOptions['logger'];
}
