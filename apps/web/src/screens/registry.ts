import { lazy } from 'react';
import type { AppRouteId, IsBuilt } from '@sabaq/platform';
import { plainScreen, screen, type Screen } from './lazy';
import type * as AppScreens from './registry-app';

/**
 * Ids of the screens in registry-app.ts: the guards must know at once which routes have a screen
 * (start pages that have none yet fall back), before that chunk has arrived.
 */
export const APP_SCREEN_IDS = [
  'oauth',
  'behalf-auth',
  'registration',
  'registration-confirm',
  'forgot-password',
  'forgot-password-reset',
  'agreement',
  'faq',
  'news',
  'news-article',
  'admin-site',
  'subscribe-locked',
  'not-found',
  'tariffs',
  'tariff',
  'b2c',
  'payment',
  'profile',
  'content-lessons',
  'content-exams',
  'content-exam-sor',
  'content-exam-soch',
  'content-lectures',
  'content-lecture-lesson',
  'lecture-builder-create',
  'lecture-builder-edit',
  'lecture-builder-preview',
  'schedule',
  'lesson',
  'lesson-progress',
  'schedule-content-platform',
  'schedule-exam-platform',
  'homework-control-list',
  'homework-create',
  'homework-control-answers',
  'homework-control-assigned',
  'homework-preview',
  'homework-list',
  'homework-assigned',
  'journal-groups',
  'journal-group',
  'journal-subject',
  'chat-control',
  'chat-control-dialog',
  'chat',
  'chat-dialog',
  'diary',
  'backoffice-personnel',
  'backoffice-school-settings',
  'backoffice-ktp',
  'backoffice-ktp-group',
  'backoffice-ktp-plan',
  'backoffice-groups',
  'backoffice-group',
  'backoffice-subgroups',
  'backoffice-subgroup-transfer',
  'backoffice-archive',
  'backoffice-archive-group',
  'backoffice-schedules',
  'backoffice-schedule',
  'lecture-control-create',
  'lecture-control-view',
  'lecture-control-show',
  'product-control-view',
  'lecture-control-answer',
  'media',
  'media-video',
  'media-video-item',
  'media-audio',
  'media-audio-item',
  'catalog-lectures',
  'catalog-lecture',
  'catalog-exams',
  'contest-lesson-platform',
  'statistics',
  'statistics-group',
  'statistics-country',
  'nomenclature',
  'nomenclature-document',
  'methodical',
  'methodical-document',
  'steam',
  'steam-document',
  'regime-process',
  'regime-process-document',
  'katalog',
  'cyclogramm',
  'perspective-plan',
  'contest-list',
  'contest-catalog',
  'contest-catalog-lesson',
  'contest',
  'courses',
  'course',
  'course-edit',
  'course-module',
  'correction-work',
  'correction-work-course',
  'certificate-check',
  'contest-promo',
  'promo-om',
  'promo-teacher-innovator',
  'methodical-cabinet',
  'individual-card',
  'individual-card-child',
  'individual-card-director',
  'individual-card-director-group',
  'individual-card-director-child',
  'development-map',
  'monitoring',
  'monitoring-teacher',
  'monitoring-teacher-questionnaire',
  'monitoring-director',
  'monitoring-country',
  'monitoring-region',
  'monitoring-department',
] as const satisfies readonly AppRouteId[];

/** The table of app screens, fetched once (prefetched at start when a session may exist). */
let appScreens: Promise<typeof AppScreens> | undefined;
export function loadAppScreens() {
  appScreens ??= import('./registry-app');
  return appScreens;
}

/**
 * Route id → lazy screen. Routes without an entry show the "section is coming" page inside the
 * shell until their issue adds a line to registry-app.ts and its id above. The landing and login
 * pages are imported from here directly: a first visit fetches only what it shows.
 */
export const SCREENS: Partial<Record<AppRouteId, Screen>> = {
  main: plainScreen(() => import('./public/Landing')),
  login: plainScreen(() => import('./public/Login')),
  ...Object.fromEntries(
    APP_SCREEN_IDS.map((id) => [
      id,
      screen(() => loadAppScreens().then((table) => table.APP_SCREENS[id]!())),
    ]),
  ),
};

/** A route's promo page (RouteDef.promo) for roles the route is not for: one lazy screen. */
export const PromoScreen = lazy(() =>
  Promise.all([
    import('../app/styles-kit'),
    loadAppScreens().then((table) => table.loadRoutePromo()),
  ]).then(([, RoutePromo]) => ({ default: RoutePromo })),
);

/** Whether a route has its screen here: start pages that have none yet fall back (platform guard). */
export const isBuilt: IsBuilt = (id) => id in SCREENS;
