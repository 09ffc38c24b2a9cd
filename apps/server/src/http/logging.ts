import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets: password-reset and OAuth tokens, codes and states, and
 * the `?token=` of downloads and WebSockets. Their values never reach the log.
 */
const SECRET_PARAMS = new Set([
  'token',
  'access_token',
  'refresh_token',
  'refreshtoken',
  'code',
  'state',
  'password',
  'id_token',
]);

/** `url` with the value of every secret query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the name as written
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * Pino serializers and redaction for the server log: the request line without secrets, and no
 * Authorization, Cookie or Set-Cookie header. Mail is logged by kind, recipient and subject
 * only, never its body (which holds reset links and registration codes).
 */
export const LOG_OPTIONS = {
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  serializers: {
    req(req: FastifyRequest) {
      return {
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      };
    },
  },
};
