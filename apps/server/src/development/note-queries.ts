import type { AssessmentStage, EducationalArea } from '@sabaq/platform';
import type { Queryable } from '../db/db';

/** A comment and development recommendation of one child, area and stage (development_notes). */
export interface NoteRow {
  childId: number;
  stage: AssessmentStage;
  area: EducationalArea;
  comment: string;
  recommendation: string;
}

/** The notes of some children of one kindergarten for a school year. */
export function listNotes(
  q: Queryable,
  schoolId: number,
  childIds: readonly number[],
  year: number,
): Promise<NoteRow[]> {
  if (childIds.length === 0) return Promise.resolve([]);
  return q.query<NoteRow>(
    `SELECT child_id AS "childId", stage, area, comment, recommendation
       FROM development_notes
      WHERE school_id = $1 AND child_id = ANY($2::int[]) AND school_year = $3`,
    [schoolId, childIds, year],
  );
}

/** Writes one note; both texts empty deletes it (the card shows no note). */
export async function saveNote(
  q: Queryable,
  note: {
    schoolId: number;
    childId: number;
    year: number;
    stage: AssessmentStage;
    area: EducationalArea;
    comment: string;
    recommendation: string;
    by: number;
  },
): Promise<void> {
  if (note.comment === '' && note.recommendation === '') {
    await q.query(
      `DELETE FROM development_notes
        WHERE school_id = $1 AND child_id = $2 AND school_year = $3 AND stage = $4 AND area = $5`,
      [note.schoolId, note.childId, note.year, note.stage, note.area],
    );
    return;
  }
  await q.query(
    `INSERT INTO development_notes
       (school_id, child_id, school_year, stage, area, comment, recommendation, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (child_id, school_year, stage, area)
     DO UPDATE SET school_id = EXCLUDED.school_id, comment = EXCLUDED.comment, recommendation = EXCLUDED.recommendation,
                   updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [
      note.schoolId,
      note.childId,
      note.year,
      note.stage,
      note.area,
      note.comment,
      note.recommendation,
      note.by,
    ],
  );
}
