import type { AppRouteId } from '@sabaq/platform';
import { screen, type Screen } from './lazy';

/**
 * Route id → lazy screen. One line per screen; routes without an entry show the "section is
 * coming" page inside the shell until their issue adds a line here.
 */
export const SCREENS: Partial<Record<AppRouteId, Screen>> = {
  main: screen(() => import('./public/Landing')),
  login: screen(() => import('./public/Login')),
  oauth: screen(() => import('./public/OAuth')),
  'behalf-auth': screen(() => import('./public/BehalfAuth')),
  registration: screen(() => import('./public/Registration')),
  'registration-confirm': screen(() => import('./public/RegistrationConfirm')),
  'forgot-password': screen(() => import('./public/ForgotPassword')),
  'forgot-password-reset': screen(() => import('./public/ResetPassword')),
  agreement: screen(() => import('./public/Agreement')),
  'subscribe-locked': screen(() => import('./public/SubscribeLocked')),
  'not-found': screen(() => import('./public/NotFound')),
  'content-lessons': screen(() => import('./content/Lessons')),
  'content-exam-sor': screen(() => import('./content/ExamSor')),
  'content-exam-soch': screen(() => import('./content/ExamSoch')),
  'content-lectures': screen(() => import('./lectures/Lectures')),
  'content-lecture-lesson': screen(() => import('./lectures/LecturePreview')),
  'lecture-builder-create': screen(() => import('./lectures/LectureCreate')),
  'lecture-builder-edit': screen(() => import('./lectures/LectureEdit')),
  'lecture-builder-preview': screen(() => import('./lectures/LecturePreview')),
};
