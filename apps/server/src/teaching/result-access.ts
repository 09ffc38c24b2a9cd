import type { LessonRow, Viewer } from './lessons';
import { isManagement } from './lessons';
import { ResultError } from './result-errors';
import { inSchool } from './tenancy';

/**
 * Row rules of exam results (issue 20). A pupil's points are overridden by the lesson's own
 * teacher or the school's management (director, zavuch) only: a class teacher or a colleague who
 * may read the lesson gets 403; another school's lesson was already 404 (`visibleLesson`).
 */
export function canOverrideResult(
  viewer: Viewer,
  lesson: Pick<LessonRow, 'teacher_id' | 'school_id'>,
): boolean {
  if (viewer.auth.role === 'student') return false;
  if (lesson.teacher_id === viewer.auth.userId) return true;
  return isManagement(viewer.auth) && inSchool(viewer.auth, lesson.school_id);
}

export function assertOverrideResult(
  viewer: Viewer,
  lesson: Pick<LessonRow, 'teacher_id' | 'school_id'>,
): void {
  if (!canOverrideResult(viewer, lesson)) throw new ResultError(403, 'override_forbidden');
}

/**
 * An override names points 0..the attempt's maximum and says why (a comment that is not only
 * spaces); taking it off (`points: null`) needs no comment. 422 at the field otherwise.
 */
export function assertOverride(
  body: { points: number | null; comment: string },
  maxScore: number,
): { points: number | null; comment: string } {
  if (body.points === null) return { points: null, comment: '' };
  if (body.points < 0 || body.points > maxScore)
    throw new ResultError(422, 'override_points_over', { max: maxScore }, 'points');
  const comment = body.comment.trim();
  if (!comment) throw new ResultError(422, 'override_comment_required', {}, 'comment');
  return { points: body.points, comment };
}
