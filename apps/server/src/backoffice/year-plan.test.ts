import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GRADUATING_PARALLEL } from '@sabaq/platform';
import { groupName } from './group-present';
import {
  defaultNewClasses,
  nextSchoolYear,
  nextYearDate,
  planQuarters,
  planYear,
} from './year-plan';
import type { ActiveClass } from './year-plan';

const LETTERS = ['А', 'Ә', 'Б', 'В', 'Г'];

/** A school: at most one active class per parallel and letter (the unique index of migration 1900). */
const school = fc
  .uniqueArray(
    fc.record({
      parallel: fc.integer({ min: 0, max: 12 }),
      letter: fc.constantFrom(...LETTERS),
      edu_lang_id: fc.constantFrom(1, 2),
      pupils: fc.integer({ min: 0, max: 30 }),
    }),
    { selector: (c) => `${c.parallel}|${c.letter}`, maxLength: 40 },
  )
  .map((list): ActiveClass[] => list.map((c, i) => ({ ...c, id: i + 1 })));

const asked = fc.array(
  fc.record({ letter: fc.constantFrom(...LETTERS, 'ж'), eduLang: fc.constantFrom(1, 2, 99) }),
  { maxLength: 4 },
);

describe('the year plan', () => {
  it('moves every class below the 11th up one, graduates the rest, keeps every name once', () => {
    fc.assert(
      fc.property(school, asked, (classes, newClasses) => {
        const plan = planYear(classes, newClasses, new Set([1, 2]));
        // Each class is either moved or graduated, never both, never twice.
        const moved = plan.moves.map((m) => m.groupId);
        const graduated = plan.graduates.map((g) => g.groupId);
        expect(new Set([...moved, ...graduated]).size).toBe(classes.length);
        expect(moved.length + graduated.length).toBe(classes.length);
        for (const c of classes) {
          const move = plan.moves.find((m) => m.groupId === c.id);
          if (c.parallel >= GRADUATING_PARALLEL) expect(move).toBeUndefined();
          else
            expect(move).toEqual({
              groupId: c.id,
              parallel: c.parallel,
              from: groupName(c.parallel, c.letter),
              to: groupName(c.parallel + 1, c.letter),
              pupils: c.pupils,
            });
        }
        // Written top parallel first, so no statement takes a name another class still holds.
        const parallels = plan.moves.map((m) => m.parallel);
        expect(parallels).toEqual([...parallels].sort((a, b) => b - a));
        // Without conflicts the school after the transition holds every name once.
        if (plan.conflicts.length === 0) {
          const names = [...plan.moves.map((m) => m.to), ...plan.opens.map((o) => o.name)];
          expect(new Set(names).size).toBe(names.length);
        }
        // A conflict names a first class asked for.
        for (const c of plan.conflicts) expect(plan.opens.map((o) => o.name)).toContain(c.name);
      }),
      { numRuns: 300 },
    );
  });

  it('names each kind of conflict', () => {
    const classes: ActiveClass[] = [
      { id: 1, parallel: 0, letter: 'А', edu_lang_id: 1, pupils: 10 },
      { id: 2, parallel: 1, letter: 'Б', edu_lang_id: 2, pupils: 20 },
      { id: 3, parallel: 11, letter: 'А', edu_lang_id: 1, pupils: 2 },
    ];
    const plan = planYear(
      classes,
      [
        { letter: 'а', eduLang: 1 },
        { letter: 'Б', eduLang: 2 },
        { letter: 'б', eduLang: 2 },
        { letter: 'В', eduLang: 9 },
      ],
      new Set([1, 2]),
    );
    expect(plan.conflicts).toEqual([
      { code: 'new_class_taken', name: '1А' },
      { code: 'new_class_repeated', name: '1Б' },
      { code: 'lang_unknown', name: '1В' },
    ]);
    expect(plan.graduates).toEqual([{ groupId: 3, name: '11А', pupils: 2 }]);
    expect(defaultNewClasses(classes)).toEqual([{ letter: 'Б', eduLang: 2 }]);
  });

  it('dates the new year a year on, keeping the quarters a school already made', () => {
    expect(nextSchoolYear('2026-2027')).toBe('2027-2028');
    expect(nextYearDate('2027-02-29')).toBe('2028-02-29');
    expect(nextYearDate('2028-02-29')).toBe('2029-02-28');
    expect(
      planQuarters(
        '2027-2028',
        [
          { quarter: 1, start: '2026-09-01', end: '2026-10-26' },
          { quarter: 2, start: '2026-11-03', end: '2026-12-28' },
        ],
        [{ quarter: 2, start: '2027-11-05', end: '2027-12-27' }],
      ),
    ).toEqual([
      { quarter: 1, start: '2027-09-01', end: '2027-10-26', exists: false },
      { quarter: 2, start: '2027-11-05', end: '2027-12-27', exists: true },
    ]);
    expect(planQuarters('2027-2028', [], []).map((q) => q.start)).toEqual([
      '2027-09-01',
      '2027-11-03',
      '2028-01-08',
      '2028-03-30',
    ]);
  });
});
