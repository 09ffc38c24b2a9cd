import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAllClashes, findClashes, minutesOf, normalRoom } from './timetable-conflicts';
import type { ClashKind, PlacedLesson } from './timetable-conflicts';

/**
 * Clash rules against an oracle that knows nothing of intervals: each lesson is the set of
 * minutes it occupies, and two lessons clash when those sets meet and they share a teacher, a
 * room, or pupils (the whole class, the same subgroup, or subgroups said to share pupils).
 */
const at = (
  id: number,
  over: Partial<PlacedLesson> & Pick<PlacedLesson, 'startsAt' | 'endsAt'>,
): PlacedLesson => ({
  id,
  groupId: 1,
  weekday: 1,
  subjectId: 1,
  subgroupId: null,
  teacherId: null,
  room: '',
  ...over,
});

const lesson = fc.record({
  groupId: fc.integer({ min: 1, max: 3 }),
  weekday: fc.integer({ min: 1, max: 2 }),
  startsAt: fc.integer({ min: 480, max: 900 }),
  length: fc.integer({ min: 1, max: 60 }),
  subjectId: fc.integer({ min: 1, max: 3 }),
  subgroupId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  teacherId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  room: fc.constantFrom('', '101', ' 101', 'Зал', 'зал '),
});
type Drawn = typeof lesson extends fc.Arbitrary<infer T> ? T : never;

function toPlaced(drawn: Drawn, id: number): PlacedLesson {
  const { length, ...rest } = drawn;
  // A subgroup belongs to one class and subject: key it by both so draws stay realistic.
  const subgroupId =
    rest.subgroupId === null ? null : rest.groupId * 100 + rest.subjectId * 10 + rest.subgroupId;
  return { ...rest, id, subgroupId, endsAt: rest.startsAt + length };
}

/** Pupils shared between subgroups: an arbitrary symmetric rule the oracle reads too. */
const shares = (a: number, b: number) => (a + b) % 3 === 0;

function minutes(l: PlacedLesson): Set<string> {
  const out = new Set<string>();
  for (let m = l.startsAt; m < l.endsAt; m++) out.add(`${l.weekday}:${m}`);
  return out;
}

function oracle(a: PlacedLesson, b: PlacedLesson): boolean {
  const mb = minutes(b);
  if (![...minutes(a)].some((m) => mb.has(m))) return false;
  if (a.teacherId !== null && a.teacherId === b.teacherId) return true;
  if (normalRoom(a.room) !== '' && normalRoom(a.room) === normalRoom(b.room)) return true;
  if (a.groupId !== b.groupId) return false;
  if (a.subgroupId === null || b.subgroupId === null) return true;
  if (a.subgroupId === b.subgroupId) return true;
  return a.subjectId !== b.subjectId && shares(a.subgroupId, b.subgroupId);
}

const MIRROR: Record<ClashKind, ClashKind> = {
  teacher: 'teacher',
  room: 'room',
  class: 'class',
  wholeClass: 'subgroupLesson',
  subgroupLesson: 'wholeClass',
  sameSubgroup: 'sameSubgroup',
  sharedPupils: 'sharedPupils',
};

describe('timetable clashes', () => {
  it('names each kind of clash', () => {
    const math = at(1, { startsAt: 480, endsAt: 520, teacherId: 7, room: '101' });
    expect(
      findClashes(at(2, { startsAt: 500, endsAt: 540, groupId: 2, teacherId: 7 }), [math], shares),
    ).toEqual([{ kind: 'teacher', other: math }]);
    expect(
      findClashes(at(2, { startsAt: 480, endsAt: 520, groupId: 2, room: ' 101 ' }), [math], shares),
    ).toEqual([{ kind: 'room', other: math }]);
    expect(findClashes(at(2, { startsAt: 480, endsAt: 520 }), [math], shares)[0]?.kind).toBe(
      'class',
    );
    expect(
      findClashes(at(2, { startsAt: 480, endsAt: 520, subgroupId: 5 }), [math], shares)[0]?.kind,
    ).toBe('wholeClass');
    const english1 = at(3, { startsAt: 480, endsAt: 520, subjectId: 2, subgroupId: 21 });
    const english2 = at(4, { startsAt: 480, endsAt: 520, subjectId: 2, subgroupId: 22 });
    // Two subgroups of one subject at once: that is what subgroups are for.
    expect(findClashes(english2, [english1], () => true)).toEqual([]);
    expect(findClashes(at(5, { startsAt: 480, endsAt: 520 }), [english1], shares)[0]?.kind).toBe(
      'subgroupLesson',
    );
    const it1 = at(6, { startsAt: 480, endsAt: 520, subjectId: 3, subgroupId: 31 });
    expect(findClashes(it1, [english1], () => true)[0]?.kind).toBe('sharedPupils');
    expect(findClashes(it1, [english1], () => false)).toEqual([]);
    // Back to back is no clash; a lesson never clashes with itself.
    expect(
      findClashes(at(7, { startsAt: 520, endsAt: 560, teacherId: 7 }), [math], shares),
    ).toEqual([]);
    expect(findClashes(math, [math], shares)).toEqual([]);
    expect(minutesOf('13:30')).toBe(810);
  });

  it('agrees with the minute-by-minute oracle, both ways round', () => {
    fc.assert(
      fc.property(lesson, lesson, (x, y) => {
        const a = toPlaced(x, 1);
        const b = toPlaced(y, 2);
        const ab = findClashes(a, [b], shares);
        const ba = findClashes(b, [a], shares);
        expect(ab.length > 0).toBe(oracle(a, b));
        expect(ab.map((c) => MIRROR[c.kind]).sort()).toEqual(ba.map((c) => c.kind).sort());
      }),
      { numRuns: 2000 },
    );
  });

  it('a week built lesson by lesson, refusing clashes, is clash-free checked as a whole', () => {
    fc.assert(
      fc.property(fc.array(lesson, { maxLength: 40 }), (draws) => {
        const week: PlacedLesson[] = [];
        for (const [i, drawn] of draws.entries()) {
          const next = toPlaced(drawn, i + 1);
          if (findClashes(next, week, shares).length === 0) week.push(next);
        }
        expect(findAllClashes(week, shares)).toEqual([]);
        // And the whole-set check finds exactly the pairs the oracle finds.
        const all = draws.map(toPlaced);
        let pairs = 0;
        for (let i = 0; i < all.length; i++)
          for (let j = i + 1; j < all.length; j++) if (oracle(all[i]!, all[j]!)) pairs++;
        const found = new Set(
          findAllClashes(all, shares).map(({ lesson: l, clash }) => `${l.id}|${clash.other.id}`),
        );
        expect(found.size).toBe(pairs);
      }),
      { numRuns: 300 },
    );
  });
});
