import { describe, expect, it } from 'vitest';
import { displayDate, displayDateTime, parseSchoolDateTime, schoolDateTime } from './api';

describe('dates in the school’s time, DD.MM.YYYY and HH:MM (spec §5)', () => {
  it('a deadline reads the same day in the list and on its page, whatever the browser’s zone', () => {
    // 27.11 19:00 UTC is 28.11 00:00 in Kazakhstan (UTC+5).
    const deadline = '2026-11-27T19:00:00.000Z';
    expect(displayDate(deadline)).toBe('28.11.2026');
    expect(displayDateTime(deadline)).toBe('28.11.2026 00:00');
  });
  it('a plain date is only reformatted', () => {
    expect(displayDate('2026-11-18')).toBe('18.11.2026');
  });
  it('school time round-trips', () => {
    expect(parseSchoolDateTime('18.11.2026 09:40')).toBe('2026-11-18T09:40:00+05:00');
    expect(schoolDateTime('2026-11-18T04:40:00Z')).toBe('18.11.2026 09:40');
    expect(parseSchoolDateTime('31.02.2026 09:40')).toBeNull();
  });
});
