import { QUARTER_GRADE_CONFIG, quarterGrade } from '@sabaq/platform';
import type { RunningServer } from '../server';

/**
 * The school's quarter grades recomputed from the raw journal with the journal's own rule, with
 * none of the roll-up's code: what the figures on every level must equal.
 */
export async function gradesFromRawJournal(
  server: RunningServer,
  schoolId: number,
  periodId: number,
  groupId?: number,
): Promise<number[]> {
  const marks = await server.db.query<{ student_id: number; subject_id: number; mark: number }>(
    `SELECT m.student_id, t.subject_id, m.mark FROM journal_marks m JOIN lessons l ON l.id = m.lesson_id
       JOIN timetable_slots t ON t.id = l.slot_id JOIN groups g ON g.id = t.group_id
       JOIN periods p ON p.id = $2 JOIN users u ON u.id = m.student_id AND u.group_id = t.group_id
      WHERE g.school_id = $1 AND t.period_id = $2 AND m.mark IS NOT NULL
        AND l.lesson_date BETWEEN p.start_date AND p.end_date AND ($3::int IS NULL OR g.id = $3)`,
    [schoolId, periodId, groupId ?? null],
  );
  const points = await server.db.query<{
    student_id: number;
    subject_id: number;
    kind: 'sor' | 'soch';
    points: string;
    max_points: number;
  }>(
    `SELECT m.student_id, a.subject_id, a.kind, m.points, a.max_points FROM assessment_marks m
       JOIN assessments a ON a.id = m.assessment_id JOIN groups g ON g.id = a.group_id
       JOIN users u ON u.id = m.student_id AND u.group_id = a.group_id
      WHERE g.school_id = $1 AND a.period_id = $2 AND ($3::int IS NULL OR g.id = $3)`,
    [schoolId, periodId, groupId ?? null],
  );
  const inputs = new Map<string, Parameters<typeof quarterGrade>[0]>();
  const input = (student: number, subject: number) => {
    const key = `${student}|${subject}`;
    let found = inputs.get(key);
    if (!found) inputs.set(key, (found = { formative: [], sor: [], soch: [] }));
    return found as { formative: number[]; sor: unknown[]; soch: unknown[] };
  };
  for (const row of marks) input(row.student_id, row.subject_id).formative.push(row.mark);
  for (const row of points)
    input(row.student_id, row.subject_id)[row.kind].push({
      points: Number(row.points),
      max: row.max_points,
    });
  return [...inputs.values()]
    .map((each) => quarterGrade(each, QUARTER_GRADE_CONFIG).grade)
    .filter((grade): grade is number => grade !== null);
}
