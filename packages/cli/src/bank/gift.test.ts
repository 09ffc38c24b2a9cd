import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGift, parseGiftAst } from './gift.js';
import { externalDir } from '../test/paths.js';

const mocks = join(externalDir, 'gift/gift-parser-ide_mocks');
const names = (dir: string): string[] =>
  readdirSync(join(mocks, dir))
    .filter((f) => f.endsWith('.gift'))
    .sort();
const read = (p: string): string => readFileSync(p, 'utf8');

/** The upstream test strips ids and tags; newer gift-pegjs renamed the true/false feedback keys. */
function normalise(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (k, v: unknown) => (k === 'id' || k === 'tags' ? undefined : v))
      .replaceAll('"trueFeedback"', '"incorrectFeedback"')
      .replaceAll('"falseFeedback"', '"correctFeedback"'),
  );
}

describe('GIFT conformance: gift-parser-ide pass mocks', () => {
  const files = names('pass');
  it('has the 48 upstream files', () => expect(files).toHaveLength(48));
  it.each(files)('%s parses to its expected JSON', (f) => {
    const result = parseGiftAst(read(join(mocks, 'pass', f)));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const expected = JSON.parse(read(join(mocks, 'pass', f.replace(/\.gift$/, '.json'))));
    expect(normalise(result.questions.map((q) => q.question))).toEqual(normalise(expected));
  });
  it.each(files)('%s imports without crashing and accounts for every question', (f) => {
    const src = read(join(mocks, 'pass', f));
    const out = importGift(src, f);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const ast = parseGiftAst(src);
    const n = ast.ok ? ast.questions.filter((q) => q.question.type !== 'Category').length : -1;
    expect(out.bank.questions.length + out.bank.unsupported.length).toBe(n);
  });
});

describe('GIFT conformance: gift-parser-ide error mocks', () => {
  const files = names('error');
  const withErrors = files.filter(
    (f) => JSON.parse(read(join(mocks, 'error', f.replace(/\.gift$/, '.json')))).length > 0,
  );
  it('8 of the 10 list errors; emptyLines and escapeBracket list none upstream', () => {
    expect(files).toHaveLength(10);
    expect(files.filter((f) => !withErrors.includes(f))).toEqual([
      'emptyLines.gift',
      'escapeBracket.gift',
    ]);
  });
  it.each(withErrors)('%s is refused at the expected line and column', (f) => {
    const expected = JSON.parse(read(join(mocks, 'error', f.replace(/\.gift$/, '.json')))) as {
      location: { start: { line: number; column: number } };
    }[];
    const out = importGift(read(join(mocks, 'error', f)), f);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    const first = out.errors[0];
    expect({ line: first?.line, column: first?.column }).toEqual({
      line: expected[0]?.location.start.line,
      column: expected[0]?.location.start.column,
    });
    expect(
      out.errors.every((e) => e.code === 'syntax' && e.line !== null && e.column !== null),
    ).toBe(true);
  });
  it.each(['emptyLines.gift', 'escapeBracket.gift'])('%s (no errors upstream) imports', (f) => {
    const out = importGift(read(join(mocks, 'error', f)), f);
    expect(out.ok).toBe(true);
  });
});

describe("GIFT: Moodle's own fixtures (giftformat_test.php expectations)", () => {
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
});
