import type { Locale } from '@sabaq/platform';
import { audit as recordAudit } from '../auth/audit';
import type { Queryable } from '../db/db';
import type { StaffTarget } from './personnel-access';

/**
 * All SQL of backoffice personnel. Every read is bound to the caller's school; snake_case rows
 * stay here and in personnel-present.ts.
 */
export interface StaffRow extends StaffTarget {
  iin: string | null;
  surname: string;
  firstname: string;
  lastname: string | null;
  position: string | null;
  phone: string | null;
  email: string | null;
  default_pass: boolean;
  subjects: { id: number; name: string }[];
  classes: { id: number; name: string }[];
}

const STAFF_ROLES_SQL = `('teacher', 'zavuch', 'director')`;

function staffSelect(locale: Locale): string {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  // Subjects: declared ones and those the person teaches in the school year now running.
  // Classes: those they lead and those they teach in that year.
  return `
  SELECT u.id, u.school_id, u.role, u.subrole, u.iin, u.surname, u.firstname, u.lastname,
         ${locale === 'ru' ? 'coalesce(u.position_ru, u.position)' : 'u.position'} AS position,
         u.phone, u.email, u.default_pass,
         to_char(u.dismissed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS dismissed_at,
         coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.${name}) ORDER BY s.${name})
                     FROM subjects s
                    WHERE s.id IN (SELECT subject_id FROM personnel_subjects WHERE user_id = u.id
                                   UNION SELECT t.subject_id FROM timetable_slots t
                                          JOIN periods p ON p.id = t.period_id
                                         WHERE t.teacher_id = u.id AND p.school_id = u.school_id
                                           AND p.school_year = (SELECT school_year FROM year))),
                  '[]'::json) AS subjects,
         coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.parallel::text || g.letter)
                                   ORDER BY g.parallel, g.letter)
                     FROM groups g
                    WHERE g.school_id = u.school_id AND NOT g.archived
                      AND g.id IN (SELECT group_id FROM group_personnel WHERE user_id = u.id
                                   UNION SELECT t.group_id FROM timetable_slots t
                                          JOIN periods p ON p.id = t.period_id
                                         WHERE t.teacher_id = u.id AND p.school_id = u.school_id
                                           AND p.school_year = (SELECT school_year FROM year))),
                  '[]'::json) AS classes
    FROM users u`;
}

/** The school year now running for the school (as periods.ts `currentSchoolYear`). */
const YEAR = `WITH year AS (
  SELECT school_year FROM periods WHERE school_id = $1 GROUP BY school_year
   ORDER BY bool_or(is_current) DESC, max(end_date) DESC LIMIT 1)`;

export async function listStaff(
  q: Queryable,
  schoolId: number,
  locale: Locale,
  withDismissed: boolean,
): Promise<StaffRow[]> {
  return q.query<StaffRow>(
    `${YEAR} ${staffSelect(locale)}
      WHERE u.school_id = $1 AND u.role IN ${STAFF_ROLES_SQL}
        ${withDismissed ? '' : 'AND u.dismissed_at IS NULL'}
      ORDER BY u.dismissed_at IS NOT NULL, u.surname, u.firstname, u.id`,
    [schoolId],
  );
}

/** One employee of the school, or null (another school's id is simply not found). */
export async function findStaff(
  q: Queryable,
  schoolId: number,
  userId: number,
  locale: Locale,
): Promise<StaffRow | null> {
  const rows = await q.query<StaffRow>(
    `${YEAR} ${staffSelect(locale)}
      WHERE u.school_id = $1 AND u.id = $2 AND u.role IN ${STAFF_ROLES_SQL}`,
    [schoolId, userId],
  );
  return rows[0] ?? null;
}

/** Who holds an IIN or an e-mail (any school, any role): for the uniqueness checks. */
export async function findHolders(
  q: Queryable,
  iins: string[],
  emails: string[],
): Promise<
  {
    id: number;
    iin: string | null;
    email: string | null;
    school_id: number | null;
    role: string;
    subrole: string | null;
    dismissed_at: string | null;
  }[]
> {
  return q.query(
    `SELECT id, iin, lower(email) AS email, school_id, role, subrole, dismissed_at::text AS dismissed_at
       FROM users WHERE iin = ANY($1::text[]) OR lower(email) = ANY($2::text[])`,
    [iins, emails.map((e) => e.toLowerCase())],
  );
}

export async function subjectNames(
  q: Queryable,
): Promise<{ id: number; code: string; name_kz: string; name_ru: string }[]> {
  return q.query('SELECT id, code, name_kz, name_ru FROM subjects ORDER BY id');
}

export interface StaffWrite {
  surname: string;
  firstname: string;
  lastname: string | null;
  role: string;
  subrole: string | null;
  position: string | null;
  phone: string | null;
  email: string | null;
  subjectIds: number[];
}

async function setSubjects(q: Queryable, userId: number, subjectIds: number[]): Promise<void> {
  await q.query('DELETE FROM personnel_subjects WHERE user_id = $1', [userId]);
  if (subjectIds.length > 0)
    await q.query(
      `INSERT INTO personnel_subjects (user_id, subject_id)
       SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [userId, subjectIds],
    );
}

export async function insertStaff(
  q: Queryable,
  schoolId: number,
  iin: string,
  w: StaffWrite,
  passwordHash: string,
  gender: 'm' | 'w',
  bornDate: string | null,
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO users (iin, email, password_hash, default_pass, role, subrole, position, firstname,
                        surname, lastname, gender, born_date, phone, school_id)
     VALUES ($1, $2, $3, true, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      iin,
      w.email,
      passwordHash,
      w.role,
      w.subrole,
      w.position,
      w.firstname,
      w.surname,
      w.lastname,
      gender,
      bornDate,
      w.phone,
      schoolId,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert users returned no id');
  await setSubjects(q, id, w.subjectIds);
  return id;
}

export async function updateStaff(
  q: Queryable,
  schoolId: number,
  userId: number,
  w: StaffWrite,
): Promise<void> {
  // The position comes back as the screen showed it (the Russian title on a Russian screen):
  // either stored title unchanged keeps both; a new text replaces the title and drops the
  // Russian one.
  await q.query(
    `UPDATE users SET surname = $3, firstname = $4, lastname = $5, role = $6, subrole = $7,
            position = CASE WHEN $8::text IS NOT DISTINCT FROM position_ru THEN position ELSE $8::text END,
            position_ru = CASE WHEN $8::text IS NOT DISTINCT FROM position_ru
                                 OR $8::text IS NOT DISTINCT FROM position THEN position_ru END,
            phone = $9, email = $10
      WHERE id = $2 AND school_id = $1`,
    [
      schoolId,
      userId,
      w.surname,
      w.firstname,
      w.lastname,
      w.role,
      w.subrole,
      w.position,
      w.phone,
      w.email,
    ],
  );
  await setSubjects(q, userId, w.subjectIds);
}

/** Locks the account (dismissed_at) and takes the person off the classes they lead. */
export async function markDismissed(q: Queryable, schoolId: number, userId: number): Promise<void> {
  await q.query(
    'UPDATE users SET dismissed_at = now() WHERE id = $2 AND school_id = $1 AND dismissed_at IS NULL',
    [schoolId, userId],
  );
  await q.query('DELETE FROM group_personnel WHERE user_id = $1', [userId]);
}

export async function setDefaultPassword(
  q: Queryable,
  schoolId: number,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await q.query(
    'UPDATE users SET password_hash = $3, default_pass = true WHERE id = $2 AND school_id = $1',
    [schoolId, userId, passwordHash],
  );
}

export async function audit(
  q: Queryable,
  actorId: number,
  action: string,
  targetId: number,
  meta: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(q, { actorId, action, targetUserId: targetId, meta });
}
