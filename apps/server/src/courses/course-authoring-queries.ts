import type { CourseAudience, CourseInputData, Locale } from '@sabaq/platform';
import { jsonColumn, type Queryable } from '../db/db';

/** Every SQL of writing courses; row types stay here and in course-authoring-present.ts. */

const l = (locale: Locale) => (locale === 'ru' ? 'ru' : 'kz');

export interface AuthoredListRow {
  id: number;
  title: string;
  published: boolean;
  modules: number;
  learners: number;
  has_test: boolean;
  updated_at: Date;
}

const HAS_TEST = `(c.test_doc IS NOT NULL OR jsonb_array_length(c.questions) > 0)`;
const LEARNERS = `(SELECT count(*)::int FROM course_enrolments e WHERE e.course_id = c.id)`;
const MODULES = `(SELECT count(*)::int FROM course_modules m WHERE m.course_id = c.id)`;

/** Teacher courses of an author (all of them for `authorId` null), newest change first. */
export function listAuthored(
  q: Queryable,
  authorId: number | null,
  locale: Locale,
): Promise<AuthoredListRow[]> {
  return q.query<AuthoredListRow>(
    `SELECT c.id, c.title_${l(locale)} AS title, c.published, ${MODULES} AS modules,
            ${LEARNERS} AS learners, ${HAS_TEST} AS has_test, c.updated_at
       FROM courses c
      WHERE c.kind = 'teacher' AND ($1::int IS NULL OR c.author_id = $1)
      ORDER BY c.updated_at DESC, c.id DESC`,
    [authorId],
  );
}

export function listSubjects(
  q: Queryable,
  locale: Locale,
): Promise<{ code: string; name: string }[]> {
  return q.query(`SELECT code, name_${l(locale)} AS name FROM subjects ORDER BY 2, 1`);
}

export async function subjectExists(q: Queryable, code: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM subjects WHERE code = $1', [code])).length > 0;
}

export interface AuthoredRow {
  id: number;
  author_id: number | null;
  title_kz: string;
  title_ru: string;
  description_kz: string;
  description_ru: string;
  subject: string | null;
  audience: CourseAudience;
  hours: number;
  pass_percent: number;
  min_minutes: number;
  published: boolean;
  question_count: number;
  test_draft_id: string | null;
  test_version: number | null;
  test_title: string | null;
  test_size: number | null;
  has_doc: boolean;
  learners: number;
  updated_at: Date;
}

/** A teacher course with what its author edits (correction courses are not written here). */
export async function loadAuthored(q: Queryable, courseId: number): Promise<AuthoredRow | null> {
  const rows = await q.query<AuthoredRow>(
    `SELECT c.id, c.author_id, c.title_kz, c.title_ru, c.description_kz, c.description_ru,
            c.subject, c.audience, c.hours, c.pass_percent, c.min_minutes, c.published,
            jsonb_array_length(c.questions) AS question_count,
            c.test_draft_id, c.test_version, c.test_title, c.test_size,
            c.test_doc IS NOT NULL AS has_doc, ${LEARNERS} AS learners, c.updated_at
       FROM courses c WHERE c.id = $1 AND c.kind = 'teacher'`,
    [courseId],
  );
  return rows[0] ?? null;
}

export interface DraftModuleRow {
  id: number;
  position: number;
  title_kz: string;
  title_ru: string;
  draft_id: string;
  item_type: string;
  item_title: string;
  studied: number;
}

export function listDraftModules(q: Queryable, courseId: number): Promise<DraftModuleRow[]> {
  return q.query<DraftModuleRow>(
    `SELECT m.id, m.position, m.title_kz, m.title_ru, m.draft_id,
            i.type AS item_type, i.title AS item_title,
            (SELECT count(*)::int FROM course_progress p WHERE p.module_id = m.id) AS studied
       FROM course_modules m JOIN catalogue_items i ON i.draft_id = m.draft_id
      WHERE m.course_id = $1 ORDER BY m.position`,
    [courseId],
  );
}

const fields = (input: CourseInputData) => [
  input.title.kz,
  input.title.ru,
  input.description.kz,
  input.description.ru,
  input.subject,
  input.audience,
  input.hours,
  input.passMark,
  input.minMinutes,
];

/** A new teacher course of the author, unpublished. */
export async function insertCourse(
  q: Queryable,
  authorId: number,
  input: CourseInputData,
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO courses (kind, title_kz, title_ru, description_kz, description_ru, subject,
                          audience, hours, pass_percent, min_minutes, published, author_id)
     VALUES ('teacher', $1, $2, $3, $4, $5, $6, $7, $8, $9, false, $10) RETURNING id`,
    [...fields(input), authorId],
  );
  return row!.id;
}

export async function updateCourse(
  q: Queryable,
  courseId: number,
  input: CourseInputData,
): Promise<void> {
  await q.query(
    `UPDATE courses SET title_kz = $1, title_ru = $2, description_kz = $3, description_ru = $4,
            subject = $5, audience = $6, hours = $7, pass_percent = $8, min_minutes = $9,
            updated_at = now()
      WHERE id = $10`,
    [...fields(input), courseId],
  );
}

export async function touchCourse(q: Queryable, courseId: number): Promise<void> {
  await q.query('UPDATE courses SET updated_at = now() WHERE id = $1', [courseId]);
}

export async function deleteCourse(q: Queryable, courseId: number): Promise<void> {
  await q.query('DELETE FROM courses WHERE id = $1', [courseId]);
}

export async function setPublished(
  q: Queryable,
  courseId: number,
  published: boolean,
): Promise<void> {
  await q.query('UPDATE courses SET published = $2, updated_at = now() WHERE id = $1', [
    courseId,
    published,
  ]);
}

export interface CatalogueItemRow {
  draft_id: string;
  type: string;
  title: string;
  version: number;
}

/**
 * A published item of the shared catalogue (the snapshot is read only for a final test); an exam
 * its author has not shared is not there (issue 28).
 */
export async function loadItem(q: Queryable, draftId: string): Promise<CatalogueItemRow | null> {
  const rows = await q.query<CatalogueItemRow>(
    'SELECT draft_id, type, title, version FROM catalogue_items WHERE draft_id = $1 AND shared',
    [draftId],
  );
  return rows[0] ?? null;
}

export async function loadItemDoc(q: Queryable, draftId: string): Promise<unknown> {
  const rows = await q.query<{ doc: unknown }>(
    'SELECT doc FROM catalogue_items WHERE draft_id = $1',
    [draftId],
  );
  return rows[0] ? jsonColumn(rows[0].doc) : null;
}

export async function insertModule(
  q: Queryable,
  row: { courseId: number; title: { kz: string; ru: string }; draftId: string },
): Promise<void> {
  await q.query(
    `INSERT INTO course_modules (course_id, position, title_kz, title_ru, draft_id)
     SELECT $1, coalesce(max(position), 0) + 1, $2, $3, $4 FROM course_modules WHERE course_id = $1`,
    [row.courseId, row.title.kz, row.title.ru, row.draftId],
  );
}

export async function deleteModule(q: Queryable, moduleId: number): Promise<void> {
  await q.query('DELETE FROM course_modules WHERE id = $1', [moduleId]);
}

/**
 * Numbers the course's modules 1…n in the given order. Positions are unique per course, so they
 * step aside (negative) first: one UPDATE renumbering in place could meet itself half way.
 */
export async function renumberModules(
  q: Queryable,
  courseId: number,
  moduleIds: readonly number[],
): Promise<void> {
  await q.query('UPDATE course_modules SET position = -position WHERE course_id = $1', [courseId]);
  await q.query(
    `UPDATE course_modules m SET position = o.position
       FROM unnest($2::int[]) WITH ORDINALITY AS o(id, position)
      WHERE m.id = o.id AND m.course_id = $1`,
    [courseId, moduleIds],
  );
}

export interface FinalTest {
  draftId: string;
  version: number;
  title: string;
  size: number;
  doc: unknown;
}

/** The course's final test: a copy of a builder test (its own questions dropped), or none. */
export async function saveFinalTest(
  q: Queryable,
  courseId: number,
  test: FinalTest | null,
): Promise<void> {
  await q.query(
    `UPDATE courses SET test_draft_id = $2, test_version = $3, test_title = $4, test_size = $5,
            test_doc = $6, questions = '[]', updated_at = now()
      WHERE id = $1`,
    [
      courseId,
      test?.draftId ?? null,
      test?.version ?? null,
      test?.title ?? null,
      test?.size ?? null,
      test ? JSON.stringify(test.doc) : null,
    ],
  );
}
