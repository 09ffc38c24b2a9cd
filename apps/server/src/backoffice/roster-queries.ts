import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';

/** All SQL of the pupils' roster (contingent). Every read is bound to the caller's school. */

export interface RosterPupilRow {
  id: number;
  iin: string | null;
  surname: string;
  firstname: string;
  lastname: string | null;
  /** DD.MM.YYYY. */
  birth_date: string | null;
  class_name: string | null;
  lang: string | null;
  archived_at: string | null;
}

/**
 * The school's pupils: those in its active classes, or (`archive`) those removed to the archive
 * within [from, to] (any time when no dates), with the class they left.
 */
export async function listRoster(
  q: Queryable,
  schoolId: number,
  locale: Locale,
  archive: boolean,
  from: string | null = null,
  to: string | null = null,
): Promise<RosterPupilRow[]> {
  const lang = locale === 'ru' ? 'e.name_ru' : 'e.name_kz';
  const groupOf = archive ? 'u.archived_group_id' : 'u.group_id';
  const which = archive
    ? `u.archived_at IS NOT NULL AND u.group_id IS NULL
       AND ($2::date IS NULL OR u.archived_at >= $2::date)
       AND ($3::date IS NULL OR u.archived_at < $3::date + 1)`
    : `u.archived_at IS NULL AND NOT g.archived AND $2::date IS NULL AND $3::date IS NULL`;
  return q.query<RosterPupilRow>(
    `SELECT u.id, u.iin, u.surname, u.firstname, u.lastname,
            to_char(u.born_date, 'DD.MM.YYYY') AS birth_date,
            g.parallel || g.letter AS class_name, ${lang} AS lang,
            to_char(u.archived_at AT TIME ZONE 'UTC', 'DD.MM.YYYY') AS archived_at
       FROM users u
       JOIN groups g ON g.id = ${groupOf} AND g.school_id = $1
       JOIN edu_langs e ON e.id = g.edu_lang_id
      WHERE u.role = 'student' AND u.school_id = $1 AND ${which}
      ORDER BY g.parallel, g.letter, u.surname, u.firstname, u.id`,
    [schoolId, from, to],
  );
}

export interface RosterClassRow {
  id: number;
  parallel: number;
  letter: string;
  edu_lang_id: number;
}

/** The school's active classes. */
export async function rosterClasses(q: Queryable, schoolId: number): Promise<RosterClassRow[]> {
  return q.query<RosterClassRow>(
    'SELECT id, parallel, letter, edu_lang_id FROM groups WHERE school_id = $1 AND NOT archived',
    [schoolId],
  );
}

export async function rosterLangs(
  q: Queryable,
): Promise<{ id: number; code: string; name_kz: string; name_ru: string }[]> {
  return q.query('SELECT id, code, name_kz, name_ru FROM edu_langs');
}

export interface IinHolderRow {
  id: number;
  iin: string;
  role: string;
  school_id: number | null;
  group_id: number | null;
  archived_at: string | null;
}

/** Every account holding one of the IINs (any school: the import decides what it may touch). */
export async function holdersOf(q: Queryable, iins: readonly string[]): Promise<IinHolderRow[]> {
  return q.query<IinHolderRow>(
    `SELECT id, iin, role, school_id, group_id, archived_at::text AS archived_at
       FROM users WHERE iin = ANY($1::text[])`,
    [iins],
  );
}

/** Pupils to their new classes in one statement; they leave the old classes' subgroups. */
export async function moveToClasses(
  q: Queryable,
  schoolId: number,
  moves: readonly { id: number; groupId: number }[],
): Promise<void> {
  if (moves.length === 0) return;
  const ids = moves.map((m) => m.id);
  const groups = moves.map((m) => m.groupId);
  await q.query(
    `DELETE FROM subgroup_members m USING subgroups sg, unnest($1::int[], $2::int[]) v(id, g)
      WHERE sg.id = m.subgroup_id AND m.user_id = v.id AND sg.group_id <> v.g`,
    [ids, groups],
  );
  await q.query(
    `UPDATE users u SET group_id = v.g, school_id = $3, archived_at = NULL, archived_group_id = NULL
       FROM unnest($1::int[], $2::int[]) v(id, g) WHERE u.id = v.id`,
    [ids, groups, schoolId],
  );
}

export interface NewPupil {
  iin: string;
  surname: string;
  firstname: string;
  lastname: string | null;
  birthDate: string | null;
  gender: 'm' | 'w';
  groupId: number;
  /** Null: hashed after the import (roster-commands.ts `runRosterPasswords`); no sign-in until then. */
  passwordHash: string | null;
  chatToken: string;
}

/** New pupil accounts in one statement (default password, changed at first sign-in). */
export async function insertPupils(
  q: Queryable,
  schoolId: number,
  area: { region_id: number | null; department_id: number | null },
  pupils: readonly NewPupil[],
): Promise<void> {
  if (pupils.length === 0) return;
  const col = <K extends keyof NewPupil>(k: K) => pupils.map((p) => p[k]);
  await q.query(
    `INSERT INTO users (iin, password_hash, default_pass, role, firstname, surname, lastname, gender,
                        born_date, school_id, group_id, region_id, department_id, chat_token)
     SELECT v.iin, v.hash, true, 'student', v.firstname, v.surname, v.lastname, v.gender,
            v.born::date, $8, v.g, $9, $10, v.chat
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                   $7::text[], $11::int[], $12::text[])
            AS v(iin, hash, firstname, surname, lastname, gender, born, g, chat)`,
    [
      col('iin'),
      col('passwordHash'),
      col('firstname'),
      col('surname'),
      col('lastname'),
      col('gender'),
      col('birthDate'),
      schoolId,
      area.region_id,
      area.department_id,
      col('groupId'),
      col('chatToken'),
    ],
  );
}

/** A period of the school (or the current one), with its dates. */
export async function findPeriod(
  q: Queryable,
  schoolId: number,
  periodId: number | null,
  locale: Locale,
): Promise<{ id: number; name: string; start: string; end: string } | undefined> {
  const rows = await q.query<{ id: number; name: string; start: string; end: string }>(
    `SELECT id, ${locale === 'ru' ? 'name_ru' : 'name_kz'} AS name,
            start_date::text AS start, end_date::text AS "end"
       FROM periods
      WHERE (school_id = $1 OR school_id IS NULL) AND ($2::int IS NULL AND is_current OR id = $2)
      ORDER BY school_id NULLS LAST LIMIT 1`,
    [schoolId, periodId],
  );
  return rows[0];
}
