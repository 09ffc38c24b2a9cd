import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { OAuthCallbackQuerySchema, OAuthStartQuerySchema, message } from '@sabaq/platform';
import type { MessageKey } from '@sabaq/platform';
import type { OidcConfig } from '../auth/oidc';
import { createSession } from '../auth/sessions';
import type { App, AppContext } from '../http/context';
import { publicBase } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { setRefreshCookie } from './auth';

const CALLBACK_PATH = '/api/v2/os/auth/oauth/callback';

/**
 * Sign-in through an OpenID Connect provider (authorization code + PKCE + nonce). The callback
 * links the provider's identity to an existing account by IIN (claim `iin`, configurable) or
 * verified e-mail, opens a session, sets the refresh cookie and sends the browser to the web
 * app's /{lang}/oauth page, which exchanges the cookie for an access token via refresh.
 */
export function registerOAuthRoutes(app: App, ctx: AppContext): void {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = (cfg: OidcConfig): Promise<oidc.Configuration> => {
    discovered ??= oidc
      .discovery(
        new URL(cfg.issuer),
        cfg.clientId,
        cfg.clientSecret,
        undefined,
        cfg.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        discovered = null; // try again on the next request
        throw err;
      });
    return discovered;
  };
  // From configuration only (OIDC_REDIRECT_URI, PUBLIC_URL or the listener), never a Host header.
  const redirectUri = (cfg: OidcConfig) =>
    cfg.redirectUri ?? `${publicBase(ctx.config)}${CALLBACK_PATH}`;

  /** 302 with Location and the spec §8 body carrying `redirect`. */
  const redirect = (reply: FastifyReply, to: string, key: MessageKey, req: FastifyRequest) =>
    reply
      .code(302)
      .header('location', to)
      .send({ message: message(key, req.locale), redirect: to });

  defineRoute(app, ctx, 'auth.oauthStart', {
    querystring: OAuthStartQuerySchema,
    handler: async (req, reply) => {
      const cfg = ctx.config.oidc;
      if (!cfg) throw new HttpError(404, 'oauth_not_configured');
      let config: oidc.Configuration;
      try {
        config = await configuration(cfg);
      } catch (err) {
        req.log.warn({ err }, 'OIDC discovery failed');
        throw new HttpError(502, 'oauth_failed');
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const lang = req.query.lang ?? (req.locale === 'kz' ? 'kk' : 'ru');
      await ctx.db.query(
        "INSERT INTO oauth_states (state, code_verifier, nonce, lang, expires_at) VALUES ($1, $2, $3, $4, now() + interval '10 minutes')",
        [state, codeVerifier, nonce, lang],
      );
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(cfg),
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return redirect(reply, url.href, 'success', req);
    },
  });

  defineRoute(app, ctx, 'auth.oauthCallback', {
    querystring: OAuthCallbackQuerySchema,
    handler: async (req, reply) => {
      const cfg = ctx.config.oidc;
      if (!cfg) throw new HttpError(404, 'oauth_not_configured');
      const state = req.query.state;
      const rows = state
        ? await ctx.db.query<{ code_verifier: string; nonce: string; lang: string }>(
            'DELETE FROM oauth_states WHERE state = $1 AND expires_at > now() RETURNING code_verifier, nonce, lang',
            [state],
          )
        : [];
      const saved = rows[0];
      const fail = (lang: string, key: MessageKey) =>
        redirect(reply, `/${lang}/login?oauth_error=${key}`, key, req);
      if (!saved || req.query.error || !req.query.code) {
        return fail(saved?.lang ?? 'kk', 'oauth_failed');
      }
      let claims: Record<string, unknown> | undefined;
      try {
        const config = await configuration(cfg);
        const current = new URL(redirectUri(cfg));
        for (const [k, v] of Object.entries(req.query))
          if (typeof v === 'string') current.searchParams.set(k, v);
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: saved.code_verifier,
          expectedState: state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims() as Record<string, unknown> | undefined;
      } catch (err) {
        req.log.warn({ err }, 'OIDC code exchange failed');
        return fail(saved.lang, 'oauth_failed');
      }
      const iin = claims?.[cfg.iinClaim ?? 'iin'];
      // Only an address the provider has verified may link to an account.
      const email = claims?.email_verified === false ? undefined : claims?.email;
      const users = await ctx.db.query<{ id: number }>(
        `SELECT id FROM users WHERE (($1::text IS NOT NULL AND iin = $1)
              OR ($2::text IS NOT NULL AND lower(email) = lower($2))) AND dismissed_at IS NULL AND archived_at IS NULL ORDER BY (iin = $1) DESC, id LIMIT 1`,
        [typeof iin === 'string' ? iin : null, typeof email === 'string' ? email : null],
      );
      const user = users[0];
      if (!user) return fail(saved.lang, 'oauth_no_account');
      const tokens = await createSession(ctx.db, user.id, ctx.config.accessTokenTtlSeconds, {
        userAgent: req.headers['user-agent'],
        ip: req.ip,
      });
      await ctx.db.query(
        "INSERT INTO audit_log (actor_id, action, target_user_id, meta) VALUES ($1, 'oauth_login', $1, $2)",
        [user.id, JSON.stringify({ issuer: cfg.issuer, sub: claims?.sub ?? null })],
      );
      if (tokens.refreshToken) setRefreshCookie(ctx, req, reply, tokens.refreshToken);
      return redirect(reply, `/${saved.lang}/oauth`, 'success', req);
    },
  });
}
