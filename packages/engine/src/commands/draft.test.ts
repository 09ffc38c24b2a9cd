import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { rejectionMessage } from '../messages.js';
import type { Draft } from '../model.js';
import { blank, rejected, run } from '../test/harness.js';

describe('draft meta and dictionaries', () => {
  it('patches meta fields; the inverse restores exactly the patched ones', () => {
    const d = blank('lesson');
    const r = apply(d, {
      type: 'draft/setMeta',
      patch: { title: 'Жасушаның құрылысы', class: 7, discipline: 'biology', duration: 45 },
    });
    if (!r.ok) throw new Error('rejected');
    expect(r.draft).toMatchObject({
      title: 'Жасушаның құрылысы',
      class: 7,
      discipline: 'biology',
      duration: 45,
      version: 1,
    });
    expect(r.inverse).toEqual({
      type: 'draft/setMeta',
      patch: { title: 'Сабақ', discipline: null, class: null, duration: 40 },
    });
  });

  it('refuses out-of-range durations and unknown fields', () => {
    const d = blank();
    expect(rejected(d, { type: 'draft/setMeta', patch: { duration: 0 } }).path).toBe(
      'patch.duration',
    );
    expect(rejected(d, { type: 'draft/setMeta', patch: { duration: 40.5 } }).code).toBe(
      'invalid_payload',
    );
    expect(rejected(d, { type: 'draft/setMeta', patch: { version: 99 } }).code).toBe(
      'invalid_payload',
    );
    expect(rejected(d, { type: 'draft/setMeta', patch: { lang: 'en' } }).code).toBe(
      'invalid_payload',
    );
  });

  it('sets dictionaries and refuses repeated entries; draft/create is only for starting a log', () => {
    const d = run(blank(), {
      type: 'draft/setDictionary',
      dictionary: 'skillLevels',
      entries: [
        { id: 'know', title: 'Білу' },
        { id: 'understand', title: 'Түсіну' },
      ],
    });
    expect(d.dictionaries.skillLevels).toHaveLength(2);
    expect(
      rejected(d, {
        type: 'draft/setDictionary',
        dictionary: 'taskTypes',
        entries: [
          { id: 'a', title: 'x' },
          { id: 'a', title: 'y' },
        ],
      }).code,
    ).toBe('duplicate_id');
    expect(
      rejected(d, { type: 'draft/create', init: { id: 'x', type: 'sor', title: 'x', lang: 'ru' } })
        .code,
    ).toBe('conflict');
  });

  it('never throws, even on a value that is not a draft; people get kz/ru messages', () => {
    const r = apply(undefined as unknown as Draft, { type: 'page/add', pageId: 'p' });
    expect(r.ok).toBe(false);
    const rej = rejected(blank(), { type: 'module/remove', moduleId: 'gone' });
    expect(rejectionMessage(rej, 'kz')).toBe(
      'Элемент табылмады: мүмкін, оны біреу жойып жіберген.',
    );
    expect(rejectionMessage(rej, 'ru')).toBe('Элемент не найден: возможно, его уже удалили.');
  });
});
