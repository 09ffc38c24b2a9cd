import type { Draft } from '@sabaq/engine';
import type {
  CourseAttempt,
  CourseDetail,
  CourseQuestion,
  CourseReview,
  CourseSummary,
  Locale,
} from '@sabaq/platform';
import { withoutKeys } from '../teaching/exam-access';
import { schoolDate } from '../teaching/journal-access';
import type {
  AttemptRow,
  CertificateRow,
  CourseRow,
  ModuleRow,
  QuestionRow,
} from './course-queries';

/** Rows → the camelCase contract of courses. */

export function presentSummary(row: CourseRow): CourseSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    hours: row.hours,
    modules: row.modules,
    done: row.done,
    enrolled: row.enrolled,
    certificate: row.certificate,
    audience: row.audience,
    subjectName: row.subject_name,
  };
}

export function presentModules(rows: readonly ModuleRow[]) {
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    title: row.title,
    item: { draftId: row.draft_id, type: row.item_type, title: row.item_title },
    done: row.done,
    opened: row.opened,
  }));
}

/** The questions without their right answers: these never leave the server. */
export function presentQuestions(rows: readonly QuestionRow[], locale: Locale): CourseQuestion[] {
  return rows.map((row) => ({
    id: row.id,
    text: row[locale],
    options: row.options.map((option) => ({ id: option.id, text: option[locale] })),
  }));
}

export function presentAttempt(row: AttemptRow, review: CourseReview | null): CourseAttempt {
  return {
    correct: row.correct,
    total: row.total,
    percent: row.percent,
    passed: row.passed,
    at: new Date(row.answered_at).toISOString(),
    review,
  };
}

export function issuedOn(row: CertificateRow): string {
  return schoolDate(new Date(row.issued_at).getTime());
}

export function presentCertificate(row: CertificateRow) {
  return { code: row.code, issuedOn: issuedOn(row), percent: row.percent };
}

/** The final test as a learner takes it: no right answers in it (the keys stay on the server). */
export function presentTest(
  course: Pick<CourseRow, 'questions' | 'test_size'>,
  draft: Draft | null,
  locale: Locale,
): Pick<NonNullable<CourseDetail['test']>, 'source' | 'questions' | 'content' | 'size'> {
  if (draft)
    return {
      source: 'content',
      questions: [],
      content: withoutKeys(draft) as unknown as Record<string, unknown>,
      size: course.test_size ?? 0,
    };
  return {
    source: 'questions',
    questions: presentQuestions(course.questions, locale),
    content: null,
    size: course.questions.length,
  };
}
