import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles/roles';
import { CONTENT_TYPE_LABELS, ROLE_LABELS, contentTypeLabel, roleLabel } from './labels';

describe('labels for stored codes', () => {
  it('every role has a kz and a ru name (content types: checked against the engine in the web app)', () => {
    for (const role of ROLES)
      expect(ROLE_LABELS[role].kz && ROLE_LABELS[role].ru, role).toBeTruthy();
    expect(Object.keys(CONTENT_TYPE_LABELS).length).toBeGreaterThanOrEqual(7);
  });
  it('never returns a raw content code', () => {
    expect(contentTypeLabel('sor', 'ru')).toBe('СОР');
    expect(contentTypeLabel('somethingNew', 'kz')).toBe('Материал');
    expect(roleLabel('zavuch', 'kz')).toBe('Директордың орынбасары');
  });
});
