import type { CourseAuthored, CourseDraft, Locale } from '@sabaq/platform';
import { publishProblems } from './course-authoring-access';
import type { AuthoredListRow, AuthoredRow, DraftModuleRow } from './course-authoring-queries';
import { problemTexts } from './course-texts';

/** Rows → the camelCase contract of writing courses. */

const OWN_QUESTIONS = { kz: 'Курстың өз сұрақтары', ru: 'Собственные вопросы курса' };

export function presentAuthored(row: AuthoredListRow): CourseAuthored {
  return {
    id: row.id,
    title: row.title,
    published: row.published,
    modules: row.modules,
    learners: row.learners,
    hasTest: row.has_test,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function presentTest(row: AuthoredRow, locale: Locale): CourseDraft['test'] {
  if (row.has_doc)
    return {
      source: 'content',
      draftId: row.test_draft_id,
      title: row.test_title ?? '',
      version: row.test_version,
      size: row.test_size ?? 0,
    };
  if (row.question_count > 0)
    return {
      source: 'questions',
      draftId: null,
      title: OWN_QUESTIONS[locale],
      version: null,
      size: row.question_count,
    };
  return null;
}

export function presentDraft(
  row: AuthoredRow,
  modules: readonly DraftModuleRow[],
  locale: Locale,
): CourseDraft {
  const test = presentTest(row, locale);
  return {
    id: row.id,
    title: { kz: row.title_kz, ru: row.title_ru },
    description: { kz: row.description_kz, ru: row.description_ru },
    subject: row.subject,
    audience: row.audience,
    hours: row.hours,
    passMark: row.pass_percent,
    minMinutes: row.min_minutes,
    published: row.published,
    learners: row.learners,
    modules: modules.map((m) => ({
      id: m.id,
      position: m.position,
      title: { kz: m.title_kz, ru: m.title_ru },
      item: { draftId: m.draft_id, type: m.item_type, title: m.item_title },
      studied: m.studied,
    })),
    test,
    problems: problemTexts(
      publishProblems({ modules: modules.length, hasTest: test !== null }),
      locale,
    ),
    canRemove: row.learners === 0,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
