import type { AppRouteId } from '@sabaq/platform';
import { screen, type Screen } from './lazy';

/**
 * Route id → lazy screen. One line per screen; routes without an entry show the "section is
 * coming" page inside the shell until their issue adds a line here.
 */
export const SCREENS: Partial<Record<AppRouteId, Screen>> = {
  main: screen(() => import('./public/Landing')),
  login: screen(() => import('./public/Login')),
  registration: screen(() => import('./public/Registration')),
  'registration-confirm': screen(() => import('./public/RegistrationConfirm')),
  'forgot-password': screen(() => import('./public/ForgotPassword')),
  'forgot-password-reset': screen(() => import('./public/ResetPassword')),
  agreement: screen(() => import('./public/Agreement')),
  'subscribe-locked': screen(() => import('./public/SubscribeLocked')),
  'not-found': screen(() => import('./public/NotFound')),
};
