import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRouteId } from '@sabaq/platform';
import { offlineScreensFor, precacheScreens } from './precache';

describe('the role screens loaded after sign-in for offline use (issue 31)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are the offline screens the role may open', () => {
    const pupil = offlineScreensFor('student');
    expect(pupil).toEqual(expect.arrayContaining(['schedule', 'lesson', 'diary', 'homework-list']));
    expect(pupil).not.toContain('journal-subject');
    expect(pupil).not.toContain('chat-control');
    const teacher = offlineScreensFor('teacher');
    expect(teacher).toEqual(
      expect.arrayContaining(['schedule', 'journal-subject', 'homework-control-list']),
    );
    expect(teacher).not.toContain('diary');
    // A role that works in none of them loads nothing.
    expect(offlineScreensFor('guest')).toEqual([]);
  });

  it('load one after another; one that fails does not stop the rest', async () => {
    const seen: AppRouteId[] = [];
    const loaded = await precacheScreens(
      'student',
      async (id) => {
        seen.push(id);
        if (id === 'lesson') throw new Error('Failed to fetch dynamically imported module');
      },
      0,
    );
    expect(seen).toEqual(offlineScreensFor('student'));
    expect(loaded).toEqual(seen.filter((id) => id !== 'lesson'));
    expect(document.documentElement.dataset.offlineScreens).toBe(String(loaded.length));
  });

  it('load nothing on a connection that saves data, and stop when the link drops', async () => {
    const load = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true },
      configurable: true,
    });
    expect(await precacheScreens('teacher', load, 0)).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const loaded = await precacheScreens(
      'teacher',
      async () => {
        onLine.mockReturnValue(false);
      },
      0,
    );
    expect(loaded).toHaveLength(1);
  });
});
