import { describe, expect, it } from 'vitest';
import { isKindergartenOpen } from './document-access';

const now = new Date('2026-11-23T10:00:00Z');
const sub = (
  type: 'kindergarden' | 'personal',
  endsAt: string | null,
  startsAt = '2026-01-01',
) => ({
  type,
  startsAt: new Date(startsAt),
  endsAt: endsAt === null ? null : new Date(endsAt),
  locked: false,
});

describe('the kindergarden gate', () => {
  it('opens with a live kindergarden subscription', () => {
    expect(isKindergartenOpen('teacher', [sub('kindergarden', '2027-06-01')], now)).toBe(true);
    expect(isKindergartenOpen('director', [sub('kindergarden', null)], now)).toBe(true);
  });
  it('stays shut for school staff without one, an ended one, a personal one or a future one', () => {
    expect(isKindergartenOpen('teacher', [], now)).toBe(false);
    expect(isKindergartenOpen('teacher', [sub('kindergarden', '2026-06-01')], now)).toBe(false);
    expect(isKindergartenOpen('teacher', [sub('personal', '2027-06-01')], now)).toBe(false);
    expect(isKindergartenOpen('teacher', [sub('kindergarden', null, '2027-01-01')], now)).toBe(
      false,
    );
  });
  it('always opens for the methodist, who writes the documents', () => {
    expect(isKindergartenOpen('methodist', [], now)).toBe(true);
  });
});
