import type { Queryable } from '../db/db';
import { makeIin } from '../core/seed-data';

/** Last year's leavers of the demo school: an archived 11А with its pupils (no sign-in). */
const LEAVERS: readonly [firstname: string, surname: string, gender: 'm' | 'w'][] = [
  ['Ерасыл', 'Әбдірахманов', 'm'],
  ['Томирис', 'Жұмабекова', 'w'],
  ['Нұрлан', 'Сейітқали', 'm'],
  ['Айгерім', 'Тоқтарова', 'w'],
];

/**
 * Seeds the demo archive (issue 13): the school's 11А of the last school year, archived on the
 * 31st of May before `now`, with its pupils, so the archive screens show a real class. The
 * active 11А keeps its name (archived classes hold no name: migration 1900).
 */
export async function seedArchivedClass(q: Queryable, schoolId: number, now: Date): Promise<void> {
  const year = now.getUTCMonth() >= 5 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const archivedAt = `${year}-05-31T12:00:00Z`;
  const lang = await q.query<{ id: number }>("SELECT id FROM edu_langs WHERE code = 'kz'");
  const fallback = await q.query<{ id: number }>('SELECT id FROM edu_langs ORDER BY id LIMIT 1');
  const langId = lang[0]?.id ?? fallback[0]?.id;
  if (langId === undefined) return;
  const rows = await q.query<{ id: number }>(
    `INSERT INTO groups (school_id, parallel, letter, edu_lang_id, archived, archived_at, archived_year)
     VALUES ($1, 11, 'А', $2, true, $3, $4) RETURNING id`,
    [schoolId, langId, archivedAt, `${year - 1}-${year}`],
  );
  const groupId = rows[0]?.id;
  if (groupId === undefined) return;
  for (const [i, [firstname, surname, gender]] of LEAVERS.entries()) {
    const born = `${year - 17}-0${(i % 9) + 1}-1${i}`;
    await q.query(
      `INSERT INTO users (iin, role, firstname, surname, gender, born_date, school_id, group_id)
       VALUES ($1, 'student', $2, $3, $4, $5, $6, $7)`,
      [makeIin(born, gender, 4000 + i), firstname, surname, gender, born, schoolId, groupId],
    );
  }
  await seedLastYearJournal(q, schoolId, groupId, `${year - 1}-${year}`);
}

/**
 * Last year's journal of the archived 11А (issue 13 "archive"): the school's quarters of that
 * year (this year's dates a year earlier), the 11А's fourth-quarter timetable as this year's 11А
 * has it, its dated lessons and marks — so the archive's read-only journal shows a real year.
 */
async function seedLastYearJournal(
  q: Queryable,
  schoolId: number,
  groupId: number,
  lastYear: string,
): Promise<void> {
  await q.query(
    `INSERT INTO periods (school_id, school_year, quarter, name_kz, name_ru, start_date, end_date)
     SELECT school_id, $2, quarter, name_kz, name_ru, (start_date - interval '1 year')::date,
            (end_date - interval '1 year')::date
       FROM periods p WHERE school_id = $1 AND school_year = (
         SELECT school_year FROM periods WHERE school_id = $1 AND school_year <> $2
          GROUP BY school_year ORDER BY bool_or(is_current) DESC, max(end_date) DESC LIMIT 1)
        AND NOT EXISTS (SELECT 1 FROM periods o WHERE o.school_id = $1 AND o.school_year = $2)`,
    [schoolId, lastYear],
  );
  const fourth = await q.query<{ id: number; start: string; end: string }>(
    `SELECT id, to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end
       FROM periods WHERE school_id = $1 AND school_year = $2 ORDER BY quarter DESC LIMIT 1`,
    [schoolId, lastYear],
  );
  const period = fourth[0];
  if (!period) return;
  await q.query(
    `INSERT INTO timetable_slots (group_id, period_id, weekday, lesson_no, shift, subject_id, teacher_id)
     SELECT DISTINCT $1::int, $2::int, t.weekday, t.lesson_no, t.shift, t.subject_id, t.teacher_id
       FROM timetable_slots t JOIN groups g ON g.id = t.group_id
      WHERE g.school_id = $3 AND g.parallel = 11 AND g.letter = 'А' AND NOT g.archived
        AND t.subgroup_id IS NULL
        AND t.period_id = (SELECT min(t2.period_id) FROM timetable_slots t2 WHERE t2.group_id = g.id)`,
    [groupId, period.id, schoolId],
  );
  await q.query(
    `INSERT INTO lessons (slot_id, lesson_date)
     SELECT t.id, d::date FROM timetable_slots t
       CROSS JOIN generate_series($2::date, $3::date, interval '1 day') AS d
      WHERE t.group_id = $1 AND extract(isodow FROM d) = t.weekday
     ON CONFLICT (slot_id, lesson_date) DO NOTHING`,
    [groupId, period.start, period.end],
  );
  // Marks on most lessons, absences now and then: a deterministic pattern, not a lottery.
  await q.query(
    `INSERT INTO journal_marks (lesson_id, student_id, mark, absent)
     SELECT l.id, u.id,
            CASE WHEN (l.id + u.id) % 9 = 0 THEN NULL ELSE 5 + (l.id * 7 + u.id * 3) % 6 END,
            (l.id + u.id) % 9 = 0
       FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id
       JOIN users u ON u.group_id = t.group_id AND u.role = 'student'
      WHERE t.group_id = $1 AND (l.id + u.id) % 3 <> 1`,
    [groupId],
  );
}
