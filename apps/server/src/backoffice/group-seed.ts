import type { Queryable } from '../db/db';
import { makeIin } from '../db/seed-data';

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
    `INSERT INTO groups (school_id, parallel, letter, edu_lang_id, archived, archived_at)
     VALUES ($1, 11, 'А', $2, true, $3) RETURNING id`,
    [schoolId, langId, archivedAt],
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
}
