/**
 * The database is away: its connection was refused, dropped or timed out, the server is shutting
 * down or starting, or the embedded database's thread is restarting. Nothing the caller asked
 * for happened (a transaction in progress was rolled back with its connection); the same call
 * may succeed once the database is back. The HTTP layer answers 503 with the spec's
 * server-unavailable message (http/errors.ts); background work waits for its next round.
 */
export class DbUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DbUnavailableError';
  }
}

/** Errors of the network or the socket, by node's errno code. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for a server that is going or not there yet: admin_shutdown (57P01, a
 * stop or pg_terminate_backend), crash_shutdown (57P02), cannot_connect_now (57P03, starting or
 * stopping), too_many_connections (53300), and class 08, connection exceptions.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres' own words for a connection that broke or never came. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|not queryable/i;

/** Whether `err` says the database is unreachable, as opposed to a statement that failed. */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof DbUnavailableError) return true;
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.test(message);
}

/** `err` as a DbUnavailableError when it is one of those; otherwise `err` itself. */
export function asUnavailable(err: unknown): unknown {
  if (err instanceof DbUnavailableError || !isUnavailable(err)) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new DbUnavailableError(`the database is unavailable: ${message}`, { cause: err });
}
