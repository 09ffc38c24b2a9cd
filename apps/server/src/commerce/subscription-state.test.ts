import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import {
  assertNotLocked,
  daysLeft,
  isLive,
  nextPeriod,
  subscriptionState,
} from './subscription-state';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-23T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);
const sub = (start: number, end: number | null, locked = false) => ({
  startsAt: at(start),
  endsAt: end === null ? null : at(end),
  locked,
});

describe('subscription state from dates', () => {
  it('is active, then expiring in the last 7 days, then locked', () => {
    expect(subscriptionState(sub(-30, 20), now)).toBe('active');
    expect(subscriptionState(sub(-30, 7), now)).toBe('expiring');
    expect(subscriptionState(sub(-30, 0.01), now)).toBe('expiring');
    expect(subscriptionState(sub(-30, 0), now)).toBe('locked');
    expect(subscriptionState(sub(-30, -10), now)).toBe('locked');
    expect(subscriptionState(sub(-30, null), now)).toBe('active');
    expect(subscriptionState(sub(-30, 100, true), now)).toBe('locked');
    expect(daysLeft(sub(-30, 29.5), now)).toBe(30);
    expect(daysLeft(sub(-30, -3), now)).toBe(0);
  });

  it('a queued period counts its own days, not the days until its end (issue 30)', () => {
    // bought on top of a live year: starts in 335 days, a month long
    expect(daysLeft(sub(335, 365), now)).toBe(30);
    expect(subscriptionState(sub(335, 365), now)).toBe('active');
    expect(isLive(sub(335, 365), now)).toBe(false);
  });

  it('423 only when every started subscription has ended', () => {
    const locked = (subs: ReturnType<typeof sub>[]) => {
      try {
        assertNotLocked(subs, now, 'kz');
        return null;
      } catch (e) {
        return e instanceof HttpError ? [e.status, e.extra.redirect] : e;
      }
    };
    expect(locked([])).toBeNull();
    expect(locked([sub(-40, -10)])).toEqual([423, '/kk/subscribe-locked']);
    expect(locked([sub(-40, -10), sub(-10, 20)])).toBeNull();
    // Paid in advance but not started yet: the ended one still locks today.
    expect(locked([sub(-40, -10), sub(5, 35)])).toEqual([423, '/kk/subscribe-locked']);
    expect(locked([sub(5, 35)])).toBeNull();
  });

  it('a new period starts after the latest live one of the type, never loses a day', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -400, max: 0 }), fc.integer({ min: -100, max: 400 }))),
        fc.integer({ min: 1, max: 365 }),
        (periods, days) => {
          const subs = periods.map(([s, e]) => sub(s, Math.max(s + 1, e)));
          const next = nextPeriod(subs, days, now);
          const liveEnds = subs.filter((s) => isLive(s, now) || s.startsAt > now);
          const latest = Math.max(now.getTime(), ...liveEnds.map((s) => s.endsAt!.getTime()));
          expect(next.startsAt.getTime()).toBe(latest);
          expect(next.endsAt.getTime() - next.startsAt.getTime()).toBe(days * DAY);
        },
      ),
    );
  });
});
