import type { AppRouteId } from '@sabaq/platform';
import type { ComponentType } from 'react';

/**
 * Route id → the import of its screen, for every screen but the landing and login pages. This
 * table is a chunk of its own (registry.ts loads it on first use), so that what a first visitor
 * downloads does not grow with every screen the platform gains. One line per screen; its id also
 * goes into APP_SCREEN_IDS of registry.ts (registry.test.ts keeps the two equal).
 */
export const APP_SCREENS: Partial<Record<AppRouteId, () => Promise<{ default: ComponentType }>>> = {
  oauth: () => import('./public/OAuth'),
  'behalf-auth': () => import('./public/BehalfAuth'),
  registration: () => import('./public/Registration'),
  'registration-confirm': () => import('./public/RegistrationConfirm'),
  'forgot-password': () => import('./public/ForgotPassword'),
  'forgot-password-reset': () => import('./public/ResetPassword'),
  agreement: () => import('./public/Agreement'),
  'subscribe-locked': () => import('./public/SubscribeLocked'),
  'not-found': () => import('./public/NotFound'),
  'content-lessons': () => import('./content/Lessons'),
  'content-exam-sor': () => import('./content/ExamSor'),
  'content-exam-soch': () => import('./content/ExamSoch'),
  'content-lectures': () => import('./content/Lectures'),
  'content-lecture-lesson': () => import('./content/LecturePreview'),
  'lecture-builder-create': () => import('./content/LectureCreate'),
  'lecture-builder-edit': () => import('./content/LectureEdit'),
  'lecture-builder-preview': () => import('./content/LecturePreview'),
  schedule: () => import('./schedule/Schedule'),
  lesson: () => import('./schedule/Lesson'),
  'lesson-progress': () => import('./schedule/Progress'),
  'schedule-content-platform': () => import('./schedule/Content'),
  'schedule-exam-platform': () => import('./schedule/Exam'),
  'homework-control-list': () => import('./homework/ControlList'),
  'homework-create': () => import('./homework/Create'),
  'homework-control-answers': () => import('./homework/Answers'),
  'homework-control-assigned': () => import('./homework/ControlAnswer'),
  'homework-preview': () => import('./homework/Preview'),
  'homework-list': () => import('./homework/StudentList'),
  'homework-assigned': () => import('./homework/StudentAnswer'),
  'journal-groups': () => import('./journal/Groups'),
  'journal-group': () => import('./journal/Group'),
  'journal-subject': () => import('./journal/Grid'),
  'chat-control': () => import('./chat/Chat'),
  'chat-control-dialog': () => import('./chat/Chat'),
  chat: () => import('./chat/Chat'),
  'chat-dialog': () => import('./chat/Chat'),
  'backoffice-ktp': () => import('./ktp/Groups'),
  'backoffice-ktp-group': () => import('./ktp/Plans'),
  'backoffice-ktp-plan': () => import('./ktp/Plan'),
  'lecture-control-create': () => import('./ktp/LectureCreate'),
  'lecture-control-view': () => import('./ktp/LectureView'),
  'lecture-control-show': () => import('./ktp/LectureShow'),
  'product-control-view': () => import('./ktp/ProductView'),
  'lecture-control-answer': () => import('./ktp/Answer'),
};
