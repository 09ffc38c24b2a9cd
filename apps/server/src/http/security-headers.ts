import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './context';
import { paymentCspOrigins } from '../commerce/cloudpayments';

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

/**
 * The card provider's widget (commerce/cloudpayments.ts), when configured: its script, its
 * payment frame and its calls are allowed from its origin, nothing else changes.
 */
export function withPaymentWidget(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  const extra = origins.join(' ');
  return [
    ...policy.split('; ').map((d) => (/^(script-src|connect-src) /.test(d) ? `${d} ${extra}` : d)),
    `frame-src ${extra}`,
  ].join('; ');
}

/** Headers on every answer: pages, assets, API and errors alike. */
export function securityHeaders(config: ServerConfig): Record<string, string> {
  const headers: Record<string, string> = {
    // The online lesson's Jitsi Meet (teaching/conference.ts) embeds the same way: its
    // external_api.js and the conference frame from its origin.
    'content-security-policy': withPaymentWidget(CONTENT_SECURITY_POLICY, [
      ...paymentCspOrigins(),
      ...(config.conference ? [new URL(config.conference.baseUrl).origin] : []),
    ]),
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

/**
 * A built script or stylesheet under /assets/ (hashed name, served immutable): the policy, frame
 * and opener headers act on documents and workers only, so a subresource carries just nosniff,
 * the referrer policy (a stylesheet's own fetches) and HSTS. A phone's first signed-in page loads
 * dozens of these; the document-only headers were ~0.4 KiB of each answer (issue 29). The service
 * worker (/sw.js) and every page, API answer and error keep the whole set.
 */
export function assetHeaders(config: ServerConfig): Record<string, string> {
  const all = securityHeaders(config);
  const keep = ['x-content-type-options', 'referrer-policy', 'strict-transport-security'];
  return Object.fromEntries(Object.entries(all).filter(([name]) => keep.includes(name)));
}

const HASHED_ASSET = /^\/assets\/[^/?]+\.(?:js|css)(?:\?|$)/;

export function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  const headers = securityHeaders(config);
  const documentOnly = Object.keys(headers).filter((name) => !(name in assetHeaders(config)));
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
  // Only a file actually served loses them: a missing chunk's 404 keeps the whole set.
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 && HASHED_ASSET.test(req.url))
      for (const name of documentOnly) reply.removeHeader(name);
    return payload;
  });
}
