import type {
  Answer,
  Answers,
  FileRef,
  Homework,
  HomeworkItem,
  HomeworkRow,
  Locale,
  ModuleResult,
  ResultsShown,
} from '@sabaq/platform';
import { jsonColumn } from '../db/db';
import { groupName } from './lessons';
import type {
  AnswerDbRow,
  ControlRow,
  HomeworkDbRow,
  StudentHomeworkRow,
} from './homework-queries';

/** Homework rows → the camelCase contract of `@sabaq/platform` (contracts/teaching). */

/** Kazakhstan keeps one time zone (UTC+5) since 2024: deadline days are counted in it. */
const KZ_OFFSET_MS = 5 * 3600_000;

const WEEKDAYS = {
  kz: ['жексенбі', 'дүйсенбі', 'сейсенбі', 'сәрсенбі', 'бейсенбі', 'жұма', 'сенбі'],
  ru: ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'],
} as const;

/** `18.11.2026, сәрсенбі` — the label of a lesson date in the list. */
export function dateLabel(iso: string, locale: Locale): string {
  const [year, month, day] = iso.split('-');
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return `${day}.${month}.${year}, ${WEEKDAYS[locale][weekday]}`;
}

/** End of the deadline's day in Kazakhstan time, as unix seconds (the row's `dateExpired`). */
export function dayEndUnix(deadlineIso: string): number {
  const local = new Date(Date.parse(deadlineIso) + KZ_OFFSET_MS);
  const end =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 23, 59, 59) -
    KZ_OFFSET_MS;
  return Math.floor(end / 1000);
}

export function presentHomework(row: HomeworkDbRow, files: FileRef[]): Homework {
  return {
    id: row.id,
    scheduleId: row.lesson_id,
    text: row.text,
    files,
    exercise:
      row.draft_id !== null && row.draft_version !== null
        ? {
            draftId: row.draft_id,
            version: row.draft_version,
            type: (row.draft_type ?? 'homework') as 'homework',
            title: row.draft_title ?? '',
          }
        : null,
    deadline: row.deadline,
    createdAt: row.created_at,
    teacher: { id: row.teacher_id, fullname: row.teacher_name },
    subject: { id: row.subject_id, name: row.subject_name },
    group: { id: row.group_id, name: groupName(row.parallel, row.letter) },
    lessonDate: row.lesson_date,
    theme: row.theme,
  };
}

export function presentAnswer(row: AnswerDbRow, files: FileRef[]): Answer {
  return {
    id: row.id,
    homeworkId: row.homework_id,
    student: { id: row.student_id, fullname: row.student_name },
    status: row.status,
    text: row.text,
    files,
    exerciseAnswers:
      row.exercise_answers === null ? null : jsonColumn<Answers>(row.exercise_answers),
    exerciseResults:
      row.exercise_results === null ? null : jsonColumn<ModuleResult[]>(row.exercise_results),
    exerciseScore: row.exercise_score === null ? null : Number(row.exercise_score),
    exerciseMax: row.exercise_max === null ? null : Number(row.exercise_max),
    grade: row.grade,
    comment: row.comment,
    sentAt: row.sent_at,
    checkedAt: row.checked_at,
  };
}

/** Groups list items into spec §3 rows by deadline day, soonest first. */
export function groupByDeadlineDay(items: (HomeworkItem & { deadline: string })[]): HomeworkRow[] {
  const byDay = new Map<number, HomeworkItem[]>();
  for (const item of items) {
    const day = dayEndUnix(item.deadline);
    const list = byDay.get(day) ?? [];
    list.push(item);
    byDay.set(day, list);
  }
  return [...byDay.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([dateExpired, list]) => ({ dateExpired, items: list }));
}

function presentItemBase(row: HomeworkDbRow, locale: Locale) {
  return {
    id: row.id,
    date: { label: dateLabel(row.lesson_date, locale), value: row.lesson_date },
    theme: { subjectId: row.subject_id, subject: row.subject_name, title: row.theme },
  };
}

/** A row of the teacher's control list: how many answers are sent and checked. */
export function presentControlItem(row: ControlRow, locale: Locale) {
  return {
    ...presentItemBase(row, locale),
    assigned: { sentAnswers: row.sent, total: row.total, checked: row.checked, answerId: null },
    status: null,
    deadline: row.deadline,
    group: groupName(row.parallel, row.letter),
    text: row.text,
    grade: null,
  };
}

/** A row of a pupil's list: their own answer's state. */
export function presentStudentItem(row: StudentHomeworkRow, locale: Locale) {
  return {
    ...presentItemBase(row, locale),
    assigned: {
      sentAnswers: row.status === 'sent' || row.status === 'checked' ? 1 : 0,
      total: 1,
      checked: row.status === 'checked' ? 1 : 0,
      answerId: row.answer_id,
    },
    status: row.status,
    deadline: row.deadline,
    group: groupName(row.parallel, row.letter),
    text: row.text,
    grade: row.grade,
  };
}

/**
 * A SOR/SOCh given as homework: its results tell the keys as well, so the exam rule holds for
 * the pupil's own answer (nothing before the deadline, the total after it, per task once checked).
 */
export function presentAnswerAs(answer: Answer, shown: ResultsShown): Answer {
  return {
    ...answer,
    ...(shown !== 'full' ? { exerciseResults: null } : {}),
    ...(shown === 'handedIn' ? { exerciseScore: null } : {}),
  };
}
