import { describe, expect, it } from 'vitest';
import { APP_SCREENS } from './registry-app';
import { APP_SCREEN_IDS, SCREENS, isBuilt } from './registry';

describe('the screen registry', () => {
  it('names every screen of the lazy table among the built ids, and no other', () => {
    expect([...APP_SCREEN_IDS].sort()).toEqual(Object.keys(APP_SCREENS).sort());
  });
  it('has a lazy screen for every built id, the landing and the login page', () => {
    for (const id of [...APP_SCREEN_IDS, 'main', 'login'] as const) {
      expect(SCREENS[id], id).toBeDefined();
      expect(isBuilt(id), id).toBe(true);
    }
    expect(isBuilt('lesson-control')).toBe(false);
  });
});
