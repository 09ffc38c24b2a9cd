import { describe, expect, it } from 'vitest';
import { assertCabinetOn, assertFilesKnown, assertVisible, canAuthor } from './methodical-access';

describe('methodical access rules', () => {
  it('only the methodist authors', () => {
    expect(canAuthor('methodist')).toBe(true);
    expect(canAuthor('teacher')).toBe(false);
    expect(canAuthor('director')).toBe(false);
  });

  it('hides drafts and missing rows from readers alike (404)', () => {
    expect(() => assertVisible({ status: 'draft' }, 'teacher')).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => assertVisible(null, 'methodist')).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => assertVisible({ status: 'draft' }, 'methodist')).not.toThrow();
    expect(() => assertVisible({ status: 'published' }, 'teacher')).not.toThrow();
  });

  it('is 404 with the flag off, 422 for an unknown file', () => {
    expect(() => assertCabinetOn(false)).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => assertCabinetOn(true)).not.toThrow();
    expect(() => assertFilesKnown(['a'], new Set(['b']))).toThrow(
      expect.objectContaining({ status: 422, field: 'fileIds' }),
    );
  });
});
