import type { Db } from '../db/db';

/** A journal cell as entered: `mark` and `absent` left undefined keep what the cell had. */
export interface MarkEntry {
  lessonId: number;
  studentId: number;
  mark?: number | null;
  absent?: boolean;
}

/**
 * Writes one journal cell in a transaction and returns what it holds. A cell left with no mark
 * and no absence is deleted: the table keeps to what teachers actually entered. A mark typed here
 * is the teacher's own: it forgets the homework it came from, so re-grading that homework no
 * longer changes it (homework-commands.ts `checkHomeworkAnswer`).
 */
export async function saveJournalMark(
  db: Db,
  entry: MarkEntry,
  updatedBy: number,
): Promise<{ mark: number | null; absent: boolean }> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ mark: number | null; absent: boolean }>(
      `INSERT INTO journal_marks (lesson_id, student_id, mark, absent, updated_by)
       VALUES ($1, $2, $3, coalesce($4, false), $5)
       ON CONFLICT (lesson_id, student_id) DO UPDATE SET
         mark = CASE WHEN $6 THEN $3 ELSE journal_marks.mark END,
         homework_answer_id = CASE WHEN $6 THEN NULL ELSE journal_marks.homework_answer_id END,
         absent = coalesce($4, journal_marks.absent), updated_by = $5, updated_at = now()
       RETURNING mark, absent`,
      [
        entry.lessonId,
        entry.studentId,
        entry.mark ?? null,
        entry.absent ?? null,
        updatedBy,
        entry.mark !== undefined,
      ],
    );
    const saved = rows[0] as { mark: number | null; absent: boolean };
    if (saved.mark === null && !saved.absent)
      await tx.query('DELETE FROM journal_marks WHERE lesson_id = $1 AND student_id = $2', [
        entry.lessonId,
        entry.studentId,
      ]);
    return saved;
  });
}
