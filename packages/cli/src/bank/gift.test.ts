import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGift } from './gift.js';
import { readGift } from './gift-reader.js';
import { externalDir, externalTitle, hasExternal } from '../test/paths.js';

// The external corpora (../shared/testdata) are a bonus: the rules they exercise are also in
// gift-reader.test.ts, on the project's own corpus.
const mocks = join(externalDir, 'gift/gift-parser-ide_mocks');
const names = (dir: string): string[] =>
  readdirSync(join(mocks, dir))
    .filter((f) => f.endsWith('.gift'))
    .sort();
const read = (p: string): string => readFileSync(p, 'utf8');

/** The type names of the mocks' expected parses (gift-pegjs ASTs) to Moodle's qtype names. */
const QTYPE: Record<string, string> = {
  MC: 'multichoice',
  TF: 'truefalse',
  Short: 'shortanswer',
  Numerical: 'numerical',
  Matching: 'match',
  Essay: 'essay',
  Description: 'description',
  Category: 'category',
};

describe.skipIf(!hasExternal('gift'))(
  externalTitle('GIFT: gift-parser-ide pass mocks read as Moodle reads them', 'gift'),
  () => {
    const files = hasExternal('gift') ? names('pass') : [];
    it('has the 48 upstream files', () => expect(files).toHaveLength(48));
    it.each(files)('%s gives the question types of its expected parse', (f) => {
      const read0 = readGift(read(join(mocks, 'pass', f)));
      expect(read0.errors).toEqual([]);
      const expected = JSON.parse(read(join(mocks, 'pass', f.replace(/\.gift$/, '.json')))) as {
        type: string;
      }[];
      expect(read0.items.map((q) => q.qtype)).toEqual(expected.map((q) => QTYPE[q.type]));
    });
    it.each(files)('%s imports and accounts for every question', (f) => {
      const src = read(join(mocks, 'pass', f));
      const out = importGift(src, f);
      expect(out.ok).toBe(true);
      if (!out.ok) return;
      const n = readGift(src).items.filter((q) => q.qtype !== 'category').length;
      expect(out.bank.questions.length + out.bank.unsupported.length).toBe(n);
    });
  },
);

describe.skipIf(!hasExternal('gift'))(
  externalTitle(
    "GIFT: gift-parser-ide 'error' mocks get Moodle's verdict, not a strict grammar's",
    'gift',
  ),
  () => {
    // Moodle refuses only a lone brace here; the other eight are files Moodle imports (a plain
    // `:` or `{` in the text, an answer without `=`, …), so admins bringing them must not be refused.
    const verdicts: [string, string[] | null][] = [
      ['addedLineBreak.gift', ['1:18 giftBraces', '4:1 giftBraces']],
      ['emptyLines.gift', ['multichoice', 'match']],
      ['escapeBracket.gift', ['multichoice', 'shortanswer']],
      ['missingAnswer.gift', ['multichoice']],
      ['missingCurly.gift', ['1:21 giftBraces']],
      ['missingTitleColon.gift', ['multichoice']],
      ['unescapedCharacters.gift', ['multichoice']],
      ['unescapedCharacters1.gift', ['essay']],
      [
        'unescapedCharacters2.gift',
        [
          'truefalse',
          'multichoice',
          'shortanswer',
          'match',
          'numerical',
          'truefalse',
          'numerical',
          'numerical',
          'essay',
        ],
      ],
      ['unescapedLink.gift', ['multichoice']],
    ];
    it('covers the 10 upstream files', () => {
      expect(verdicts.map(([f]) => f)).toEqual(names('error'));
    });
    it.each(verdicts)('%s', (f, verdict) => {
      const r = readGift(read(join(mocks, 'error', f)));
      const got =
        r.errors.length > 0
          ? r.errors.map((e) => `${e.line}:${e.column} ${e.reason}`)
          : r.items.map((q) => q.qtype);
      expect(got).toEqual(verdict);
      const out = importGift(read(join(mocks, 'error', f)), f);
      expect(out.ok).toBe(r.errors.length === 0);
    });
    it('unescapedLink keeps the `:` of https:// and the escaped `=` of src\\=', () => {
      const [q] = readGift(read(join(mocks, 'error/unescapedLink.gift'))).items;
      expect(q?.qtype === 'multichoice' && q.answers.map((a) => [a.text.text, a.fraction])).toEqual(
        [
          ['<img src=https://images.unsplash.com/photo-1591708318668-3ac92210fbb0>', 1],
          ['<img src=https://images.unsplash.com/photo-1587613990051-1b291c1a7080>', 0],
          ['<img src=https://images.unsplash.com/photo-1591880907925-e8a75dc8cc1d>', 0],
        ],
      );
    });
  },
);

describe.skipIf(!hasExternal('gift'))(
  externalTitle("GIFT: Moodle's own fixtures (giftformat_test.php expectations)", 'gift'),
  () => {
    it('questions.gift.txt gives its 9 questions, unsupported ones reported by line', () => {
      const out = importGift(
        read(join(externalDir, 'gift/moodle_fixtures/questions.gift.txt')),
        'questions.gift.txt',
        'ru',
      );
      expect(out.ok).toBe(true);
      if (!out.ok) return;
      const { questions, unsupported } = out.bank;
      expect(questions.length + unsupported.length).toBe(9);
      expect(unsupported.map((u) => u.type).sort()).toEqual(['essay', 'numerical', 'shortanswer']);
      expect(unsupported.every((u) => u.source.line !== null && u.source.line > 0)).toBe(true);
      const match = questions.find((q) => q.kind === 'connection');
      expect(match?.kind).toBe('connection');
      if (match?.kind === 'connection') {
        expect(match.left).toHaveLength(4);
        // The empty left side `= -> Chat` is a distractor on the right: 5 sub-answers in all.
        expect(match.right.map((r) => r.replace(/<[^>]+>/g, ''))).toEqual([
          'Forum',
          'Choice',
          'Database',
          'Wiki',
          'Chat',
        ]);
      }
      const choices = questions.filter((q) => q.kind === 'choice');
      const single = choices.find((q) => !q.multiple && q.options.length === 3);
      expect(single?.options.map((o) => o.fraction)).toEqual([1, 0, 0]);
      const colours = choices.find((q) => q.multiple);
      expect(colours?.options.map((o) => o.fraction)).toEqual([0.5, -1, 0.5, -1]);
      const tf = choices.filter((q) => q.options.length === 2);
      expect(tf.length).toBe(3);
      expect(tf.every((q) => q.options.some((o) => o.correct))).toBe(true);
    });
    it('questions_in_category.gift.txt keeps the $CATEGORY for its questions', () => {
      const out = importGift(
        read(join(externalDir, 'gift/moodle_fixtures/questions_in_category.gift.txt')),
        'c.gift',
      );
      expect(out.ok).toBe(true);
      if (!out.ok) return;
      expect(out.bank.questions.length + out.bank.unsupported.length).toBe(4);
      expect(out.bank.questions.every((q) => q.category !== null && q.category.length > 0)).toBe(
        true,
      );
    });
  },
);
