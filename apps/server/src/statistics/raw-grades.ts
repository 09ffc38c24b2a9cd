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

/**
 * Platform usage recounted from the raw tables, without the roll-up: per period, the pupils of the
 * school's classes taught in it, and those of them who finished a builder lesson or exam of one of
 * their class's lessons of the period or sent homework set on one. Summed over the periods
 * (pupil-periods), as the figure counts a year.
 */
export async function usageFromRaw(
  server: RunningServer,
  schoolId: number,
  periodIds: readonly number[],
  groupId?: number,
): Promise<{ active: number; pupils: number }> {
  const [row] = await server.db.query<{ active: number; pupils: number }>(
    `WITH taught AS (
       SELECT DISTINCT p.id AS period_id, u.id AS student_id, u.group_id, p.start_date, p.end_date
         FROM periods p JOIN timetable_slots t ON t.period_id = p.id
         JOIN groups g ON g.id = t.group_id AND NOT g.archived
         JOIN users u ON u.group_id = g.id AND u.role = 'student'
        WHERE p.id = ANY($2::int[]) AND g.school_id = $1 AND ($3::int IS NULL OR g.id = $3)
     ), acted AS (
       SELECT x.period_id, x.student_id FROM taught x
        WHERE EXISTS (SELECT 1 FROM attempts a JOIN lessons l ON l.id = a.lesson_id
                        JOIN timetable_slots t ON t.id = l.slot_id
                       WHERE a.user_id = x.student_id AND t.group_id = x.group_id
                         AND t.period_id = x.period_id
                         AND l.lesson_date BETWEEN x.start_date AND x.end_date)
           OR EXISTS (SELECT 1 FROM homework_answers ha JOIN homework h ON h.id = ha.homework_id
                        JOIN lessons l ON l.id = h.lesson_id JOIN timetable_slots t ON t.id = l.slot_id
                       WHERE ha.student_id = x.student_id AND ha.status <> 'assigned'
                         AND t.group_id = x.group_id AND t.period_id = x.period_id
                         AND l.lesson_date BETWEEN x.start_date AND x.end_date)
     )
     SELECT (SELECT count(*)::int FROM acted) AS active, (SELECT count(*)::int FROM taught) AS pupils`,
    [schoolId, [...periodIds], groupId ?? null],
  );
  return row!;
}
