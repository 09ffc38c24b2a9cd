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

/**
 * Path segments that are bearer capabilities: a stream grant (files/stream-grant.ts,
 * `<fileId>.<expiry>.<signature>`) opens a pupil's private file for 15 minutes to whoever holds
 * the URL, so it is cut from the path wherever it appears (issue 28).
 */
const SECRET_SEGMENTS: [RegExp, string][] = [
  [/\/files\/stream\/[^/?#]+/g, '/files/stream/[redacted]'],
  [/[0-9a-f-]{36}\.\d{1,12}\.[\w-]{43}/g, '[redacted]'],
];

/**
 * `url` with the value of every secret query parameter and every capability in the path (a
 * stream grant) replaced by `[redacted]`.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = SECRET_SEGMENTS.reduce(
    (p, [re, by]) => p.replace(re, by),
    q < 0 ? url : url.slice(0, q),
  );
  if (q < 0) return path;
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
  return `${path}?${query}`;
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
