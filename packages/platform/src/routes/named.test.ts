import { describe, expect, expectTypeOf, it } from 'vitest';
import { hrefFor } from './guard';
import { SPEC_ROUTE_NAMES, namedPath, routeByName, type RouteName } from './named';
import { ROUTES, routeById, type RouteDef } from './routes';

describe('named routes (spec §2 "Named routes seen")', () => {
  it('gives every name of the spec to exactly one route, and no other name', () => {
    const names = ROUTES.map((route: RouteDef) => route.name).filter(Boolean);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...SPEC_ROUTE_NAMES].sort());
    // Every spec name is a name of the table, for the compiler as well.
    expectTypeOf<(typeof SPEC_ROUTE_NAMES)[number]>().toEqualTypeOf<RouteName>();
  });

  it('resolves each name to a route of the table, never an alias or the catch-all', () => {
    for (const name of SPEC_ROUTE_NAMES) {
      const route = routeByName(name);
      expect(route, name).toBeDefined();
      expect(routeById(route.id), name).toBe(route);
      expect(route.redirectTo, name).toBeUndefined();
      expect(route.path, name).not.toBe('*');
      expect(route.access, name).toBe('auth');
    }
    expect(routeByName('VNoSuchPage')).toBeUndefined();
  });

  it('names the pages the spec means', () => {
    const ids = Object.fromEntries(SPEC_ROUTE_NAMES.map((name) => [name, routeByName(name).id]));
    expect(ids).toEqual({
      VListOfMyExamsPage: 'content-exams',
      VListOfExamsCatalogPage: 'catalog-exams',
      VSchedulePage: 'schedule',
      VGlStatisticsCountry: 'statistics-country',
      VGlStatisticsSchool: 'statistics',
      VListOfMyLecturesPage: 'content-lectures',
      VStudentsListPage: 'backoffice-groups',
      VTeacherChatPage: 'chat-control',
      VStudentChatPage: 'chat',
      VLessonPage: 'lesson',
    });
    // The builder pages of SOR and SOCh sit below the author's exams list in the breadcrumbs.
    expect(routeById('content-exam-sor')!.parent).toBe('content-exams');
    expect(routeById('content-exam-soch')!.parent).toBe('content-exams');
  });

  it('builds paths with their params filled, optional ones dropped when absent', () => {
    expect(namedPath('kk', 'VSchedulePage')).toBe('/kk/schedule');
    expect(namedPath('ru', 'VSchedulePage', { date: '2026-09-01' })).toBe(
      '/ru/schedule/2026-09-01',
    );
    expect(namedPath('kk', 'VLessonPage', { scheduleId: 7 })).toBe('/kk/schedule/lesson/7');
    expect(namedPath('ru', 'VLessonPage', { scheduleId: 7, tab: 'progress' })).toBe(
      '/ru/schedule/lesson/7/progress',
    );
    expect(namedPath('kk', 'VGlStatisticsCountry', { regionId: 1, departmentId: 2 })).toBe(
      '/kk/statistics/country/1/2',
    );
    expect(namedPath('kk', 'VListOfMyExamsPage')).toBe('/kk/content/exams');
    expect(namedPath('ru', 'VListOfExamsCatalogPage')).toBe('/ru/catalog/exams');
    // Values are encoded as path segments.
    expect(namedPath('kk', 'VLessonPage', { scheduleId: 'a/b' })).toBe('/kk/schedule/lesson/a%2Fb');
    // The same address as the id-based helper.
    for (const name of SPEC_ROUTE_NAMES) {
      const route = routeByName(name);
      if (/:\w+(\/|$)/.test(route.path)) continue;
      expect(namedPath('kk', name as 'VSchedulePage')).toBe(hrefFor('kk', route.id));
    }
  });

  it('types the params from the path', () => {
    // @ts-expect-error scheduleId is required
    expect(() => namedPath('kk', 'VLessonPage', {})).toThrow(/scheduleId/);
    // @ts-expect-error params are required where the path has a required one
    expect(() => namedPath('kk', 'VLessonPage')).toThrow(/scheduleId/);
    // @ts-expect-error not a name of the table
    expect(() => namedPath('kk', 'VNoSuchPage')).toThrow();
    expectTypeOf(namedPath<'VLessonPage'>)
      .parameter(2)
      .toEqualTypeOf<
        { readonly scheduleId: string | number } & { readonly tab?: string | number }
      >();
  });
});
