import { describe, expect, it } from 'vitest';
import { MAX_STORED_BODY, isClientOpId, outcomeOf, storedBody } from './client-ops';

describe('client operation decisions', () => {
  it('accepts 8–64 characters of letters, digits, _ and -', () => {
    expect(isClientOpId('0b6f3c1e-4a55-4f0e-9d1a-5d1c2b3a4e5f')).toBe(true);
    expect(isClientOpId('abcdefgh')).toBe(true);
    expect(isClientOpId('abcdefg')).toBe(false);
    expect(isClientOpId('a'.repeat(65))).toBe(false);
    expect(isClientOpId('abc def gh')).toBe(false);
    expect(isClientOpId('абвгдежз')).toBe(false);
  });

  it('stores final answers and releases transient ones', () => {
    for (const s of [200, 201, 204, 400, 403, 404, 410, 413, 422])
      expect(outcomeOf(s)).toBe('store');
    for (const s of [302, 401, 408, 409, 423, 426, 429, 500, 503])
      expect(outcomeOf(s)).toBe('release');
  });

  it('stores JSON bodies up to the limit, status only otherwise', () => {
    expect(storedBody('application/json; charset=utf-8', '{"data":1}')).toEqual({ data: 1 });
    expect(storedBody('application/json', Buffer.from('[1]'))).toEqual([1]);
    expect(storedBody('text/csv', 'a,b')).toBeNull();
    expect(storedBody(undefined, '{}')).toBeNull();
    expect(storedBody('application/json', `"${'x'.repeat(MAX_STORED_BODY)}"`)).toBeNull();
    expect(storedBody('application/json', 'not json')).toBeNull();
  });
});
