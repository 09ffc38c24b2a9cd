import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './context';

/**
 * The Content-Security-Policy the built web app passes (checked in Chromium by
 * apps/web/e2e/security.e2e.ts):
 * - scripts only from this origin: Vite's index.html loads one module file, no inline script;
 * - styles from this origin plus 'unsafe-inline': the UI kit (Mantine) writes its CSS variables
 *   into a <style> element at run time and components pass `style` attributes, and neither can
 *   carry a nonce. Inline styles cannot run code; scripts stay strict;
 * - connections to this origin only (the API and the WebSockets of collab and chat; CSP 3's
 *   'self' covers ws:/wss: of the same host);
 * - images and media from this origin, data: and blob: (previews of files being uploaded);
 * - no plugins, no <base> elsewhere, forms post here only, and no site may frame the app.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every answer: pages, assets, API and errors alike. */
export function securityHeaders(config: ServerConfig): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    // The reset page carries its token in the query: not even its path leaves the site.
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (/^https:/i.test(config.publicUrl ?? '')) {
    headers['strict-transport-security'] = 'max-age=15552000; includeSubDomains';
  }
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
}
