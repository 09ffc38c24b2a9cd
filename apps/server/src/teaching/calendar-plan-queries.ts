import type { Draft } from '@sabaq/engine';
import type { Attempt, Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { attemptColumns, toAttempt } from './content-queries';
import type { AttemptRow } from './content-queries';
import { planSelect } from './calendar-plans';
import type { PlanRow } from './calendar-plans';

/**
 * The SQL of the calendar-plan routes (calendar-plan-routes.ts): linking content, lectures, the
 * pupils' answers. Plans, plan lessons and their dated lessons are read in calendar-plans.ts.
 */

/** A draft as it is linked to a plan lesson. */
export interface LinkedDraftRow {
  id: string;
  type: string;
  status: string;
  owner_id: number;
  school_id: number | null;
  doc: unknown;
}

/** A pupil's answer to a plan lesson's lecture, with who and when. */
export interface LectureAnswer {
  attempt: Attempt;
  scheduleId: number;
  date: string;
  student: { id: number; fullname: string };
}

/** The plans of a group, by subject name and newest school year first. */
export async function listGroupPlans(
  q: Queryable,
  userId: number,
  groupId: number,
  locale: Locale,
): Promise<PlanRow[]> {
  return q.query<PlanRow>(
    `${planSelect(locale)} WHERE cp.group_id = $2 ORDER BY sub.${locale === 'ru' ? 'name_ru' : 'name_kz'}, cp.school_year DESC`,
    [userId, groupId],
  );
}

export async function loadGroupSchool(q: Queryable, groupId: number): Promise<number> {
  const rows = await q.query<{ school_id: number }>('SELECT school_id FROM groups WHERE id = $1', [
    groupId,
  ]);
  return rows[0]!.school_id;
}

/** The language the group is taught in (edu_langs code), if any. */
export async function loadGroupLanguage(
  q: Queryable,
  groupId: number,
): Promise<string | undefined> {
  const rows = await q.query<{ code: string }>(
    'SELECT e.code FROM groups g JOIN edu_langs e ON e.id = g.edu_lang_id WHERE g.id = $1',
    [groupId],
  );
  return rows[0]?.code;
}

/** The documents of drafts that are not deleted. */
export async function listDraftDocuments(
  q: Queryable,
  draftIds: string[],
): Promise<{ id: string; doc: unknown }[]> {
  if (draftIds.length === 0) return [];
  return q.query<{ id: string; doc: unknown }>(
    'SELECT id, doc FROM drafts WHERE id = ANY($1::text[]) AND deleted_at IS NULL',
    [draftIds],
  );
}

export async function loadLinkedDraft(
  q: Queryable,
  draftId: string,
): Promise<LinkedDraftRow | null> {
  const rows = await q.query<LinkedDraftRow>(
    'SELECT id, type, status, owner_id, school_id, doc FROM drafts WHERE id = $1 AND deleted_at IS NULL',
    [draftId],
  );
  return rows[0] ?? null;
}

/** The `locked` flags of the user's subscriptions running now. */
export async function listSubscriptionLocks(q: Queryable, userId: number): Promise<boolean[]> {
  const rows = await q.query<{ locked: boolean }>(
    `SELECT locked FROM subscriptions WHERE user_id = $1 AND starts_at <= now()
         AND (ends_at IS NULL OR ends_at > now())`,
    [userId],
  );
  return rows.map((row) => row.locked);
}

/** The pupils' answers to a draft in some dated lessons, by date and name. */
export async function listLectureAnswers(
  q: Queryable,
  scheduleIds: number[],
  draftId: string,
): Promise<LectureAnswer[]> {
  const rows = await q.query<AttemptRow & { fullname: string; lesson_date: string }>(
    `SELECT ${attemptColumns('a')}, concat_ws(' ', u.surname, u.firstname) AS fullname,
            to_char(l.lesson_date, 'YYYY-MM-DD') AS lesson_date
       FROM attempts a JOIN users u ON u.id = a.user_id JOIN lessons l ON l.id = a.lesson_id
      WHERE a.lesson_id = ANY($1::int[]) AND a.draft_id = $2
      ORDER BY l.lesson_date, u.surname, u.firstname, a.id`,
    [scheduleIds, draftId],
  );
  return rows.map((row) => ({
    attempt: toAttempt(row),
    scheduleId: row.lesson_id,
    date: row.lesson_date,
    student: { id: row.user_id, fullname: row.fullname },
  }));
}

/** An attempt in a dated lesson with the teacher's comment; null when there is none. */
export async function loadAnswer(
  q: Queryable,
  answerId: number,
  lessonId: number,
): Promise<{ attempt: Attempt; comment: string | null } | null> {
  const rows = await q.query<AttemptRow & { comment: string | null }>(
    `SELECT ${attemptColumns('a')}, c.comment FROM attempts a
       LEFT JOIN attempt_comments c ON c.attempt_id = a.id
      WHERE a.id = $1 AND a.lesson_id = $2`,
    [answerId, lessonId],
  );
  const row = rows[0];
  return row ? { attempt: toAttempt(row), comment: row.comment } : null;
}

export async function lockAttempt(q: Queryable, attemptId: number): Promise<void> {
  await q.query('SELECT id FROM attempts WHERE id = $1 FOR UPDATE', [attemptId]);
}

export async function saveAttemptComment(
  q: Queryable,
  attemptId: number,
  comment: string,
  updatedBy: number,
): Promise<void> {
  await q.query(
    `INSERT INTO attempt_comments (attempt_id, comment, updated_by) VALUES ($1, $2, $3)
       ON CONFLICT (attempt_id) DO UPDATE SET comment = $2, updated_by = $3, updated_at = now()`,
    [attemptId, comment, updatedBy],
  );
}

/** Takes a plan lesson's link of a kind off; returns the draft it linked, if any. */
export async function unlinkContent(
  q: Queryable,
  lessonUuid: string,
  kind: string,
): Promise<string | undefined> {
  const rows = await q.query<{ draft_id: string }>(
    'DELETE FROM calendar_plan_content WHERE lesson_uuid = $1::uuid AND kind = $2 RETURNING draft_id',
    [lessonUuid, kind],
  );
  return rows[0]?.draft_id;
}

/** Links a draft to a plan lesson; a concurrent link of the same kind wins last instead of failing. */
export async function linkContent(
  q: Queryable,
  lessonUuid: string,
  kind: string,
  draftId: string,
  linkedBy: number,
): Promise<void> {
  await q.query(
    `INSERT INTO calendar_plan_content (lesson_uuid, kind, draft_id, linked_by) VALUES ($1::uuid, $2, $3, $4)
       ON CONFLICT (lesson_uuid, kind) DO UPDATE SET draft_id = $3, linked_by = $4, linked_at = now()`,
    [lessonUuid, kind, draftId, linkedBy],
  );
}

/**
 * The dated lessons `ids` drop `draftId` (unlinked or replaced in the plan), except those where a
 * pupil already answered it.
 */
export async function dropUnanswered(q: Queryable, ids: number[], draftId: string): Promise<void> {
  if (ids.length === 0) return;
  await q.query(
    `UPDATE lessons l SET content_draft_id = NULL, content_version = NULL
      WHERE l.id = ANY($1::int[]) AND l.content_draft_id = $2
        AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.lesson_id = l.id AND a.draft_id = $2)`,
    [ids, draftId],
  );
}

/**
 * Puts a frozen draft version on the dated lessons `ids` that carry nothing yet (or an older
 * version of it nobody answered).
 */
export async function putOnDatedLessons(
  q: Queryable,
  ids: number[],
  draftId: string,
  version: number,
): Promise<void> {
  await q.query(
    `UPDATE lessons l SET content_draft_id = $2, content_version = $3
        WHERE l.id = ANY($1::int[]) AND (l.content_draft_id IS NULL OR (l.content_draft_id = $2
          AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.lesson_id = l.id AND a.draft_id = $2)))`,
    [ids, draftId, version],
  );
}

/** A new draft of the user (e.g. a plan lesson's lecture); its first state is its initial one. */
export async function insertDraft(
  q: Queryable,
  draft: Draft,
  owner: { userId: number; schoolId: number | null },
): Promise<void> {
  await q.query(
    `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, doc, initial)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [
      draft.id,
      owner.userId,
      owner.schoolId,
      draft.type,
      draft.title,
      draft.lang,
      draft.version,
      JSON.stringify(draft),
    ],
  );
}
