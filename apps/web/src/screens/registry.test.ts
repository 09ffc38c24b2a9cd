import { describe, expect, it } from 'vitest';
import { ROUTES, SPEC_ROUTE_NAMES, namedPath, routeByName } from '@sabaq/platform';
import type { AppRouteId } from '@sabaq/platform';
import { matchRoutes } from 'react-router-dom';
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
  it('has a built screen behind every named route of spec §2, which its own path reaches', () => {
    // The router's table as router.tsx builds it: every route below /:lang.
    const table = [{ path: '/:lang', children: ROUTES.map((r) => ({ path: r.path, id: r.id })) }];
    const samples: Record<string, Record<string, string>> = {
      VLessonPage: { scheduleId: '7', tab: 'progress' },
      VSchedulePage: { date: '2026-09-01' },
      VGlStatisticsCountry: { regionId: '1', departmentId: '2', schoolId: '3', groupId: '4' },
    };
    for (const name of SPEC_ROUTE_NAMES) {
      const route = routeByName(name);
      expect(isBuilt(route.id as AppRouteId), name).toBe(true);
      for (const params of [{}, samples[name] ?? {}]) {
        if (name === 'VLessonPage' && !('scheduleId' in params)) continue;
        const href = namedPath('ru', name as 'VSchedulePage', params);
        const matched = matchRoutes(table, href);
        const found = matched?.at(-1)?.route as { id?: string } | undefined;
        expect(found?.id, `${name} → ${href}`).toBe(route.id);
      }
    }
  });
});
