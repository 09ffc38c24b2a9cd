import type { CourseAudience, CourseKind, Locale } from '@sabaq/platform';
import { jsonColumn, type Queryable } from '../db/db';

/** Every SQL of courses; row types stay private to this file and course-present.ts. */

const l = (locale: Locale) => (locale === 'ru' ? 'ru' : 'kz');

export interface QuestionRow {
  id: string;
  kz: string;
  ru: string;
  options: { id: string; kz: string; ru: string }[];
  answer: string;
}

export interface CourseRow {
  id: number;
  kind: CourseKind;
  title: string;
  description: string;
  hours: number;
  pass_percent: number;
  questions: QuestionRow[];
  modules: number;
  done: number;
  enrolled: boolean;
  certificate: string | null;
  audience: CourseAudience;
  subject_name: string | null;
  /** The final test is a builder SOR/SOCh (`test_doc`, read by loadTestDoc). */
  has_content: boolean;
  /** The SOR/SOCh the builder test was copied from (whose use hides its keys, issue 28). */
  test_draft_id: string | null;
  test_key: string | null;
  test_size: number | null;
  /** Minimum study time before the final test, minutes (issue 28). */
  min_minutes: number;
  /** When the caller first opened a module of the course (the study time counts from it). */
  first_opened_at: Date | null;
}

const COLUMNS = (locale: Locale) => `
  c.id, c.kind, c.title_${l(locale)} AS title, c.description_${l(locale)} AS description,
  c.hours, c.pass_percent, c.questions,
  (SELECT count(*)::int FROM course_modules m WHERE m.course_id = c.id) AS modules,
  (SELECT count(*)::int FROM course_modules m JOIN course_progress p ON p.module_id = m.id
    WHERE m.course_id = c.id AND p.user_id = $1) AS done,
  EXISTS (SELECT 1 FROM course_enrolments e WHERE e.course_id = c.id AND e.user_id = $1) AS enrolled,
  (SELECT code FROM course_certificates k WHERE k.course_id = c.id AND k.user_id = $1) AS certificate,
  c.audience, (SELECT s.name_${l(locale)} FROM subjects s WHERE s.code = c.subject) AS subject_name,
  c.test_doc IS NOT NULL AS has_content, c.test_size, c.test_draft_id, c.min_minutes,
  (SELECT min(w.opened_at) FROM course_module_work w JOIN course_modules m ON m.id = w.module_id
    WHERE m.course_id = c.id AND w.user_id = $1) AS first_opened_at,
  CASE WHEN c.test_doc IS NOT NULL THEN c.test_draft_id || '@' || c.test_version
       WHEN jsonb_array_length(c.questions) > 0 THEN 'questions' END AS test_key`;

export function listCourses(
  q: Queryable,
  userId: number,
  kind: CourseKind,
  locale: Locale,
): Promise<CourseRow[]> {
  return q.query<CourseRow>(
    `SELECT ${COLUMNS(locale)} FROM courses c WHERE c.published AND c.kind = $2 ORDER BY c.id`,
    [userId, kind],
  );
}

export async function loadCourse(
  q: Queryable,
  userId: number,
  courseId: number,
  locale: Locale,
): Promise<CourseRow | null> {
  const rows = await q.query<CourseRow>(
    `SELECT ${COLUMNS(locale)} FROM courses c WHERE c.published AND c.id = $2`,
    [userId, courseId],
  );
  return rows[0] ?? null;
}

/** The builder test of a course, as chosen (with its keys: only the server reads them). */
export async function loadTestDoc(q: Queryable, courseId: number): Promise<unknown> {
  const rows = await q.query<{ doc: unknown }>(
    'SELECT test_doc AS doc FROM courses WHERE id = $1',
    [courseId],
  );
  return rows[0]?.doc ? jsonColumn(rows[0].doc) : null;
}

export interface ModuleRow {
  id: number;
  position: number;
  title: string;
  draft_id: string;
  item_type: string;
  item_title: string;
  done: boolean;
  opened: boolean;
}

export function listModules(
  q: Queryable,
  courseId: number,
  userId: number,
  locale: Locale,
): Promise<ModuleRow[]> {
  return q.query<ModuleRow>(
    `SELECT m.id, m.position, m.title_${l(locale)} AS title, m.draft_id,
            i.type AS item_type, i.title AS item_title,
            EXISTS (SELECT 1 FROM course_progress p WHERE p.module_id = m.id AND p.user_id = $2) AS done,
            EXISTS (SELECT 1 FROM course_module_work w WHERE w.module_id = m.id AND w.user_id = $2) AS opened
       FROM course_modules m JOIN catalogue_items i ON i.draft_id = m.draft_id
      WHERE m.course_id = $1 ORDER BY m.position`,
    [courseId, userId],
  );
}

export async function moduleBelongs(
  q: Queryable,
  courseId: number,
  moduleId: number,
): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM course_modules WHERE id = $1 AND course_id = $2', [
    moduleId,
    courseId,
  ]);
  return rows.length > 0;
}

/** True when the enrolment is new. */
export async function insertEnrolment(
  q: Queryable,
  courseId: number,
  userId: number,
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO course_enrolments (course_id, user_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING course_id`,
    [courseId, userId],
  );
  return rows.length > 0;
}

export async function saveProgress(
  q: Queryable,
  moduleId: number,
  userId: number,
  done: boolean,
): Promise<void> {
  if (done)
    await q.query(
      'INSERT INTO course_progress (module_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [moduleId, userId],
    );
  else
    await q.query('DELETE FROM course_progress WHERE module_id = $1 AND user_id = $2', [
      moduleId,
      userId,
    ]);
}

export interface AttemptRow {
  correct: number;
  total: number;
  percent: number;
  passed: boolean;
  answered_at: Date;
  /** The test answered (null for attempts before migration 2770) and its review (jsonb). */
  test_key: string | null;
  review: unknown;
}

const ATTEMPT_COLUMNS = 'correct, total, percent, passed, answered_at, test_key, review';

export async function lastAttempt(
  q: Queryable,
  courseId: number,
  userId: number,
): Promise<AttemptRow | null> {
  const rows = await q.query<AttemptRow>(
    `SELECT ${ATTEMPT_COLUMNS} FROM course_attempts
      WHERE course_id = $1 AND user_id = $2 ORDER BY answered_at DESC, id DESC LIMIT 1`,
    [courseId, userId],
  );
  return rows[0] ?? null;
}

export async function insertAttempt(
  q: Queryable,
  row: {
    courseId: number;
    userId: number;
    correct: number;
    total: number;
    percent: number;
    passed: boolean;
    testKey: string;
    review: unknown;
  },
): Promise<AttemptRow> {
  const rows = await q.query<AttemptRow>(
    `INSERT INTO course_attempts
       (course_id, user_id, correct, total, percent, passed, test_key, review)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${ATTEMPT_COLUMNS}`,
    [
      row.courseId,
      row.userId,
      row.correct,
      row.total,
      row.percent,
      row.passed,
      row.testKey,
      JSON.stringify(row.review),
    ],
  );
  return rows[0]!;
}

export interface CertificateRow {
  code: string;
  course_id: number;
  user_id: number;
  holder: string;
  percent: number;
  issued_at: Date;
  course_title: string;
  hours: number;
}

const CERTIFICATE_COLUMNS = (locale: Locale) => `
  k.code, k.course_id, k.user_id, k.holder, k.percent,
  k.issued_at,
  c.title_${l(locale)} AS course_title, c.hours`;

export async function loadCertificate(
  q: Queryable,
  courseId: number,
  userId: number,
  locale: Locale,
): Promise<CertificateRow | null> {
  const rows = await q.query<CertificateRow>(
    `SELECT ${CERTIFICATE_COLUMNS(locale)} FROM course_certificates k
       JOIN courses c ON c.id = k.course_id WHERE k.course_id = $1 AND k.user_id = $2`,
    [courseId, userId],
  );
  return rows[0] ?? null;
}

export async function findCertificate(
  q: Queryable,
  code: string,
  locale: Locale,
): Promise<CertificateRow | null> {
  const rows = await q.query<CertificateRow>(
    `SELECT ${CERTIFICATE_COLUMNS(locale)} FROM course_certificates k
       JOIN courses c ON c.id = k.course_id WHERE k.code = $1`,
    [code],
  );
  return rows[0] ?? null;
}

/** Issues the learner's certificate once (a later pass keeps the first). */
export async function issueCertificate(
  q: Queryable,
  row: { code: string; courseId: number; userId: number; percent: number },
): Promise<void> {
  await q.query(
    `INSERT INTO course_certificates (code, course_id, user_id, holder, percent)
     SELECT $1, $2, u.id, trim(u.surname || ' ' || u.firstname || coalesce(' ' || u.lastname, '')), $4
       FROM users u WHERE u.id = $3
     ON CONFLICT (course_id, user_id) DO NOTHING`,
    [row.code, row.courseId, row.userId, row.percent],
  );
}

/** A live personal subscription (spec §6: it hides correction work from students). */
export async function hasPersonalSubscription(q: Queryable, userId: number): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM subscriptions WHERE user_id = $1 AND type = 'personal' AND NOT locked
        AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())`,
    [userId],
  );
  return rows.length > 0;
}

export interface PupilRow {
  id: number;
  name: string;
  group_name: string;
  done: number[];
}

/** The pupils of the groups the teacher leads (group_personnel), with the modules they did. */
export function listPupilProgress(
  q: Queryable,
  courseId: number,
  teacherId: number,
): Promise<PupilRow[]> {
  return q.query<PupilRow>(
    `SELECT u.id, trim(u.surname || ' ' || u.firstname) AS name,
            g.parallel || g.letter AS group_name,
            coalesce((SELECT array_agg(p.module_id ORDER BY m.position)
                        FROM course_progress p JOIN course_modules m ON m.id = p.module_id
                       WHERE p.user_id = u.id AND m.course_id = $1), '{}') AS done
       FROM group_personnel gp
       JOIN groups g ON g.id = gp.group_id AND NOT g.archived
       JOIN users u ON u.group_id = g.id AND u.role = 'student'
      WHERE gp.user_id = $2
      ORDER BY g.parallel, g.letter, u.surname, u.firstname, u.id`,
    [courseId, teacherId],
  );
}

export interface ModuleWorkRow {
  id: number;
  position: number;
  title: string;
  draft_id: string;
  item_type: string;
  item_title: string;
  doc: unknown;
  done: boolean;
  percent: number | null;
  opened_at: Date | null;
}

/** A module of the course with its catalogue item's snapshot and the learner's work on it. */
export async function loadModuleWork(
  q: Queryable,
  courseId: number,
  moduleId: number,
  userId: number,
  locale: Locale,
): Promise<ModuleWorkRow | null> {
  const rows = await q.query<ModuleWorkRow>(
    `SELECT m.id, m.position, m.title_${l(locale)} AS title, m.draft_id,
            i.type AS item_type, i.title AS item_title, i.doc,
            EXISTS (SELECT 1 FROM course_progress p WHERE p.module_id = m.id AND p.user_id = $3) AS done,
            w.percent, w.opened_at
       FROM course_modules m JOIN catalogue_items i ON i.draft_id = m.draft_id
       LEFT JOIN course_module_work w ON w.module_id = m.id AND w.user_id = $3
      WHERE m.id = $2 AND m.course_id = $1`,
    [courseId, moduleId, userId],
  );
  return rows[0] ?? null;
}

/** The learner opened the module (the first opening is kept: the study time counts from it). */
export async function recordOpening(q: Queryable, moduleId: number, userId: number): Promise<void> {
  await q.query(
    `INSERT INTO course_module_work (module_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [moduleId, userId],
  );
}

/** A result of the module's checks: the best percent kept, the time of the first pass. */
export async function recordCheck(
  q: Queryable,
  moduleId: number,
  userId: number,
  percent: number,
  passed: boolean,
): Promise<void> {
  await q.query(
    `UPDATE course_module_work
        SET percent = greatest(coalesce(percent, 0), $3),
            passed_at = CASE WHEN $4 THEN coalesce(passed_at, now()) ELSE passed_at END
      WHERE module_id = $1 AND user_id = $2`,
    [moduleId, userId, percent, passed],
  );
}
