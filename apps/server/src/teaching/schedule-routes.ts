import {
  AttendanceResponseSchema,
  AttendanceSetRequestSchema,
  LessonResponseSchema,
  LessonUpdateRequestSchema,
  ProgressResponseSchema,
  ReflectionRequestSchema,
  ReflectionsResponseSchema,
  ScheduleIdParamsSchema,
  WeekQuerySchema,
  WeekResponseSchema,
} from '@sabaq/platform';
import type { Db } from '../db/db';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { TeachingError } from './errors';
import { gradeAnswers } from './grading';
import type { TeachingHub } from './hub';
import {
  canManageLesson,
  ensureLessons,
  lessonStudents,
  isManagement,
  presentLesson,
  viewerOf,
  visibleLesson,
} from './lessons';
import type { LessonRow, Viewer } from './lessons';
import { periodAt } from './periods';
import { addDays, mondayOf } from './seed';
import { schoolOf } from './tenancy';
import { loadContentVersion, listLessonAttempts } from './content-queries';
import { assertStudentOf } from './schedule-access';
import { assertClassWritable } from './journal-access';
import { loadGroup } from './journal-queries';
import { updateLesson } from './schedule-commands';
import {
  presentExamWindow,
  presentAttendance,
  presentGroups,
  presentLessonPage,
  presentWeek,
} from './schedule-present';
import {
  listAbsentStudents,
  listGroups,
  listLessonHomework,
  listLessons,
  listSchoolGroups,
  loadQuarterDates,
  saveAttendance,
  saveReflection,
} from './schedule-queries';

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The selected date: the query's, else today — unless X-Quarter names another quarter, then its first day. */
async function loadSelectedDate(
  db: Db,
  schoolId: number,
  date: string | undefined,
  quarter: number | null,
): Promise<string> {
  if (date) return date;
  const today = todayIso();
  if (quarter === null) return today;
  const period = await loadQuarterDates(db, schoolId, quarter);
  if (!period || (today >= period.start && today <= period.end)) return today;
  return period.start;
}

/**
 * Whose lessons the week shows: a student's group; a teacher's own; a group chosen by
 * management or by the group's lead (404 for any other group). Also the groups to choose from.
 */
async function loadWeekFilter(db: Db, auth: AuthContext, viewer: Viewer, wanted?: number) {
  if (auth.role === 'student') {
    const groupIds = viewer.groupId ? [viewer.groupId] : [];
    return { groups: [], groupId: viewer.groupId, filter: { groupIds, pupilId: auth.userId } };
  }
  const mine = isManagement(auth)
    ? await listSchoolGroups(db, schoolOf(auth))
    : await listGroups(db, viewer.ledGroups);
  const groups = presentGroups(mine);
  if (wanted === undefined) return { groups, groupId: null, filter: { teacherId: auth.userId } };
  if (!groups.some((group) => group.id === wanted)) throw new TeachingError(404, 'group_not_found');
  return { groups, groupId: wanted, filter: { groupIds: [wanted] } };
}

export function registerScheduleRoutes(app: App, ctx: AppContext, hub: TeachingHub): void {
  const db = ctx.db;

  /** Students of a lesson with absences (journal) and who is online now (lesson sync). */
  async function loadAttendance(lesson: LessonRow) {
    const students = await lessonStudents(db, lesson);
    const absent = await listAbsentStudents(db, lesson.id);
    const online = new Set(hub.presence(lesson.id).map((person) => person.id));
    return presentAttendance(students, absent, online);
  }

  defineRoute(app, ctx, 'schedule.week', {
    querystring: WeekQuerySchema,
    response: { 200: WeekResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const selected = await loadSelectedDate(db, schoolOf(auth), req.query.date, req.quarter);
      const monday = mondayOf(selected);
      const saturday = addDays(monday, 5);
      const { groups, groupId, filter } = await loadWeekFilter(db, auth, viewer, req.query.groupId);
      await ensureLessons(db, { ...filter, from: monday, to: saturday });
      const lessons = await listLessons(db, filter, monday, saturday, req.locale);
      const period = await periodAt(db, schoolOf(auth), selected, req.locale);
      const quarter = req.quarter;
      return {
        data: presentWeek({ monday, selected, lessons, period, quarter, groups, groupId }),
      };
    },
  });

  defineRoute(app, ctx, 'schedule.lesson', {
    params: ScheduleIdParamsSchema,
    response: { 200: LessonResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale);
      const homework = await listLessonHomework(db, lesson.id, viewer.auth.userId);
      return { data: presentLessonPage(lesson, canManageLesson(viewer, lesson), homework) };
    },
  });

  defineRoute(app, ctx, 'schedule.lessonUpdate', {
    params: ScheduleIdParamsSchema,
    body: LessonUpdateRequestSchema,
    response: { 200: LessonResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale, true);
      await updateLesson(db, viewer, lesson.id, req.body);
      const updated = await visibleLesson(db, viewer, lesson.id, req.locale);
      return {
        data: {
          lesson: presentLesson(updated),
          canManage: true,
          examWindow: presentExamWindow(updated),
          homework: [],
        },
      };
    },
  });

  defineRoute(app, ctx, 'schedule.attendance', {
    params: ScheduleIdParamsSchema,
    response: { 200: AttendanceResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale, true);
      return { data: await loadAttendance(lesson) };
    },
  });

  defineRoute(app, ctx, 'schedule.attendanceSet', {
    params: ScheduleIdParamsSchema,
    body: AttendanceSetRequestSchema,
    response: { 200: AttendanceResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale, true);
      assertClassWritable(await loadGroup(db, lesson.group_id), 'attendance_archived');
      assertStudentOf(await lessonStudents(db, lesson), req.body.userId);
      const absent = req.body.status === 'absent';
      await saveAttendance(db, lesson.id, req.body.userId, absent, auth.userId);
      return { data: await loadAttendance(lesson) };
    },
  });

  defineRoute(app, ctx, 'schedule.progress', {
    params: ScheduleIdParamsSchema,
    response: { 200: ProgressResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale, true);
      const content = presentLesson(lesson).content;
      const students = await lessonStudents(db, lesson);
      if (!content)
        return {
          data: {
            content,
            maxScore: 0,
            rows: students.map((s) => ({ student: s, attempt: null })),
          },
        };
      const draft = await loadContentVersion(db, content.draftId, content.version);
      const attempts = await listLessonAttempts(db, lesson.id, content.draftId);
      const rows = students.map((s) => ({ student: s, attempt: attempts.get(s.id) ?? null }));
      return { data: { content, maxScore: gradeAnswers(draft, {}).maxScore, rows } };
    },
  });

  defineRoute(app, ctx, 'schedule.reflections', {
    params: ScheduleIdParamsSchema,
    response: { 200: ReflectionsResponseSchema },
    handler: async (req) => {
      const viewer = await viewerOf(db, requireAuth(req));
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale, true);
      return { data: await hub.reflections(lesson.id) };
    },
  });

  defineRoute(app, ctx, 'schedule.reflect', {
    params: ScheduleIdParamsSchema,
    body: ReflectionRequestSchema,
    response: { 200: ReflectionsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const lesson = await visibleLesson(db, viewer, req.params.scheduleId, req.locale);
      await saveReflection(db, lesson.id, auth.userId, req.body);
      await hub.reflectionsChanged(lesson.id);
      // The student sees only their own reflection back.
      const all = await hub.reflections(lesson.id);
      return { data: all.filter((reflection) => reflection.student.id === auth.userId) };
    },
  });
}
