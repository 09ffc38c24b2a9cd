import type { Queryable } from '../db/db';
import { ensureLessons } from './lessons';

/**
 * The demo pupil's diary (issue 20). The demo algebra journal (seed.ts `seedJournal`) marks the
 * class's other pupils and leaves the demo `student`'s row empty for the journal's own tests and
 * tours; this fills the demo pupil's biology instead: marks on the quarter's first lessons (one
 * absence), a SOR with their points, and a checked homework whose grade reached the journal the
 * way a teacher's check puts it there (homework-commands.ts). Cells already there are kept.
 */
export async function seedDiary(tx: Queryable, groupId: number, today: string): Promise<void> {
  const slot = (
    await tx.query<{ subject_id: number; teacher_id: number }>(
      `SELECT s.subject_id, s.teacher_id FROM timetable_slots s JOIN subjects sub ON sub.id = s.subject_id
        WHERE s.group_id = $1 AND sub.code = 'biology' AND s.subgroup_id IS NULL AND s.teacher_id IS NOT NULL
        ORDER BY s.id LIMIT 1`,
      [groupId],
    )
  )[0];
  if (!slot) return;
  const subjectId = slot.subject_id;
  const teacherId = slot.teacher_id;
  const pupil = (
    await tx.query<{ id: number }>(
      "SELECT id FROM users WHERE login = 'student' AND role = 'student' AND group_id = $1",
      [groupId],
    )
  )[0];
  const period = (
    await tx.query<{ id: number; start: string; end: string }>(
      `SELECT id, to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end
         FROM periods WHERE is_current AND school_id = (SELECT school_id FROM groups WHERE id = $1) LIMIT 1`,
      [groupId],
    )
  )[0];
  if (!pupil || !period || today <= period.start) return;
  const until = today < period.end ? dayBefore(today) : period.end;
  await ensureLessons(tx, { groupIds: [groupId], from: period.start, to: until });
  const lessons = await tx.query<{ id: number; date: string }>(
    `SELECT l.id, to_char(l.lesson_date, 'YYYY-MM-DD') AS date FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
      WHERE s.group_id = $1 AND s.subject_id = $2 AND s.subgroup_id IS NULL AND l.lesson_date BETWEEN $3::date AND $4::date
      ORDER BY l.lesson_date, s.lesson_no LIMIT 8`,
    [groupId, subjectId, period.start, until],
  );
  if (lessons.length === 0) return;
  const marks = [8, 9, null, 7, 10, 9, 8, 9];
  for (const [i, lesson] of lessons.entries()) {
    // The second lesson's mark comes from its homework below.
    if (i === 1) continue;
    const mark = i < marks.length ? (marks[i] as number | null) : 8;
    await tx.query(
      `INSERT INTO journal_marks (lesson_id, student_id, mark, absent, updated_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (lesson_id, student_id) DO NOTHING`,
      [lesson.id, pupil.id, mark, mark === null, teacherId],
    );
  }
  const sor = await tx.query<{ id: number }>(
    `INSERT INTO assessments (group_id, subject_id, period_id, kind, title, max_points, assessed_on, created_by)
     VALUES ($1, $2, $3, 'sor', 'Жасуша құрылысы', 15, $4, $5) RETURNING id`,
    [
      groupId,
      subjectId,
      period.id,
      (lessons[Math.min(3, lessons.length - 1)] ?? lessons[0])!.date,
      teacherId,
    ],
  );
  await tx.query(
    'INSERT INTO assessment_marks (assessment_id, student_id, points) VALUES ($1, $2, 12)',
    [sor[0]?.id, pupil.id],
  );
  const hwLesson = lessons[1];
  if (!hwLesson) return;
  const homework = await tx.query<{ id: number }>(
    `INSERT INTO homework (lesson_id, teacher_id, text, files, deadline)
     VALUES ($1, $2, '§5: жасушаның құрылысы, 1–6 сұрақтар', '{}', (($3::date + 2)::text || 'T20:00:00+05:00')::timestamptz)
     RETURNING id`,
    [hwLesson.id, teacherId, hwLesson.date],
  );
  const homeworkId = (homework[0] as { id: number }).id;
  await tx.query(
    `INSERT INTO homework_answers (homework_id, student_id)
       SELECT $1, id FROM users WHERE role = 'student' AND group_id = $2`,
    [homeworkId, groupId],
  );
  const answer = await tx.query<{ id: number }>(
    `UPDATE homework_answers SET status = 'checked', text = 'x = 9; 2x + 4 = 22 → x = 9', grade = 9,
            comment = 'Жақсы', sent_at = now(), checked_at = now()
      WHERE homework_id = $1 AND student_id = $2 RETURNING id`,
    [homeworkId, pupil.id],
  );
  await tx.query(
    `INSERT INTO journal_marks (lesson_id, student_id, mark, absent, updated_by, homework_answer_id)
     VALUES ($1, $2, 9, false, $3, $4) ON CONFLICT (lesson_id, student_id) DO NOTHING`,
    [hwLesson.id, pupil.id, teacherId, answer[0]?.id],
  );
}

function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
