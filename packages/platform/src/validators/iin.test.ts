import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  hasValidCheckDigit,
  iinBirthDate,
  iinGender,
  isValidBin,
  isValidIin,
  withCheckDigit,
} from './iin';

// Real numbers collected from seven public validators (see SOURCES.md there).
const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..');
const external = resolve(repoRoot, '../shared/testdata/external/iin');

interface Case {
  valid: boolean;
  checksum_valid: boolean;
  note?: string;
}
// The corpus sits beside the clone only on this project's machines; a bare clone skips it, saying
// so, and the project's own cases below cover the same rules.
const hasCorpus = existsSync(external);
const absent = hasCorpus
  ? ''
  : ' — skipped: ../shared/testdata/external/iin is not beside this clone';
const load = <T>(name: string): T[] =>
  hasCorpus ? (JSON.parse(readFileSync(resolve(external, name), 'utf8')) as T[]) : [];
const iinCases = load<Case & { iin: string }>('iin_cases.json');
const binCases = load<Case & { bin: string }>('bin_cases.json');

/** The project's own cases: check digits worked out by hand with the two weight passes. */
const OWN_IIN: [iin: string, valid: boolean, checksumValid: boolean, why: string][] = [
  ['951212400039', true, true, 'first pass, 1900s female'],
  ['031231500126', true, true, 'first pass, 2000s male'],
  ['770707300012', true, true, 'first pass, 1900s male'],
  ['080501500179', true, true, 'second pass (first gives 10)'],
  ['951212400038', false, false, 'wrong check digit'],
  ['080501500120', false, false, 'both passes give 10: no digit is valid'],
  ['951312400032', false, true, 'month 13'],
  ['951232400038', false, true, 'day 32'],
  ['951212900030', false, true, 'century digit 9'],
  ['95121240003', false, false, '11 digits'],
  ['95121240003x', false, false, 'a letter'],
];
const OWN_BIN: [bin: string, valid: boolean][] = [
  ['940140000385', true],
  ['171140900016', true],
  ['940140000386', false],
];

describe("IIN and BIN: the project's own cases", () => {
  it.each(OWN_IIN)('%s valid=%s checksum=%s (%s)', (iin, valid, checksumValid) => {
    expect(isValidIin(iin)).toBe(valid);
    expect(hasValidCheckDigit(iin)).toBe(checksumValid);
  });
  it.each(OWN_BIN)('BIN %s valid=%s', (bin, valid) => {
    expect(isValidBin(bin)).toBe(valid);
  });
});

describe.skipIf(!hasCorpus)(`IIN against the external cases${absent}`, () => {
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

describe.skipIf(!hasCorpus)(`BIN against the external cases${absent}`, () => {
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
    const valid = [
      ...OWN_IIN.filter(([, ok]) => ok).map(([iin]) => iin),
      ...iinCases.filter((c) => c.valid).map((c) => c.iin),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.integer({ min: 1, max: 9 }), (iin, delta) => {
        const d = (Number(iin[11]) + delta) % 10;
        expect(hasValidCheckDigit(iin.slice(0, 11) + String(d))).toBe(false);
      }),
      { seed: 20261, numRuns: process.env.CI ? 1000 : 100 },
    );
  });
});

describe('withCheckDigit', () => {
  it('completes 11 digits into a valid number, bumping the serial when no check digit exists', () => {
    for (const head of ['12041057101', '92031540071', '06094001234', '00000000000']) {
      const full = withCheckDigit(head);
      expect(full).toMatch(/^\d{12}$/);
      expect(hasValidCheckDigit(full), full).toBe(true);
      expect(BigInt(full.slice(0, 11)) - BigInt(head)).toBeLessThan(100n);
    }
  });
});
