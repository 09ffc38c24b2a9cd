import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * The online lesson (issue 20): a Jitsi Meet conference per lesson, entered with a JWT that the
 * server signs for the lesson's teacher (moderator) and its pupils only. Jitsi's token
 * authentication (prosody `mod_auth_token`, HS256 with the deployment's app secret) checks `iss`
 * (the app id), `aud`, `sub` (the XMPP domain, or `*`), `room`, `nbf`/`exp`, and reads the user
 * and their moderator right from `context.user`. Configured by the environment; without it the
 * conference block stays off (spec §4) and the route answers `data: null`.
 *
 *   SABAQ_JITSI_DOMAIN       meet.example.kz (where external_api.js and the rooms are)
 *   SABAQ_JITSI_APP_ID       the deployment's app id (the token's `iss`)
 *   SABAQ_JITSI_APP_SECRET   its shared secret (HS256)
 *   SABAQ_JITSI_AUDIENCE     the token's `aud` (default `jitsi`)
 */
export interface ConferenceConfig {
  domain: string;
  appId: string;
  secret: string;
  audience: string;
  /** The page that loads external_api.js: https://<domain> (tests: a loopback stand-in). */
  baseUrl: string;
}

export function conferenceConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): ConferenceConfig | null {
  const domain = env.SABAQ_JITSI_DOMAIN?.trim();
  const appId = env.SABAQ_JITSI_APP_ID?.trim();
  const secret = env.SABAQ_JITSI_APP_SECRET?.trim();
  if (!domain && !appId && !secret) return null;
  if (!domain || !appId || !secret)
    throw new Error(
      'SABAQ_JITSI_DOMAIN, SABAQ_JITSI_APP_ID and SABAQ_JITSI_APP_SECRET go together: set all three or none',
    );
  const baseUrl = /^https?:\/\//.test(domain) ? domain.replace(/\/+$/, '') : `https://${domain}`;
  return {
    domain: new URL(baseUrl).host,
    appId,
    secret,
    audience: env.SABAQ_JITSI_AUDIENCE?.trim() || 'jitsi',
    baseUrl,
  };
}

/** The lesson's room: its id and a keyed hash, so that a room name cannot be guessed from another. */
export function roomOf(config: ConferenceConfig, lessonId: number): string {
  const tag = createHmac('sha256', config.secret).update(`lesson:${lessonId}`).digest('hex');
  return `sabaq-lesson-${lessonId}-${tag.slice(0, 16)}`;
}

/** How long a token lets one enter (a lesson and a break; the page asks again after). */
export const TOKEN_TTL_SECONDS = 2 * 60 * 60;

export async function conferenceToken(
  config: ConferenceConfig,
  entry: {
    room: string;
    user: { id: number; name: string };
    moderator: boolean;
    now?: Date;
  },
): Promise<{ jwt: string; expiresAt: Date }> {
  const issuedAt = Math.floor((entry.now ?? new Date()).getTime() / 1000);
  const expiresAt = new Date((issuedAt + TOKEN_TTL_SECONDS) * 1000);
  const jwt = await new SignJWT({
    room: entry.room,
    moderator: entry.moderator,
    context: {
      user: {
        id: String(entry.user.id),
        name: entry.user.name,
        moderator: entry.moderator ? 'true' : 'false',
        affiliation: entry.moderator ? 'owner' : 'member',
      },
    },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(config.appId)
    .setAudience(config.audience)
    .setSubject(config.domain)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt - 10)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(config.secret));
  return { jwt, expiresAt };
}
