import type { AppRouteId, IsBuilt } from '@sabaq/platform';
import { plainScreen, screen, type Screen } from './lazy';

/**
 * Route id → lazy screen. One line per screen; routes without an entry show the "section is
 * coming" page inside the shell until their issue adds a line here.
 */
export const SCREENS: Partial<Record<AppRouteId, Screen>> = {
  main: plainScreen(() => import('./public/Landing')),
  login: plainScreen(() => import('./public/Login')),
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
  'content-lectures': screen(() => import('./content/Lectures')),
  'content-lecture-lesson': screen(() => import('./content/LecturePreview')),
  'lecture-builder-create': screen(() => import('./content/LectureCreate')),
  'lecture-builder-edit': screen(() => import('./content/LectureEdit')),
  'lecture-builder-preview': screen(() => import('./content/LecturePreview')),
  schedule: screen(() => import('./schedule/Schedule')),
  lesson: screen(() => import('./schedule/Lesson')),
  'lesson-progress': screen(() => import('./schedule/Progress')),
  'schedule-content-platform': screen(() => import('./schedule/Content')),
  'schedule-exam-platform': screen(() => import('./schedule/Exam')),
  'homework-control-list': screen(() => import('./homework/ControlList')),
  'homework-create': screen(() => import('./homework/Create')),
  'homework-control-answers': screen(() => import('./homework/Answers')),
  'homework-control-assigned': screen(() => import('./homework/ControlAnswer')),
  'homework-preview': screen(() => import('./homework/Preview')),
  'homework-list': screen(() => import('./homework/StudentList')),
  'homework-assigned': screen(() => import('./homework/StudentAnswer')),
  'journal-groups': screen(() => import('./journal/Groups')),
  'journal-group': screen(() => import('./journal/Group')),
  'journal-subject': screen(() => import('./journal/Grid')),
  'chat-control': screen(() => import('./chat/Chat')),
  'chat-control-dialog': screen(() => import('./chat/Chat')),
  chat: screen(() => import('./chat/Chat')),
  'chat-dialog': screen(() => import('./chat/Chat')),
  'backoffice-ktp': screen(() => import('./ktp/Groups')),
  'backoffice-ktp-group': screen(() => import('./ktp/Plans')),
  'backoffice-ktp-plan': screen(() => import('./ktp/Plan')),
  'lecture-control-create': screen(() => import('./ktp/LectureCreate')),
  'lecture-control-view': screen(() => import('./ktp/LectureView')),
  'lecture-control-show': screen(() => import('./ktp/LectureShow')),
  'product-control-view': screen(() => import('./ktp/ProductView')),
  'lecture-control-answer': screen(() => import('./ktp/Answer')),
};

/** Whether a route has its screen here: start pages that have none yet fall back (platform guard). */
export const isBuilt: IsBuilt = (id) => id in SCREENS;
