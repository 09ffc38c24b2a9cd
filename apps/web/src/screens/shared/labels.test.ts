import { describe, expect, it } from 'vitest';
import { DRAFT_TYPES } from '@sabaq/engine';
import { CONTENT_TYPE_LABELS } from '@sabaq/platform';

describe('content type names', () => {
  it('every builder type the engine knows has a kz and a ru name', () => {
    for (const type of DRAFT_TYPES)
      expect(CONTENT_TYPE_LABELS[type]?.kz && CONTENT_TYPE_LABELS[type]?.ru, type).toBeTruthy();
  });
});
