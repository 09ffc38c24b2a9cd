import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Stream grants: a short-lived capability URL for one stored file, for `<video>` and `<audio>`,
 * which cannot send the bearer token yet must stream with Range. The route that hands out a
 * grant checks the caller's rights first (e.g. `files.attachmentGrant`); the grant names the file
 * and its expiry, signed with HMAC-SHA256. The key is SABAQ_FILE_SECRET (set it the same on every
 * server process), or a random one per process (grants then live as long as the process).
 */
const GRANT_SECONDS = 15 * 60;
const key = process.env.SABAQ_FILE_SECRET
  ? Buffer.from(process.env.SABAQ_FILE_SECRET)
  : randomBytes(32);

function sign(payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** `<fileId>.<expiry seconds>.<signature>` for the stored file `fileId`. */
export function grantFor(fileId: string, now = Date.now()): { grant: string; expiresAt: string } {
  const expiry = Math.floor(now / 1000) + GRANT_SECONDS;
  const payload = `${fileId}.${expiry}`;
  return {
    grant: `${payload}.${sign(payload)}`,
    expiresAt: new Date(expiry * 1000).toISOString(),
  };
}

/** The stored file a grant names while it is valid, or null (tampered, malformed or expired). */
export function fileOfGrant(grant: string, now = Date.now()): string | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(grant);
  if (!match) return null;
  const [, fileId, expiry, signature] = match;
  const expected = Buffer.from(sign(`${fileId}.${expiry}`));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expiry) * 1000 <= now) return null;
  return fileId!;
}

/** Seconds a grant has left (the cache lifetime of what it streams). */
export function secondsLeft(grant: string, now = Date.now()): number {
  return Math.max(0, Number(grant.split('.')[1]) - Math.floor(now / 1000));
}
