import { describe, expect, it } from 'vitest';
import { MAX_ORIGINS, backPath, parseOrigins, rememberOrigin } from './origin';

const schedule = { routeId: 'schedule', path: '/kk/schedule/2026-11-16' };
const homework = { routeId: 'homework-list', path: '/kk/homework/list' };
const lesson = { routeId: 'schedule-lesson', path: '/kk/schedule/lesson/7' };

describe('origin page per page type (spec §4)', () => {
  it('remembers where each page type was entered from', () => {
    let origins = rememberOrigin({}, schedule, lesson);
    expect(backPath(origins, 'schedule-lesson', '/kk')).toBe('/kk/schedule/2026-11-16');
    // The same lesson page entered later from homework goes back to homework.
    origins = rememberOrigin(origins, homework, lesson);
    expect(backPath(origins, 'schedule-lesson', '/kk')).toBe('/kk/homework/list');
  });

  it('keeps the origin while moving inside one page (tabs, dates)', () => {
    const origins = rememberOrigin({}, schedule, lesson);
    const tab = { routeId: 'schedule-lesson', path: '/kk/schedule/lesson/7/homework' };
    expect(rememberOrigin(origins, lesson, tab)).toBe(origins);
  });

  it('falls back when nothing is known, and on the first page of a session', () => {
    expect(backPath({}, 'schedule-lesson', '/kk/schedule')).toBe('/kk/schedule');
    expect(rememberOrigin({}, null, lesson)).toEqual({});
  });

  it('stays bounded', () => {
    let origins = {};
    for (let i = 0; i < MAX_ORIGINS + 10; i++)
      origins = rememberOrigin(origins, schedule, { routeId: `r${i}`, path: `/kk/r/${i}` });
    expect(Object.keys(origins)).toHaveLength(MAX_ORIGINS);
    expect(backPath(origins, `r${MAX_ORIGINS + 9}`, '/kk')).toBe(schedule.path);
    expect(backPath(origins, 'r0', '/kk')).toBe('/kk');
  });

  it('reads stored origins defensively', () => {
    expect(parseOrigins(null)).toEqual({});
    expect(parseOrigins('not json')).toEqual({});
    expect(parseOrigins('[1,2]')).toEqual({});
    expect(parseOrigins('{"a":"/kk/x","b":3,"c":"https://evil.example"}')).toEqual({ a: '/kk/x' });
  });
});
