import { Link } from 'react-router-dom';
import type { CalendarPlanLesson, CalendarPlanSummary } from '@sabaq/platform';
import { path, useLoad } from '../shared/api';
import { ktpPaths } from './common';
import { ktpText } from './texts';

/**
 * On a dated lesson's page: the calendar-plan lesson it falls on, linked to the lecture view
 * (staff) or the show mode (students). Renders nothing while loading, without a plan, or on error
 * (the lesson page stays usable either way).
 */
export function KtpLessonLink({ scheduleId, staff }: { scheduleId: number; staff: boolean }) {
  const t = ktpText();
  const loaded = useLoad<{ plan: CalendarPlanSummary; lesson: CalendarPlanLesson } | null>(
    path('calendarPlans.ofLesson', { scheduleId }),
  );
  const d = loaded.data;
  if (!d) return null;
  const hasLecture = d.lesson.content.some((c) => c.kind === 'lecture');
  if (!staff && !hasLecture) return null;
  return (
    <p className="ktp-crumbs">
      <Link to={staff ? ktpPaths.view(d.lesson.uuid) : ktpPaths.show(d.lesson.uuid)}>
        {t('ktpLesson')}: №{d.lesson.number}. {d.lesson.topic}
      </Link>
    </p>
  );
}
