/**
 * Migrations of the quarter-end peak (issue 27). Shipped migrations are never edited.
 *
 * 2800: the indexes the journal's hot paths were missing. On a tree of 400 schools the journal
 * write path, the grid, the teacher's week and the drill-down read `users` and `assessments`
 * sequentially (EXPLAIN showed Seq Scan on both): a class's pupils are found by `group_id`, a
 * page's SOR/SOCh by group, subject and period, a pupil's quarter result by the pupil's marks
 * and points, and the groups a user leads by the user.
 */
export const PEAK_INDEXES_SQL = `CREATE INDEX users_group ON users (group_id, role) WHERE group_id IS NOT NULL;
CREATE INDEX assessments_page ON assessments (group_id, subject_id, period_id);
CREATE INDEX journal_marks_student ON journal_marks (student_id, lesson_id);
CREATE INDEX assessment_marks_student ON assessment_marks (student_id);
CREATE INDEX group_personnel_user ON group_personnel (user_id);
CREATE INDEX timetable_slots_group_subject ON timetable_slots (group_id, subject_id, period_id);`;
