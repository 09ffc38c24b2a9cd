import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Exam results, second pass (issue 20): the teacher's override of a pupil's points with a
 * comment, and re-grading a republished draft's handed-in attempts. Spread into the one policy
 * table; the row rules (the lesson's teacher or the school's management; the draft's editor, the
 * attempts of their own school) are the handlers'.
 */
const staff: readonly Role[] = ROLE_GROUPS.employees;
const builders: readonly Role[] = [...ROLE_GROUPS.employees, 'methodist', 'individual'];
const P = '/api/v2/os';

export const EXAM_RESULT_ROUTES = {
  'schedule.resultOverride': {
    method: 'PUT',
    path: `${P}/schedule/progress/:lessonType/:scheduleId/:lessonId/:userId/override`,
    policy: staff,
    summary:
      "Override a pupil's points (0..max) with a required comment; the computed score is kept",
  },
  'drafts.regradePreview': {
    method: 'GET',
    path: `${P}/drafts/:id/regrade`,
    policy: builders,
    summary:
      'Handed-in attempts of older versions of a published draft: old and new points per attempt',
  },
  'drafts.regrade': {
    method: 'POST',
    path: `${P}/drafts/:id/regrade`,
    policy: builders,
    summary: 'Re-grade those attempts against the published version (old results kept; idempotent)',
  },
} as const;
