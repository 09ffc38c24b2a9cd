import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasValidCheckDigit, iinBirthDate, iinGender, isValidBin, isValidIin } from './iin';

// Real numbers collected from seven public validators (see SOURCES.md there).
const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..');
const external = resolve(repoRoot, '../shared/testdata/external/iin');

interface Case {
  valid: boolean;
  checksum_valid: boolean;
  note?: string;
}
const iinCases = JSON.parse(readFileSync(resolve(external, 'iin_cases.json'), 'utf8')) as (Case & {
  iin: string;
})[];
const binCases = JSON.parse(readFileSync(resolve(external, 'bin_cases.json'), 'utf8')) as (Case & {
  bin: string;
})[];

describe('IIN against the external cases', () => {
  it('has the cases', () => {
    expect(iinCases.length).toBe(66);
  });
  it.each(iinCases.map((c) => [c.iin, c.valid, c.checksum_valid, c.note ?? ''] as const))(
    '%s valid=%s checksum=%s %s',
    (iin, valid, checksumValid) => {
      expect(isValidIin(iin)).toBe(valid);
      expect(hasValidCheckDigit(iin)).toBe(checksumValid);
    },
  );
});

describe('BIN against the external cases', () => {
  it('has the cases', () => {
    expect(binCases.length).toBe(284);
  });
  it.each(binCases.map((c) => [c.bin, c.valid, c.checksum_valid, c.note ?? ''] as const))(
    '%s valid=%s checksum=%s %s',
    (bin, valid, checksumValid) => {
      expect(isValidBin(bin)).toBe(valid);
      expect(hasValidCheckDigit(bin)).toBe(checksumValid);
    },
  );
});

describe('IIN details', () => {
  it('rejects the number where both passes give 10', () => {
    expect(hasValidCheckDigit('821214240092')).toBe(false);
  });
  it('reads birth date and gender', () => {
    expect(iinBirthDate('031231500126')).toEqual({ year: 2003, month: 12, day: 31 });
    expect(iinGender('031231500126')).toBe('m');
  });
  it('for any 11 leading digits at most one check digit is valid (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11}$/), (head) => {
        const valid = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) =>
          hasValidCheckDigit(head + String(d)),
        );
        expect(valid.length).toBeLessThanOrEqual(1);
      }),
      { seed: 20260, numRuns: process.env.CI ? 1000 : 100 },
    );
  });
  it('changing the check digit of a valid number makes it invalid (property)', () => {
    const valid = iinCases.filter((c) => c.valid).map((c) => c.iin);
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.integer({ min: 1, max: 9 }), (iin, delta) => {
        const d = (Number(iin[11]) + delta) % 10;
        expect(hasValidCheckDigit(iin.slice(0, 11) + String(d))).toBe(false);
      }),
      { seed: 20261, numRuns: process.env.CI ? 1000 : 100 },
    );
  });
});
