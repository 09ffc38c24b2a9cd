import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Teaching core (issue 8): schedule and lessons, homework, journal, chat. Spread into the one
 * policy table (`API_ROUTES`). The role lists follow spec §2/§6; finer checks (a student only
 * ever reaches their own group's lessons, a teacher only their own groups' journal) are made by
 * the handlers, because they depend on the row, not only on the role.
 */
const staff: readonly Role[] = ROLE_GROUPS.employees;
/** Everyone who has a schedule: the staff of a school and students. */
const lessonRoles: readonly Role[] = [...ROLE_GROUPS.employees, 'student'];
const student: readonly Role[] = ['student'];
const management: readonly Role[] = ROLE_GROUPS.management;

const P = '/api/v2/os';

export const SCHEDULE_ROUTES = {
  // --- schedule and lessons -------------------------------------------------------------------
  'schedule.week': {
    method: 'GET',
    path: `${P}/schedule`,
    policy: lessonRoles,
    summary: 'The week around a date: days with lessons, prev/next week, the selected date',
  },
  'schedule.lesson': {
    method: 'GET',
    path: `${P}/schedule/lesson/:scheduleId`,
    policy: lessonRoles,
    summary: 'One lesson: subject, time, teacher, theme, attached builder content, homework',
  },
  'schedule.lessonUpdate': {
    method: 'PUT',
    path: `${P}/schedule/lesson/:scheduleId`,
    policy: staff,
    summary: "Set the lesson's theme and attach (or detach) a published builder draft",
  },
  'schedule.attendance': {
    method: 'GET',
    path: `${P}/schedule/lesson/:scheduleId/attendance`,
    policy: staff,
    summary: 'Students of the lesson with their presence',
  },
  'schedule.attendanceSet': {
    method: 'PUT',
    path: `${P}/schedule/lesson/:scheduleId/attendance`,
    policy: staff,
    summary: 'Mark a student absent or present (shared with the journal)',
  },
  'schedule.progress': {
    method: 'GET',
    path: `${P}/schedule/lesson/:scheduleId/progress`,
    policy: staff,
    summary: "Every student's result on the lesson's content",
  },
  'schedule.reflections': {
    method: 'GET',
    path: `${P}/schedule/lesson/:scheduleId/reflections`,
    policy: staff,
    summary: "Students' end-of-lesson reflections",
  },
  'schedule.reflect': {
    method: 'POST',
    path: `${P}/schedule/lesson/:scheduleId/reflections`,
    policy: student,
    summary: 'Send the end-of-lesson reflection',
  },
  'schedule.content': {
    method: 'GET',
    path: `${P}/schedule/content/:lessonType/:lessonId`,
    policy: lessonRoles,
    summary: 'Published builder content to take (right answers removed for students)',
  },
  'schedule.exam': {
    method: 'GET',
    path: `${P}/schedule/exam/:scheduleId/:userId/:lessonType/:lessonId`,
    policy: lessonRoles,
    summary: "An exam of a lesson with the student's attempt (pinned draft version)",
  },
  'schedule.examSubmit': {
    method: 'POST',
    path: `${P}/schedule/exam/:scheduleId/:lessonType/:lessonId`,
    policy: student,
    summary: 'Submit answers; select, choice and connection modules are graded automatically',
  },
  'schedule.examSettings': {
    method: 'PUT',
    path: `${P}/schedule/lesson/:scheduleId/exam-window`,
    policy: staff,
    summary:
      "When the lesson's work may be handed in, and whether pupils see the right answers after",
  },
  'schedule.studentProgress': {
    method: 'GET',
    path: `${P}/schedule/progress/:lessonType/:scheduleId/:lessonId/:userId`,
    policy: staff,
    summary: "One student's answers and points per module",
  },
  'schedule.gradeModule': {
    method: 'PUT',
    path: `${P}/schedule/progress/:lessonType/:scheduleId/:lessonId/:userId`,
    policy: staff,
    summary: 'Grade a module that needs a teacher (open answers)',
  },
  'schedule.publishedContent': {
    method: 'GET',
    path: `${P}/schedule/published-content`,
    policy: staff,
    summary: 'Published builder drafts of the school to attach to a lesson',
  },
} as const;

export const HOMEWORK_ROUTES = {
  // --- homework ------------------------------------------------------------------------------
  'homework.controlList': {
    method: 'GET',
    path: `${P}/homework/control/list`,
    policy: staff,
    summary: "Homework set by the teacher, by deadline day; the 'checked' filter",
  },
  'homework.create': {
    method: 'POST',
    path: `${P}/homework/control/:scheduleId/create`,
    policy: staff,
    summary: 'Set homework on a lesson: text, files, optional builder exercise, deadline',
  },
  'homework.answers': {
    method: 'GET',
    path: `${P}/homework/control/:homeworkId`,
    policy: staff,
    summary: 'A homework with the answer of every student',
  },
  // A student's answer lives at homework/answers/:answerId, not under homework/control/: there
  // `assigned/:answerId` and `:homeworkId/preview` (or `:scheduleId/create`) matched the same URLs.
  'homework.controlAnswer': {
    method: 'GET',
    path: `${P}/homework/answers/:answerId`,
    policy: staff,
    summary: "A student's answer",
  },
  'homework.check': {
    method: 'PUT',
    path: `${P}/homework/answers/:answerId`,
    policy: staff,
    summary:
      'Check (grade and comment; the grade goes into the journal), return for rework, or score open tasks',
  },
  'homework.preview': {
    method: 'GET',
    path: `${P}/homework/control/:homeworkId/preview`,
    policy: lessonRoles,
    summary: 'The homework as students see it',
  },
  'homework.list': {
    method: 'GET',
    path: `${P}/homework/list`,
    policy: student,
    summary: "The student's homework rows (spec §3)",
  },
  'homework.assigned': {
    method: 'GET',
    path: `${P}/homework/list/assigned/:answerId`,
    policy: student,
    summary: "The student's own answer with grade and comment",
  },
  'homework.submit': {
    method: 'POST',
    path: `${P}/homework/list/assigned/:answerId`,
    policy: student,
    summary: 'Send text, files and exercise answers',
  },
  // --- files of homework and chat ------------------------------------------------------------
  'teaching.fileUpload': {
    method: 'POST',
    path: `${P}/teaching/files`,
    policy: lessonRoles,
    summary: 'Upload an attachment (base64, up to 5 MB)',
  },
  'teaching.fileGet': {
    method: 'GET',
    path: `${P}/teaching/files/:fileId`,
    policy: lessonRoles,
    summary: 'Download an attachment the user may see',
  },
} as const;

export const JOURNAL_ROUTES = {
  // --- journal -------------------------------------------------------------------------------
  'journal.groups': {
    method: 'GET',
    path: `${P}/journal/groups`,
    policy: staff,
    summary: 'Groups whose journal the user keeps (management: every group of the school)',
  },
  'journal.group': {
    method: 'GET',
    path: `${P}/journal/groups/:groupId`,
    policy: staff,
    summary: 'Subjects and subgroups of a group in the journal',
  },
  'journal.grid': {
    method: 'GET',
    path: `${P}/journal/groups/:groupId/:subjectId`,
    policy: staff,
    summary: 'Students × lesson dates: formative marks, absences, SOR/SOCh, quarter result',
  },
  'journal.export': {
    method: 'GET',
    path: `${P}/journal/groups/:groupId/:subjectId/export`,
    policy: staff,
    summary: 'The journal page as an Excel workbook (.xlsx)',
  },
  'journal.mark': {
    method: 'PUT',
    path: `${P}/journal/marks`,
    policy: staff,
    summary: 'Set or clear a formative mark (1–10) or an absence',
  },
  'journal.column': {
    method: 'PUT',
    path: `${P}/journal/columns`,
    policy: staff,
    summary: "A whole column in one transaction: a lesson's marks or a SOR/SOCh's points",
  },
  'journal.assessmentCreate': {
    method: 'POST',
    path: `${P}/journal/groups/:groupId/:subjectId/assessments`,
    policy: staff,
    summary: 'Add a SOR or SOCh column with its maximum points',
  },
  'journal.assessmentMark': {
    method: 'PUT',
    path: `${P}/journal/assessments/:assessmentId/marks`,
    policy: staff,
    summary: "Set or clear a student's SOR/SOCh points",
  },
  'journal.periods': {
    method: 'GET',
    path: `${P}/journal/periods`,
    policy: staff,
    summary: 'Study periods with is_current',
  },
  'journal.periodCurrent': {
    method: 'PUT',
    path: `${P}/journal/periods/:periodId/current`,
    policy: management,
    summary: 'Make a period the current one',
  },
  // --- the pupil's diary (issue 20) ----------------------------------------------------------
  'diary.show': {
    method: 'GET',
    path: `${P}/diary`,
    policy: student,
    summary:
      "The pupil's own marks of a quarter by subject, SOR/SOCh, homework grades, quarter result",
  },
} as const;

export const CHAT_ROUTES = {
  // --- chat ----------------------------------------------------------------------------------
  'chat.contacts': {
    method: 'GET',
    path: `${P}/chats`,
    policy: lessonRoles,
    summary: 'Dialog partners (teacher: students by group; student: teachers) with unread counts',
  },
  'chat.history': {
    method: 'GET',
    path: `${P}/chats/:peerId/messages`,
    policy: lessonRoles,
    summary: 'A page of the dialog, newest first (before = message id)',
  },
  'chat.send': {
    method: 'POST',
    path: `${P}/chats/:peerId/messages`,
    policy: lessonRoles,
    summary: 'Send a message (also delivered live over /ws/chat)',
  },
  'chat.read': {
    method: 'POST',
    path: `${P}/chats/:peerId/read`,
    policy: lessonRoles,
    summary: "Mark the peer's messages read",
  },
} as const;

export const CALENDAR_PLAN_ROUTES = {
  // --- calendar plans (KTP) --------------------------------------------------------------------
  'calendarPlans.groups': {
    method: 'GET',
    path: `${P}/calendar-plans/groups`,
    policy: staff,
    summary: 'Groups whose calendar plans (KTP) the user may open, with plan counts',
  },
  'calendarPlans.list': {
    method: 'GET',
    path: `${P}/calendar-plans`,
    policy: staff,
    summary: "A group's calendar plans: one per subject and school year",
  },
  'calendarPlans.plan': {
    method: 'GET',
    path: `${P}/calendar-plans/:calendarPlanId`,
    policy: staff,
    summary: 'A calendar plan with its lessons, linked content and dated lessons',
  },
  'calendarPlans.lesson': {
    method: 'GET',
    path: `${P}/calendar-plan-lessons/:calendarPlanLessonUUID`,
    policy: lessonRoles,
    summary: "A plan lesson with its linked drafts (students: their group's published lecture)",
  },
  'calendarPlans.lessonContent': {
    method: 'PUT',
    path: `${P}/calendar-plan-lessons/:calendarPlanLessonUUID/content`,
    policy: staff,
    summary: 'Link (or unlink) a lecture, lesson, SOR or SOCh draft to a plan lesson',
  },
  'calendarPlans.lessonLecture': {
    method: 'POST',
    path: `${P}/calendar-plan-lessons/:calendarPlanLessonUUID/lecture`,
    policy: staff,
    summary: 'Create a lecture draft titled with the topic and link it (or return the linked one)',
  },
  'calendarPlans.ofLesson': {
    method: 'GET',
    path: `${P}/schedule/lesson/:scheduleId/calendar-plan`,
    policy: lessonRoles,
    summary: 'The plan lesson a dated lesson falls on, if any',
  },
  'calendarPlans.answer': {
    method: 'GET',
    path: `${P}/calendar-plan-answers/:scheduleId/:answerId`,
    policy: staff,
    summary: "One student's answer (attempt) to the lecture's tasks in a lesson, with comment",
  },
  'calendarPlans.answerUpdate': {
    method: 'PUT',
    path: `${P}/calendar-plan-answers/:scheduleId/:answerId`,
    policy: staff,
    summary: "Grade a student's open answers and leave a comment",
  },
  // --- editing calendar plans (rights per row: subject teacher, class teacher, management) ------
  'calendarPlans.create': {
    method: 'POST',
    path: `${P}/calendar-plans`,
    policy: staff,
    summary: 'Create an empty calendar plan for a group × subject × school year',
  },
  'calendarPlans.remove': {
    method: 'DELETE',
    path: `${P}/calendar-plans/:calendarPlanId`,
    policy: staff,
    summary: 'Delete a calendar plan (refused when pupils answered its materials)',
  },
  'calendarPlans.export': {
    method: 'GET',
    path: `${P}/calendar-plans/:calendarPlanId/export`,
    policy: staff,
    summary: 'The plan as .xlsx: № | topic | hours | quarter | planned date',
  },
  'calendarPlans.import': {
    method: 'PUT',
    path: `${P}/calendar-plans/:calendarPlanId/lessons`,
    policy: staff,
    summary: 'Replace the plan lessons from a pasted list or an .xlsx (all rows valid or nothing)',
  },
  'calendarPlans.lessonCreate': {
    method: 'POST',
    path: `${P}/calendar-plans/:calendarPlanId/lessons`,
    policy: staff,
    summary: 'Add a plan lesson (at a position, else at the end)',
  },
  'calendarPlans.lessonUpdate': {
    method: 'PUT',
    path: `${P}/calendar-plan-lessons/:calendarPlanLessonUUID`,
    policy: staff,
    summary: "Edit a plan lesson's topic, hours, quarter or planned date",
  },
  'calendarPlans.lessonDelete': {
    method: 'DELETE',
    path: `${P}/calendar-plan-lessons/:calendarPlanLessonUUID`,
    policy: staff,
    summary: 'Delete a plan lesson (refused when pupils answered its materials); renumbers',
  },
  'calendarPlans.lessonMove': {
    method: 'POST',
    path: `${P}/calendar-plan-lessons/:calendarPlanLessonUUID/move`,
    policy: staff,
    summary: 'Move a plan lesson to a position; numbers stay 1..n',
  },
} as const;

/** Every teaching route; slices join as their handlers land (the server refuses to start otherwise). */
export const TEACHING_ROUTES = {
  ...SCHEDULE_ROUTES,
  ...HOMEWORK_ROUTES,
  ...JOURNAL_ROUTES,
  ...CHAT_ROUTES,
  ...CALENDAR_PLAN_ROUTES,
} as const;

/** WebSocket endpoints of the teaching core (mounted on the ws registry). */
export const TEACHING_SOCKETS = {
  chat: { path: '/ws/chat', policy: lessonRoles },
  lesson: { path: '/ws/lesson/:scheduleId', policy: lessonRoles },
} as const;
