import { describe, expect, it } from 'vitest';
import { routeIdForPath } from './screen-for-path';

describe('the route an address opens', () => {
  it('ranks like the router: the most specific route wins', () => {
    expect(routeIdForPath('/kk/schedule')).toBe('schedule');
    expect(routeIdForPath('/ru/schedule/2026-11-23')).toBe('schedule');
    expect(routeIdForPath('/kk/schedule/lesson/7')).toBe('lesson');
    expect(routeIdForPath('/kk/control/journal/groups/19')).toBe('journal-group');
    expect(routeIdForPath('/kk/control/journal/groups/19/6')).toBe('journal-subject');
    expect(routeIdForPath('/kk/content/exams/sor/abc')).toBe('content-exam-sor');
  });
  it('an unknown address is the not-found page; one outside a language, nothing', () => {
    expect(routeIdForPath('/kk/no/such/page/here/at/all')).toBe('not-found');
    expect(routeIdForPath('/')).toBeUndefined();
  });
});
