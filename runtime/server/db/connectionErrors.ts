/**
 * Errors that mean "the database cannot be reached right now" (server stopped or restarting, network cut,
 * too many connections) rather than anything about the request: the API answers them with 503 and a pt-BR
 * message, and pools reconnect by themselves when PostgreSQL is back.
 */
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 53300 too many connections. */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|database system is (starting up|shutting down|in recovery mode)|Client was closed|not queryable/i;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'Banco de dados indisponível no momento; tente novamente em instantes.';

export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (NODE_CODES.has(code) || PG_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
  )
    return true;
  return typeof message === 'string' && MESSAGES.test(message);
}
