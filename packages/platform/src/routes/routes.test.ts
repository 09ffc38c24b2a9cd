import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles/roles';
import { ROUTES, routeById, type RouteDef } from './routes';

// Every path that spec §2 names, below /{lang}; the table must hold each of them.
const SPEC_PATHS = [
  '',
  'login',
  'behalf_auth',
  'oauth',
  'registation',
  'faq',
  'tariff',
  'b2c',
  'subscribe-locked',
  'tariffs',
  'agreement',
  'news',
  'news/:articleId',
  'contest/list',
  'contest/:contestId',
  '*',
  'schedule/:date?',
  'schedule/lesson/:scheduleId/:tab?',
  'schedule/control/lesson/:scheduleId/:tab?',
  'schedule/control/lesson/progress/:lessonType/:scheduleId/:lessonId/:userId',
  'homework/control/list',
  'homework/control/assigned/:answerId',
  'homework/control/:homeworkId',
  'homework/control/:homeworkId/preview',
  'homework/control/:scheduleId/create',
  'homework/list',
  'homework/list/assigned/:answerId',
  'control/journal/groups',
  'control/journal/groups/:groupId',
  'control/journal/groups/:groupId/:subjectId/:subgroupId?',
  'control/chat',
  'control/chat/:groupId/:userId',
  'chat',
  'chat/:teacherId',
  'backoffice/groups',
  'backoffice/groups/:groupId',
  'backoffice/groups/:groupId/subgroups',
  'backoffice/groups/:groupId/subgroups/:subjectId',
  'backoffice/archive',
  'backoffice/archive/:groupId',
  'backoffice/personnel',
  'backoffice/schedules',
  'backoffice/schedules/:groupId',
  'backoffice/ktp',
  'backoffice/ktp/:groupId',
  'backoffice/ktp/:groupId/:calendarPlanId',
  'backoffice/school-settings',
  'content/lectures',
  'content/lessons',
  'content/exams/sor/:lessonId',
  'content/exams/soch/:lessonId',
  'content/lectures/lesson/:lessonId',
  'schedule/content/platform/:lessonType/:lessonId',
  'schedule/exam/platform/:scheduleId/:userId/:lessonType/:lessonId/:finished?',
  'schedule/lecture/control/create/:calendarPlanLessonUUID',
  'schedule/lecture/control/view/:calendarPlanLessonUUID',
  'schedule/lecture/control/show/:calendarPlanLessonUUID',
  'schedule/:product/control/view/:calendarPlanLessonUUID',
  'schedule/lecture/control/answer/:scheduleId/:answerId',
  'content/lectures/control/create/:lectureUUID',
  'content/lectures/control/edit/:lectureUUID',
  'content/lectures/control/preview/:lectureUUID',
  'profile/:tab?',
  'contest/list/lessons/contest/promo',
  'promo-om',
  'promo-teacher-innovator/:tab?',
  'content/lessons/platform/:lessonType/:lessonId',
  'content/lessons/contest/catalog',
  'content/lessons/contest/catalog/:lessonId',
  'catalog/lectures',
  'catalog/lectures/:lessonId',
  'methodical_cabinet',
  'correction_work',
  'correction_work/:courseId',
  'control/courses/list',
  'control/courses/list/:courseId',
  'payment/:message?',
  'media',
  'media/video',
  'media/video/:id',
  'media/audio',
  'media/audio/:id',
  'methodical',
  'methodical/:documentId',
  'nomenclature',
  'nomenclature/:documentId',
  'regime-process',
  'regime-process/:documentId',
  'steam',
  'steam/:documentId',
  'cyclogramm',
  'development-map',
  'monitoring',
  'perspective-plan',
  'katalog',
  'statistics',
  'statistics/:groupId',
  'statistics/country/:regionId?/:departmentId?/:schoolId?/:groupId?',
  'monitoring-teacher',
  'monitoring-teacher/:userId/:questionnaireId',
  'monitoring-director',
  'monitoring-country/:regionId?/:departmentId?/:organizationId?',
  'monitoring-department/:organizationId?',
  'monitoring-region/:departmentId?/:organizationId?',
  'individual-card',
  'individual-card/individual_card/children/:userId',
  'individual_card-director',
  'individual_card-director/:groupId',
  'individual_card-director/children/:userId',
];

describe('route table', () => {
  it('holds every route of spec §2', () => {
    const paths = new Set<string>(ROUTES.map((route) => route.path));
    expect(SPEC_PATHS.filter((path) => !paths.has(path))).toEqual([]);
  });

  it('has unique ids and paths', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('gives every route a kz and a ru label, the kz one not equal to a Russian-only word', () => {
    for (const route of ROUTES) {
      expect(route.label.kz.trim(), route.id).not.toBe('');
      expect(route.label.ru.trim(), route.id).not.toBe('');
    }
  });

  it('points parents, redirects and fallbacks at existing routes and roles at real roles', () => {
    for (const route of ROUTES) {
      const def: RouteDef = route;
      for (const ref of [def.parent, def.redirectTo, def.subscriptionFallback]) {
        if (ref !== undefined) expect(routeById(ref), `${route.id} → ${ref}`).toBeDefined();
      }
      for (const role of def.roles ?? []) expect(ROLES).toContain(role);
    }
  });

  it('lets the media paths need a subscription with /media as the fallback', () => {
    for (const id of ['media-video', 'media-video-item', 'media-audio', 'media-audio-item']) {
      expect(routeById(id)).toMatchObject({ subscription: 'any', subscriptionFallback: 'media' });
    }
  });
});
