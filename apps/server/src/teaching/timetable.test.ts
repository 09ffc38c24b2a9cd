import { describe, expect, it } from 'vitest';
import { demoTeacherOf } from './seed';
import { bell, curriculum, lessonsPerDay, planWeek, shiftOf } from './timetable';

describe('bells', () => {
  it('gives 40-minute lessons with 10-minute breaks in both shifts', () => {
    expect(bell(1, 1)).toEqual({ startsAt: '08:00', endsAt: '08:40' });
    expect(bell(1, 3)).toEqual({ startsAt: '09:40', endsAt: '10:20' });
    expect(bell(2, 1)).toEqual({ startsAt: '13:30', endsAt: '14:10' });
    expect(shiftOf(3)).toBe(2);
    expect(shiftOf(7)).toBe(1);
  });
});

describe('demo week', () => {
  const groups: { key: string; parallel: number }[] = [];
  for (let p = 1; p <= 11; p++)
    for (const l of ['А', 'Ә', 'Б']) groups.push({ key: `${p}${l}`, parallel: p });
  const plan = planWeek(groups, demoTeacherOf);

  it('fills every group with a full five-day week of its curriculum', () => {
    for (const g of groups) {
      const mine = plan.filter((s) => s.group === g.key);
      expect(mine).toHaveLength(5 * lessonsPerDay(g.parallel));
      expect(mine.map((s) => s.subject).sort()).toEqual(curriculum(g.parallel).sort());
    }
  });

  it('never puts a teacher in two classes at once, and staffs 7А fully', () => {
    const seen = new Set<string>();
    for (const s of plan) {
      if (s.teacher === null) continue;
      const key = `${s.teacher}|${s.shift}|${s.weekday}|${s.lessonNo}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    expect(plan.filter((s) => s.group === '7А' && s.teacher === null)).toEqual([]);
  });
});
