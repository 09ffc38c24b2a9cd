import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replay } from './log.js';
import { SCHEMA_VERSION, selectRightIndex, type SelectOptions } from './model.js';
import { parseDraft, parseEvent, parseSnapshot } from './parse.js';
import { validateDraft } from './validate.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(resolve(root, 'fixtures/engine', name), 'utf8'));

describe('migrations', () => {
  it('reads a version-1 SOR and brings it to the current schema', () => {
    const r = parseDraft(fixture('legacy-v1-sor.json'));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.migratedFrom).toBe(1);
    const d = r.draft;
    expect(d.schemaVersion).toBe(SCHEMA_VERSION);
    expect(d.class).toBe(5);
    expect(d.version).toBe(37);
    expect(d.pages.map((p) => [p.id, p.expand])).toEqual([
      ['p1', true],
      ['p2', false],
    ]);
    const [m101, m102] = d.pages[0]!.modules;
    const sel = m101!.options as SelectOptions;
    expect(sel.items.map((o) => o.text)).toEqual(['Шыңғыстау', 'Алатау', 'Қаратау']);
    expect(selectRightIndex(sel)).toBe(0);
    expect(m101!.hints.solution?.type).toBe('doc');
    expect(m101!.description).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Мәтінді мұқият оқыңыз.' }] }],
    });
    expect(m102!.options).toMatchObject({
      kind: 'connection',
      links: [
        { left: 'l-1', right: 'r-1' },
        { left: 'l-2', right: 'r-2' },
      ],
    });
    expect(m102!.descriptor.descriptorList.map((r) => r.mark)).toEqual([1, 1]);
    expect(d.dictionaries.taskTypes).toHaveLength(2);
    // The migrated SOR is complete: it can be published as is.
    expect(validateDraft(d)).toEqual([]);
    // And it survives its own round trip without migrating again.
    const again = parseDraft(JSON.parse(JSON.stringify(d)));
    expect(again.ok && again.migratedFrom).toBe(null);
  });

  it('reads version-1 events and folds them', () => {
    const raw = fixture('legacy-v1-events.json') as unknown[];
    const events = raw.map((e) => {
      const r = parseEvent(e);
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      expect(r.migratedFrom).toBe(1);
      return r.value;
    });
    expect(events[1]).toMatchObject({
      actor: 'u-17',
      at: '2024-11-21T06:20:05.000Z',
      command: { type: 'page/add' },
    });
    const d = replay(events).draft;
    expect(d.version).toBe(3);
    expect(d.pages[0]!.modules[0]!.options).toMatchObject({ kind: 'select', rightId: 'o-1' });
  });

  it('refuses newer versions, junk and inconsistent files with clear issues', () => {
    const newer = parseDraft({ schemaVersion: SCHEMA_VERSION + 1 });
    expect(newer.ok).toBe(false);
    if (!newer.ok) expect(newer.issues[0]!.message).toMatch(/newer than this engine/);
    for (const junk of [null, 42, 'draft', [], { schemaVersion: 'x' }])
      expect(parseDraft(junk).ok).toBe(false);
    const d = parseDraft(fixture('legacy-v1-sor.json'));
    if (!d.ok) throw new Error('fixture');
    const dangling = JSON.parse(JSON.stringify(d.draft));
    dangling.purposes = [];
    const r = parseDraft(dangling);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.message).toMatch(/dangling purpose goal-1/);
    const badSnap = parseSnapshot({
      schemaVersion: SCHEMA_VERSION,
      eventCount: -1,
      draft: d.draft,
    });
    expect(badSnap.ok).toBe(false);
    const snap = parseSnapshot({
      schemaVersion: 1,
      eventCount: 3,
      draft: fixture('legacy-v1-sor.json'),
    });
    expect(snap.ok && snap.value.draft.id).toBe('sor-5-kaz-q1');
  });
});
