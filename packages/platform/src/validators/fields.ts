import type { MessageKey } from '../errors/messages';

/** Spec §5/§9 limits. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 120;

/**
 * Password rules of spec §5, in the order a person fixes them: no spaces, length, then the
 * character classes. Returns the catalogue key of the first broken rule, or null.
 */
export function passwordProblem(password: string): MessageKey | null {
  if (/\s/u.test(password)) return 'password_space';
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'password_min';
  if (length > PASSWORD_MAX) return 'password_max';
  const lower = /\p{Ll}/u.test(password);
  const upper = /\p{Lu}/u.test(password);
  const digit = /\p{Nd}/u.test(password);
  const special = /[^\p{L}\p{Nd}]/u.test(password);
  if (!(lower && upper && digit && special)) return 'password_invalid';
  return null;
}

/**
 * A standard e-mail pattern (the WHATWG one used by `<input type=email>`), so the browser and
 * the server accept the same addresses.
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Name fields: Cyrillic (Russian and Kazakh letters), Latin, spaces and hyphens only (spec §5). */
const NAME = /^[A-Za-zА-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІі -]+$/u;

export function isValidName(value: string): boolean {
  return value.trim().length > 0 && NAME.test(value);
}

/** Number fields strip non-digits (spec §5). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** DD.MM.YYYY with day 1-31, month 1-12, four-digit year, and a date that exists. */
export function parseDisplayDate(
  value: string,
): { year: number; month: number; day: number } | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { year, month, day };
}

export function isValidDisplayDate(value: string): boolean {
  return parseDisplayDate(value) !== null;
}

/** ISO date (YYYY-MM-DD) → DD.MM.YYYY, the format people read. */
export function toDisplayDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d ?? ''}.${m ?? ''}.${y ?? ''}`;
}
