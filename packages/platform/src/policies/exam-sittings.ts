import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * SOR/SOCh under exam conditions (issue 20): a pupil starts a timed sitting and saves answers as
 * they go; the lesson's teacher watches the class live and may allow one pupil another attempt.
 * Spread into the one policy table. Row rules (own lesson, own class) are the handlers'.
 */
const staff: readonly Role[] = ROLE_GROUPS.employees;
const student: readonly Role[] = ['student'];
const lessonRoles: readonly Role[] = [...ROLE_GROUPS.employees, 'student'];
const P = '/api/v2/os';

export const EXAM_SITTING_ROUTES = {
  'schedule.examStart': {
    method: 'POST',
    path: `${P}/schedule/exam/:scheduleId/:lessonType/:lessonId/start`,
    policy: student,
    summary: 'Start (or resume) the timed sitting of a SOR/SOCh: its deadline and saved answers',
  },
  'schedule.examSave': {
    method: 'PUT',
    path: `${P}/schedule/exam/:scheduleId/:lessonType/:lessonId/answers`,
    policy: student,
    summary: 'Save the answers so far (also tells the teacher the pupil is online)',
  },
  'schedule.examMonitor': {
    method: 'GET',
    path: `${P}/schedule/lesson/:scheduleId/exam-monitor`,
    policy: staff,
    summary: "The class's sittings: not started, in progress (online or not), handed in",
  },
  'schedule.examRetake': {
    method: 'POST',
    path: `${P}/schedule/lesson/:scheduleId/exam-retake`,
    policy: staff,
    summary: 'Allow one pupil another attempt, with a reason (the handed-in one is kept)',
  },
  // The online lesson (issue 20): a Jitsi room per lesson; the row rule (its teacher or its
  // pupils only) is the handler's.
  'schedule.conference': {
    method: 'GET',
    path: `${P}/schedule/lesson/:scheduleId/conference`,
    policy: lessonRoles,
    summary:
      "The lesson's video conference: room and a signed entry token (moderator for its teacher); null when not configured",
  },
} as const;
