import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { jsonColumn } from '../db/db';
import type { ActiveClass, YearPlan } from './year-plan';

/** All SQL of the year transition; every statement names the school. */

/** The school's active classes with their pupils (active, not archived) counted. */
export async function loadActiveClasses(q: Queryable, schoolId: number): Promise<ActiveClass[]> {
  return q.query<ActiveClass>(
    `SELECT g.id, g.parallel, g.letter, g.edu_lang_id,
            (SELECT count(*)::int FROM users u WHERE u.group_id = g.id AND u.role = 'student') AS pupils
       FROM groups g WHERE g.school_id = $1 AND NOT g.archived
      ORDER BY g.parallel DESC, g.letter`,
    [schoolId],
  );
}

export async function loadLangs(
  q: Queryable,
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return q.query(`SELECT id, ${name} AS name FROM edu_langs ORDER BY id`);
}

export interface YearState {
  /** The school's current year (the current quarter's), null without a calendar. */
  current: string | null;
  /** First day of the current year. */
  begins: string | null;
  /** When this year was moved on from, if it was. */
  doneFrom: string | null;
  /** When the transition into this year ran, if it did. */
  doneInto: string | null;
}

export async function loadYearState(q: Queryable, schoolId: number): Promise<YearState> {
  const rows = await q.query<{ current: string; begins: string }>(
    `SELECT school_year AS current, to_char(min(start_date), 'YYYY-MM-DD') AS begins
       FROM periods WHERE school_id = $1 GROUP BY school_year
      ORDER BY bool_or(is_current) DESC, max(end_date) DESC LIMIT 1`,
    [schoolId],
  );
  const current = rows[0]?.current ?? null;
  const done = await q.query<{ from_year: string; to_year: string; at: string }>(
    `SELECT from_year, to_year, to_char(done_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at
       FROM year_transitions WHERE school_id = $1 AND (from_year = $2 OR to_year = $2)`,
    [schoolId, current],
  );
  return {
    current,
    begins: rows[0]?.begins ?? null,
    doneFrom: done.find((d) => d.from_year === current)?.at ?? null,
    doneInto: done.find((d) => d.to_year === current)?.at ?? null,
  };
}

export type QuarterDates = { quarter: number; start: string; end: string };

export async function loadQuarters(
  q: Queryable,
  schoolId: number,
  year: string,
): Promise<QuarterDates[]> {
  return q.query<QuarterDates>(
    `SELECT quarter, to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end
       FROM periods WHERE school_id = $1 AND school_year = $2 ORDER BY quarter`,
    [schoolId, year],
  );
}

/** What a past transition of the school did (its summary), by the year it moved on from. */
export async function loadTransitionSummary(
  q: Queryable,
  schoolId: number,
  fromYear: string,
): Promise<unknown> {
  const rows = await q.query<{ summary: unknown }>(
    'SELECT summary FROM year_transitions WHERE school_id = $1 AND from_year = $2',
    [schoolId, fromYear],
  );
  return rows[0] ? jsonColumn(rows[0].summary) : null;
}

/** Holds the school's row until the transaction ends: two transitions of one school queue up. */
export async function lockSchool(q: Queryable, schoolId: number): Promise<void> {
  await q.query('SELECT id FROM schools WHERE id = $1 FOR UPDATE', [schoolId]);
}

/**
 * The graduating classes go to the archive with their pupils as leavers: the pupils keep their
 * marks and answers (users.archived_group_id), their accounts are locked as any archived pupil's.
 * Returns the leavers' ids.
 */
export async function graduate(
  q: Queryable,
  schoolId: number,
  groupIds: number[],
  year: string,
): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const leavers = await q.query<{ id: number }>(
    `UPDATE users SET archived_group_id = group_id, group_id = NULL, archived_at = now()
      WHERE role = 'student' AND school_id = $1 AND group_id = ANY($2::int[]) RETURNING id`,
    [schoolId, groupIds],
  );
  await q.query(
    `UPDATE groups SET archived = true, archived_at = now(), archived_year = $3
      WHERE school_id = $1 AND id = ANY($2::int[])`,
    [schoolId, groupIds, year],
  );
  return leavers.map((l) => l.id);
}

/** The leavers who have a live session (those sessions end with the archive). */
export async function withSessions(q: Queryable, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await q.query<{ user_id: number }>(
    `SELECT DISTINCT user_id FROM sessions WHERE user_id = ANY($1::int[]) AND revoked_at IS NULL`,
    [userIds],
  );
  return rows.map((r) => r.user_id);
}

/**
 * Every class of the plan moves up one parallel, the top parallel first: the active classes'
 * names are unique (migration 1900) and each statement leaves them so.
 */
export async function moveUp(q: Queryable, schoolId: number, plan: YearPlan): Promise<void> {
  const parallels = [...new Set(plan.moves.map((m) => m.parallel))].sort((a, b) => b - a);
  for (const parallel of parallels) {
    const ids = plan.moves.filter((m) => m.parallel === parallel).map((m) => m.groupId);
    await q.query(
      `UPDATE groups SET parallel = parallel + 1
        WHERE school_id = $1 AND NOT archived AND id = ANY($2::int[])`,
      [schoolId, ids],
    );
  }
}

export async function openFirstClasses(
  q: Queryable,
  schoolId: number,
  opens: YearPlan['opens'],
): Promise<{ groupId: number; name: string }[]> {
  if (opens.length === 0) return [];
  const rows = await q.query<{ id: number; letter: string }>(
    `INSERT INTO groups (school_id, parallel, letter, edu_lang_id)
     SELECT $1, 1, x.letter, x.lang FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS x(letter, lang, n)
      ORDER BY x.n RETURNING id, letter`,
    [schoolId, opens.map((o) => o.letter), opens.map((o) => o.eduLangId)],
  );
  return rows.map((r) => ({ groupId: r.id, name: `1${r.letter}` }));
}

const ROMAN = ['I', 'II', 'III', 'IV'];

/** Writes the new year's missing quarters and makes its first quarter the current one. */
export async function openYear(
  q: Queryable,
  schoolId: number,
  year: string,
  quarters: { quarter: number; start: string; end: string; exists: boolean }[],
): Promise<number> {
  const missing = quarters.filter((p) => !p.exists);
  if (missing.length > 0)
    await q.query(
      `INSERT INTO periods (school_id, school_year, quarter, name_kz, name_ru, start_date, end_date)
       SELECT $1, $2, x.quarter, x.roman || ' тоқсан', x.roman || ' четверть', x.start, x.end_date
         FROM unnest($3::int[], $4::text[], $5::date[], $6::date[]) AS x(quarter, roman, start, end_date)`,
      [
        schoolId,
        year,
        missing.map((p) => p.quarter),
        missing.map((p) => ROMAN[p.quarter - 1] ?? String(p.quarter)),
        missing.map((p) => p.start),
        missing.map((p) => p.end),
      ],
    );
  const first = Math.min(...quarters.map((p) => p.quarter));
  await q.query(
    'UPDATE periods SET is_current = (school_year = $2 AND quarter = $3) WHERE school_id = $1',
    [schoolId, year, first],
  );
  return missing.length;
}

export async function recordTransition(
  q: Queryable,
  row: { schoolId: number; fromYear: string; toYear: string; jobId: number; summary: unknown },
): Promise<void> {
  await q.query(
    `INSERT INTO year_transitions (school_id, from_year, to_year, job_id, summary)
     VALUES ($1, $2, $3, $4, $5::jsonb)`,
    [row.schoolId, row.fromYear, row.toYear, row.jobId, JSON.stringify(row.summary)],
  );
}
