import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDraft, replay, validateDraft, type Draft } from '@sabaq/engine';
import { importGift } from './bank/gift.js';
import { importMoodleXml } from './bank/moodlexml.js';
import { importQti } from './bank/qti.js';
import { bankToDraft } from './draft/fromBank.js';
import { fixturesDir } from './test/paths.js';

const drafts = join(fixturesDir, 'drafts');
const banks = join(fixturesDir, 'banks');
const read = (p: string): string => readFileSync(p, 'utf8');

describe('fixtures/drafts', () => {
  const files = readdirSync(join(drafts, 'valid')).filter((f) => f.endsWith('.json'));
  it('has at least 12 drafts in Kazakh and Russian, of the builder types, with every option kind', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    const all = files.map((f) => JSON.parse(read(join(drafts, 'valid', f))) as Draft);
    expect(new Set(all.map((d) => d.lang))).toEqual(new Set(['kz', 'ru']));
    for (const t of ['sor', 'soch', 'customLesson', 'lecture'])
      expect(all.some((d) => d.type === t)).toBe(true);
    const kinds = new Set(
      all.flatMap((d) => d.pages.flatMap((p) => p.modules.map((m) => m.options?.kind ?? m.type))),
    );
    expect(kinds).toEqual(new Set(['choice', 'select', 'connection', 'simple']));
    expect(
      all.some(
        (d) =>
          d.purposes.length > 0 &&
          d.pages.some((p) => p.modules.some((m) => m.descriptor.descriptorList.length > 0)),
      ),
    ).toBe(true);
  });
  it.each(files)('%s parses, passes validateDraft, and equals the replay of its event log', (f) => {
    const parsed = parseDraft(JSON.parse(read(join(drafts, 'valid', f))));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(validateDraft(parsed.draft)).toEqual([]);
    const events = read(join(drafts, 'events', f.replace(/\.json$/, '.events.jsonl')))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    const r = replay(events);
    expect(r.rejected).toEqual([]);
    expect(JSON.parse(JSON.stringify(r.draft))).toEqual(parsed.draft);
  });
});

describe('fixtures/banks', () => {
  const kinds = (ds: Draft): string[] =>
    ds.pages.flatMap((p) => p.modules.map((m) => m.options?.kind ?? m.type));
  it('GIFT (kz): 5 questions of every kind, essay and numerical reported', () => {
    const out = importGift(
      read(join(banks, 'gift/matematika-5-kz.gift')),
      'matematika-5-kz.gift',
      'kz',
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.bank.unsupported.map((u) => [u.type, u.source.line])).toEqual([
      ['essay', 30],
      ['numerical', 32],
    ]);
    const d = bankToDraft(out.bank, { lang: 'kz', type: 'customLesson' });
    expect(kinds(d)).toEqual(['choice', 'choice', 'choice', 'connection', 'select']);
    expect(d.pages[0]?.title).toBe('Математика/Бөлшектер');
    expect(validateDraft(d)).toEqual([]);
    const tf = d.pages[0]?.modules[2]?.options;
    expect(tf?.kind === 'choice' && tf.items.map((i) => [i.content, i.right])).toEqual([
      ['Дұрыс', true],
      ['Бұрыс', false],
    ]);
  });
  it('GIFT (ru): choice, multiple choice, drop-down, pairs', () => {
    const out = importGift(read(join(banks, 'gift/russkiy-yazyk-6-ru.gift')), 'r.gift', 'ru');
    expect(out.ok && kinds(bankToDraft(out.bank, { lang: 'ru', type: 'lesson' }))).toEqual([
      'choice',
      'choice',
      'select',
      'connection',
    ]);
  });
  it('Moodle XML (ru): description as a simple module, marks from defaultgrade, shortanswer reported', () => {
    const out = importMoodleXml(read(join(banks, 'moodle/himiya-8-ru.xml')), 'himiya.xml', 'ru');
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const d = bankToDraft(out.bank, { lang: 'ru', type: 'soch' });
    expect(kinds(d)).toEqual(['simple', 'choice', 'choice', 'choice', 'connection', 'select']);
    expect(d.pages[0]?.modules.map((m) => m.descriptor.descriptorList.map((r) => r.mark))).toEqual([
      [],
      [1],
      [2],
      [],
      [3],
      [],
    ]);
    expect(d.pages[0]?.modules[1]?.hints.solution).not.toBeNull();
    expect(out.bank.unsupported.map((u) => u.type)).toEqual(['shortanswer']);
  });
  it('QTI package (kz, 2.1 and 3.0 items): 3 questions, order reported', () => {
    const dir = join(banks, 'qti/geografiya-kz');
    const out = importQti(
      readFileSync(join(dir, 'imsmanifest.xml')).toString('utf8'),
      'imsmanifest.xml',
      (rel) => readFileSync(join(dir, rel)),
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.bank.questions.map((q) => q.kind)).toEqual(['choice', 'connection', 'select']);
    expect(out.bank.unsupported.map((u) => u.type)).toEqual(['orderInteraction']);
  });
  it('broken banks are refused with line and column', () => {
    const g = importGift(read(join(banks, 'broken/unclosed-kz.gift')), 'u.gift');
    expect(g.ok === false && [g.errors[0]?.line, g.errors[0]?.column]).toEqual([1, 39]);
    const x = importMoodleXml(read(join(banks, 'broken/mismatched-ru.xml')), 'm.xml');
    expect(x.ok === false && x.errors[0]?.line).toBe(5);
  });
});
