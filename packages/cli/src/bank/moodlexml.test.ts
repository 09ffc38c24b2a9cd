import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importMoodleXml } from './moodlexml.js';
import type { BankImport } from './model.js';
import { externalDir, externalTitle, hasExternal } from '../test/paths.js';

const dir = join(externalDir, 'moodlexml');
function load(name: string): BankImport {
  const out = importMoodleXml(readFileSync(join(dir, name), 'utf8'), name, 'ru');
  if (!out.ok) throw new Error(`${name} refused: ${JSON.stringify(out.errors)}`);
  return out.bank;
}
// Without the corpus beside the clone this block skips (its title says so); fixtures.test.ts
// covers the same importer on the project's own Moodle XML bank.
const text = (html: string): string => html.replace(/<[^>]+>/g, '').trim();

describe.skipIf(!hasExternal('moodlexml'))(
  externalTitle('Moodle XML conformance (moodle/moodle fixtures)', 'moodlexml'),
  () => {
    it('nested categories: 4 truefalse + 1 essay, each with its category path', () => {
      const b = load('format_xml__nested_categories_with_questions.xml');
      expect(b.questions).toHaveLength(4);
      expect(b.questions.every((q) => q.kind === 'choice')).toBe(true);
      expect(b.unsupported.map((u) => [u.type, u.title])).toEqual([
        ['essay', 'Kappa Essay Question'],
      ]);
      expect(b.unsupported[0]?.source.line).toBeGreaterThan(1);
      expect(new Set([...b.questions.map((q) => q.category), 'Iota/Kappa'])).toEqual(
        new Set(['Iota', 'Iota/Kappa', 'Iota/Kappa/Lambda', 'Iota/Mu']),
      );
    });
    it('refuses invalid grades (fraction 33), naming the line', () => {
      const out = importMoodleXml(
        readFileSync(join(dir, 'format_xml__error_invalid_grades.xml'), 'utf8'),
        'g.xml',
      );
      expect(out.ok).toBe(false);
      if (out.ok) return;
      expect(out.errors).toHaveLength(1);
      expect(out.errors[0]).toMatchObject({
        code: 'invalidGrade',
        params: {
          grade: '33',
          title: 'Question with <strong>invalid grades</strong> : x > 1 & x < 2',
        },
      });
      expect(out.errors[0]?.line).toBe(38);
    });
    it('refuses all 5 broken cloze questions, one error each with its reason', () => {
      const out = importMoodleXml(
        readFileSync(join(dir, 'format_xml__broken_cloze_questions.xml'), 'utf8'),
        'c.xml',
      );
      expect(out.ok).toBe(false);
      if (out.ok) return;
      expect(out.errors.map((e) => e.params['reason'])).toEqual([
        'noSubquestions',
        'noChoices',
        'oneChoice',
        'noFullMark',
        'notANumber',
      ]);
      expect(out.errors.every((e) => e.line !== null)).toBe(true);
    });
    it('decodes entities in idnumbers', () => {
      const b = load('format_xml__html_chars_in_idnumbers.xml');
      expect(b.questions[0]?.source.itemId).toBe('T & F');
      expect(b.questions[0]?.category).toBe('Alpha');
    });
    it('category with description: one true/false, true is right', () => {
      const b = load('format_xml__category_with_description.xml');
      expect(b.questions).toHaveLength(1);
      const q = b.questions[0];
      expect(q?.kind === 'choice' && q.options.map((o) => [o.html, o.correct])).toEqual([
        ['Верно', true],
        ['Неверно', false],
      ]);
    });
    it('multichoice: multiple answers, London and Paris 50% each, 2 hints, points', () => {
      const q = load('qtype_multichoice__testquestion.moodle.xml').questions[0];
      expect(q?.kind).toBe('choice');
      if (q?.kind !== 'choice') return;
      expect(q.multiple).toBe(true);
      expect(q.options.map((o) => [text(o.html), o.fraction])).toEqual([
        ['Tokyo', 0],
        ['Spain', 0],
        ['London', 0.5],
        ['Barcelona', 0],
        ['Paris', 0.5],
      ]);
      expect(q.hints).toEqual(['First hint', 'Second hint']);
      expect(q.points).toBe(1);
      expect(q.category).toBe('Default for C1');
    });
    it('matching: frog/cat/newt with the distractor "insect" on the right', () => {
      const q = load('qtype_match__testquestion.moodle.xml').questions[0];
      expect(q?.kind).toBe('connection');
      if (q?.kind !== 'connection') return;
      const pairs = q.links.map((l) => [q.left[l.left], q.right[l.right]]);
      expect(pairs).toEqual([
        ['frog', 'amphibian'],
        ['cat', 'mammal'],
        ['newt', 'amphibian'],
      ]);
      expect(q.right).toContain('insect');
    });
    it('truefalse: true right, per-answer feedback kept', () => {
      const q = load('qtype_truefalse__testquestion.moodle.xml').questions[0];
      expect(q?.kind === 'choice' && q.options.map((o) => [o.correct, o.feedback])).toEqual([
        [true, 'This is the right answer.'],
        [false, 'This is the wrong answer.'],
      ]);
    });
    it('shortanswer is reported unsupported, with its line', () => {
      const b = load('qtype_shortanswer__testquestion.moodle.xml');
      expect(b.questions).toHaveLength(0);
      expect(b.unsupported).toMatchObject([{ type: 'shortanswer' }]);
      expect(b.unsupported[0]?.source.line).toBeGreaterThan(0);
    });
    it('gapselect: three selects over the 5 options of group 1', () => {
      const q = load('qtype_gapselect__testquestion.moodle.xml').questions[0];
      expect(q?.kind).toBe('select');
      if (q?.kind !== 'select') return;
      expect(q.stem).toBe('The [[1]] [[2]] on the [[3]].');
      expect(q.gaps).toEqual(
        [0, 1, 2].map((right) => ({ options: ['cat', 'sat', 'mat', 'dog', 'table'], right })),
      );
    });
    it('refuses malformed XML with line and column, and a non-quiz root', () => {
      const bad = importMoodleXml('<quiz>\n<question type="truefalse">\n</quiz>', 'x.xml');
      expect(bad.ok === false && bad.errors[0]).toMatchObject({ code: 'syntax', line: 3 });
      const other = importMoodleXml('<html></html>', 'y.xml');
      expect(other.ok === false && other.errors[0]?.code).toBe('notABank');
    });
  },
);
