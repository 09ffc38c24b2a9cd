import { randomInt } from 'node:crypto';

/**
 * A default password to hand to a new employee (or after a reset): 12 characters that keep the
 * spec §5 rules (upper, lower, digit, special) and avoid look-alikes (0/O, 1/l/I). The account
 * is marked `default_pass`, so the first sign-in asks for a new one.
 */
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGIT = '23456789';

function pick(alphabet: string, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export function makeDefaultPassword(): string {
  return `${pick(UPPER, 1)}${pick(LOWER, 5)}-${pick(DIGIT, 4)}!`;
}
