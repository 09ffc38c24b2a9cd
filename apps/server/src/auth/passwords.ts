import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt is memory-hard and built into node (no native build). N=2^14, r=8 uses 16 MiB per hash,
// ~40 ms on one core: slow enough against guessing, fast enough for a login.
const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEYLEN,
      { N: n, r, p, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` with a fresh 16-byte salt per user. */
export async function hashPassword(password: string): Promise<string> {
  return hashWith(password, N);
}

/**
 * One-time passwords of a bulk import (thousands of new pupils) at a lower work factor,
 * N=2^9 (512 KiB, ~1.5 ms of CPU against ~60 ms at 2^14): at full cost an import of 3,000 pupils
 * took minutes of CPU; at 2^10 still over 10 s (bench/bench-year.ts). The lower cost is safe here
 * because such a password is not chosen by a person (random, ~39 bits: no dictionary helps), is
 * replaced at the first sign-in (default_pass forces the change, and the new one is hashed at full
 * cost), and guessing it online meets the sign-in limits; offline it still costs tens of CPU-years
 * per account. verifyPassword reads N from the hash.
 */
export async function hashOneTimePassword(password: string): Promise<string> {
  return hashWith(password, ONE_TIME_N);
}

/** The work factor of one-time passwords (see hashOneTimePassword). */
export const ONE_TIME_N = 512;

async function hashWith(password: string, n: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Same work as a real check so a missing account is not told apart by timing.
    await scryptAsync(password, Buffer.alloc(16), N, R, P);
    return false;
  }
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(
    password,
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Tokens are random and stored only as their sha256, so a leaked table opens nothing. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
