/**
 * Kazakhstan IIN (individual) and BIN (business) identification numbers, spec §5.
 *
 * Both are 12 digits whose last digit is a check digit: the weighted sum of the first 11 digits
 * with weights 1..11 mod 11; when that remainder is 10 a second pass uses weights 3..11,1,2; when
 * the second pass gives 10 as well the number has no valid check digit and is rejected.
 */

const PASS1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
const PASS2 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2] as const;

function weighted(digits: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += (digits[i] ?? 0) * (weights[i] ?? 0);
  return sum % 11;
}

function toDigits(value: string): number[] | null {
  if (!/^\d{12}$/.test(value)) return null;
  return Array.from(value, (c) => c.charCodeAt(0) - 48);
}

/**
 * 11 digits and their check digit: for demo data and tests that need real-looking numbers. When
 * the 11 digits have no check digit, the number is bumped (the serial part) until one does.
 */
export function withCheckDigit(head: string): string {
  for (let bump = 0; bump < 100; bump++) {
    const body = (BigInt(head) + BigInt(bump)).toString().padStart(11, '0');
    const digits = Array.from(body, (c) => c.charCodeAt(0) - 48);
    let control = weighted(digits, PASS1);
    if (control === 10) control = weighted(digits, PASS2);
    if (control !== 10) return body + String(control);
  }
  throw new Error(`no check digit for ${head}`);
}

/** The check digit rule alone (no date or component checks). */
export function hasValidCheckDigit(value: string): boolean {
  const digits = toDigits(value);
  if (!digits) return false;
  let control = weighted(digits, PASS1);
  if (control === 10) control = weighted(digits, PASS2);
  if (control === 10) return false;
  return control === digits[11];
}

/** Birth date encoded in an IIN (YYMMDD + century digit 1..6), or null when it is not a real date. */
export function iinBirthDate(value: string): { year: number; month: number; day: number } | null {
  const digits = toDigits(value);
  if (!digits) return null;
  const centuryDigit = digits[6] ?? 0;
  // 1,2 → 1800s; 3,4 → 1900s; 5,6 → 2000s (odd = male, even = female).
  if (centuryDigit < 1 || centuryDigit > 6) return null;
  const century = 1800 + Math.floor((centuryDigit - 1) / 2) * 100;
  const year = century + Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return { year, month, day };
}

/** Gender encoded in an IIN's 7th digit: odd = male, even = female. */
export function iinGender(value: string): 'm' | 'f' | null {
  const digits = toDigits(value);
  if (!digits || !iinBirthDate(value)) return null;
  return (digits[6] ?? 0) % 2 === 1 ? 'm' : 'f';
}

/** A full IIN check: 12 digits, a real birth date with a valid century digit, and the check digit. */
export function isValidIin(value: string): boolean {
  return iinBirthDate(value) !== null && hasValidCheckDigit(value);
}

/**
 * A full BIN check: 12 digits, registration year/month (month 01..12), the 5th digit being the
 * entity type (4 resident legal entity, 5 non-resident, 6 individual entrepreneur on joint
 * basis), the 6th digit the entity attribute (0..3), and the check digit.
 */
export function isValidBin(value: string): boolean {
  const digits = toDigits(value);
  if (!digits) return false;
  const month = Number(value.slice(2, 4));
  if (month < 1 || month > 12) return false;
  if (![4, 5, 6].includes(digits[4] ?? -1)) return false;
  if ((digits[5] ?? 9) > 3) return false;
  return hasValidCheckDigit(value);
}
