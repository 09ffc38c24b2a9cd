import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importQti, readQtiItem, type QtiItem } from './qti.js';
import { parseXml } from './xml.js';
import { normalizeSpace } from './text.js';
import type { BankQuestion } from './model.js';
import { bankToDraft } from '../draft/fromBank.js';
import { externalDir, externalTitle, hasExternal } from '../test/paths.js';

const dir = join(externalDir, 'qti');
interface Expected {
  file: string;
  qti_version: string;
  identifier: string;
  title: string;
  responses: {
    identifier: string;
    cardinality: string;
    baseType: string;
    correct: string[];
    mapping: {
      defaultValue: string | null;
      lowerBound: string | null;
      upperBound: string | null;
      entries: { key: string; value: string }[];
    } | null;
  }[];
  interactions: ({
    type: string;
    responseIdentifier: string;
    choices?: { id: string; matchMax: string | null; text: string }[];
  } & Record<string, unknown>)[];
  responseProcessing?: string;
}
// Without the corpus beside the clone these blocks skip (their titles say so); fixtures.test.ts
// covers the same importer on the project's own QTI package.
const expected = hasExternal('qti')
  ? (JSON.parse(readFileSync(join(dir, 'expected_summary.json'), 'utf8')) as Expected[])
  : [];
const camel = (s: string): string => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const typeName = (s: string): string => (s.startsWith('qti-') ? camel(s.slice(4)) : s);
const item = (file: string): QtiItem => {
  const it = readQtiItem(parseXml(readFileSync(join(dir, file), 'utf8')));
  if (it === null) throw new Error(`${file} is not an item`);
  return it;
};

describe.skipIf(!hasExternal('qti'))(
  externalTitle('QTI items match expected_summary.json', 'qti'),
  () => {
    it('covers all 25 items', () => expect(expected).toHaveLength(25));
    it.each(expected.map((e) => [e.file, e] as const))('%s', (file, exp) => {
      const got = item(file);
      expect(got.version).toBe(exp.qti_version);
      expect(got.identifier).toBe(exp.identifier);
      expect(got.title).toBe(exp.title);
      expect(got.responseProcessing).toBe(exp.responseProcessing ?? null);
      expect(got.responses).toEqual(exp.responses);
      expect(got.interactions.map((i) => typeName(i.type))).toEqual(
        exp.interactions.map((i) => typeName(i.type)),
      );
      exp.interactions.forEach((ei, n) => {
        const gi = got.interactions[n];
        expect(gi?.responseIdentifier).toBe(ei.responseIdentifier);
        for (const [k, v] of Object.entries(ei)) {
          if (k === 'type' || k === 'responseIdentifier' || k === 'choices') continue;
          expect(gi?.attrs[camel(k)], `${k}`).toBe(v);
        }
        const choices = typeName(ei.type) === 'hottextInteraction' ? [] : (gi?.choices ?? []);
        expect(choices.map((c) => ({ id: c.id, matchMax: c.matchMax, text: c.text }))).toEqual(
          (ei.choices ?? []).map((c) => ({ ...c, text: normalizeSpace(c.text) })),
        );
      });
    });
  },
);

/** What a question means, without where it came from (twins differ in identifiers and layout). */
function meaning(q: BankQuestion | undefined): unknown {
  if (q === undefined) return undefined;
  const { source: _source, ...rest } = q;
  return JSON.parse(JSON.stringify(rest, (k, v: unknown) => (k === 'id' ? undefined : v)));
}

describe.skipIf(!hasExternal('qti'))(
  externalTitle('QTI 2.1 items and their 3.0 twins import the same', 'qti'),
  () => {
    const twins = [
      'choice',
      'choice_multiple',
      'match',
      'inline_choice',
      'text_entry',
      'gap_match',
      'order',
    ];
    it.each(twins)('%s', (name) => {
      const a = importQti(
        readFileSync(join(dir, `qti21_ims_examples_via_oat-sa/${name}.xml`), 'utf8'),
        `${name}.xml`,
      );
      const b = importQti(
        readFileSync(join(dir, `qti30_via_citolab/${name}.xml`), 'utf8'),
        `${name}.xml`,
      );
      expect(a.ok && b.ok).toBe(true);
      if (!a.ok || !b.ok) return;
      expect(meaning(b.bank.questions[0])).toEqual(meaning(a.bank.questions[0]));
      // …and the same draft (same id given, since the ids come from the file paths).
      const draft = (bank: typeof a.bank) =>
        bankToDraft(bank, { lang: 'kz', type: 'customLesson', id: name.replace(/_/g, '-') });
      if (a.bank.questions.length > 0) expect(draft(b.bank)).toEqual(draft(a.bank));
      expect(b.bank.unsupported.map((u) => u.type)).toEqual(a.bank.unsupported.map((u) => u.type));
      expect(a.bank.questions.length + a.bank.unsupported.length).toBe(1);
    });
  },
);

describe.skipIf(!hasExternal('qti'))(
  externalTitle('QTI importer: kinds, right answers, points, unsupported', 'qti'),
  () => {
    const load = (f: string): BankQuestion | undefined => {
      const out = importQti(readFileSync(join(dir, f), 'utf8'), f);
      if (!out.ok) throw new Error(JSON.stringify(out.errors));
      return out.bank.questions[0];
    };
    it('choice: single, right ChoiceA, 1 point by match_correct', () => {
      const q = load('qti21_ims_examples_via_oat-sa/choice.xml');
      expect(
        q?.kind === 'choice' && [q.multiple, q.options.map((o) => o.correct), q.points],
      ).toEqual([false, [true, false, false], 1]);
    });
    it('choice_multiple: H and O right, 2 points (upperBound)', () => {
      const q = load('qti21_ims_examples_via_oat-sa/choice_multiple.xml');
      expect(
        q?.kind === 'choice' && [
          q.multiple,
          q.options.filter((o) => o.correct).map((o) => o.id),
          q.points,
        ],
      ).toEqual([true, ['H', 'O'], 2]);
      expect(q?.stem).toContain('Which of the following elements are used to form water?');
    });
    it('match: connection C→R, D→M, L→M, P→T with mapped points', () => {
      const q = load('qti21_ims_examples_via_oat-sa/match.xml');
      expect(q?.kind).toBe('connection');
      if (q?.kind !== 'connection') return;
      expect(q.links.map((l) => [q.left[l.left], q.right[l.right], l.points])).toEqual([
        ['Capulet', 'Romeo and Juliet', 1],
        ['Demetrius', "A Midsummer-Night's Dream", 0.5],
        ['Lysander', "A Midsummer-Night's Dream", 0.5],
        ['Prospero', 'The Tempest', 1],
      ]);
      expect(q.points).toBe(3);
    });
    it('associate: pairs A–P, C–M, D–L as a connection', () => {
      const q = load('qti21_ims_examples_via_oat-sa/associate.xml');
      expect(
        q?.kind === 'connection' && q.links.map((l) => [q.left[l.left], q.right[l.right]]),
      ).toEqual([
        ['Antonio', 'Prospero'],
        ['Capulet', 'Montague'],
        ['Demetrius', 'Lysander'],
      ]);
    });
    it('inline choice: a select with York right, gap in the text', () => {
      const q = load('qti21_ims_examples_via_oat-sa/inline_choice.xml');
      expect(q?.kind === 'select' && q.gaps).toEqual([
        { options: ['Gloucester', 'Lancaster', 'York'], right: 2 },
      ]);
      expect(q?.stem).toMatch(/sun of \[\[1\]\];/);
    });
    it.each([
      ['qti21_ims_examples_via_oat-sa/text_entry.xml', 'textEntryInteraction'],
      ['qti21_ims_examples_via_oat-sa/extended_text.xml', 'extendedTextInteraction'],
      ['qti21_ims_examples_via_oat-sa/gap_match.xml', 'gapMatchInteraction'],
      ['qti21_ims_examples_via_oat-sa/order.xml', 'orderInteraction'],
      ['qti21_ims_examples_via_oat-sa/hottext.xml', 'hottextInteraction'],
      ['qti30_via_citolab/conformance_order-interaction.xml', 'orderInteraction'],
      [
        'qti30_via_citolab/conformance_associate-interaction.xml',
        'associateInteraction (no correctResponse)',
      ],
    ])('%s is reported unsupported as %s', (f, type) => {
      const out = importQti(readFileSync(join(dir, f), 'utf8'), f);
      expect(out.ok && out.bank.unsupported.map((u) => [u.type, u.source.itemId !== null])).toEqual(
        [[type, true]],
      );
    });
    it('conformance choice without correctResponse imports with a warning', () => {
      const f = 'qti30_via_citolab/conformance_single-cardinality.xml';
      const out = importQti(readFileSync(join(dir, f), 'utf8'), f);
      expect(out.ok && out.bank.warnings.map((w) => w.code)).toEqual(['noRightAnswer']);
    });
    it('reads a content package zip through imsmanifest.xml, and reports missing items', () => {
      const manifest = `<?xml version="1.0"?><manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><resources>
      <resource identifier="r1" type="imsqti_item_xmlv2p1" href="items/choice.xml"/>
      <resource identifier="r2" type="imsqti_item_xmlv3p0" href="items/match.xml"/></resources></manifest>`;
      const zip = zipSync({
        'imsmanifest.xml': strToU8(manifest),
        'items/choice.xml': readFileSync(join(dir, 'qti21_ims_examples_via_oat-sa/choice.xml')),
        'items/match.xml': readFileSync(join(dir, 'qti30_via_citolab/match.xml')),
      });
      const out = importQti(zip, 'pack.zip');
      expect(out.ok && out.bank.questions.map((q) => [q.kind, q.source.file])).toEqual([
        ['choice', 'pack.zip#items/choice.xml'],
        ['connection', 'pack.zip#items/match.xml'],
      ]);
      const broken = importQti(zipSync({ 'imsmanifest.xml': strToU8(manifest) }), 'p.zip');
      expect(broken.ok === false && broken.errors.map((e) => [e.code, e.params['path']])).toEqual([
        ['missingFile', 'items/choice.xml'],
        ['missingFile', 'items/match.xml'],
      ]);
    });
  },
);
