/**
 * The statistics roll-up (issue 16, migration 2650).
 *
 * - stat_results: one row per pupil × subject × period of a class, holding what the journal's
 *   quarter grade is made of (the grade itself computed in Node by `quarterGrade`, so a figure
 *   on a statistics screen can never differ from the journal) and the pupil's attendance.
 * - stat_state: when a (school, period) was last rolled up, and whether something it reads has
 *   changed since. Statement-level triggers on the journal's tables mark a (school, period)
 *   stale in the same transaction as the change, so a reader never trusts an old roll-up.
 */
export const STATISTICS_SQL = `
CREATE TABLE stat_results (
  period_id integer NOT NULL REFERENCES periods(id) ON DELETE CASCADE,
  school_id integer NOT NULL REFERENCES schools(id),
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  subject_id integer NOT NULL REFERENCES subjects(id),
  student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  teacher_id integer REFERENCES users(id),
  total numeric(5, 1),
  grade smallint CHECK (grade BETWEEN 2 AND 5),
  sor_points numeric NOT NULL DEFAULT 0,
  sor_max numeric NOT NULL DEFAULT 0,
  soch_points numeric NOT NULL DEFAULT 0,
  soch_max numeric NOT NULL DEFAULT 0,
  lessons integer NOT NULL DEFAULT 0,
  absences integer NOT NULL DEFAULT 0,
  PRIMARY KEY (period_id, group_id, subject_id, student_id)
);
CREATE INDEX stat_results_school ON stat_results (school_id, period_id);

CREATE TABLE stat_state (
  school_id integer NOT NULL REFERENCES schools(id),
  period_id integer NOT NULL REFERENCES periods(id) ON DELETE CASCADE,
  refreshed_at timestamptz,
  stale boolean NOT NULL DEFAULT true,
  PRIMARY KEY (school_id, period_id)
);

CREATE FUNCTION stat_stale_by_lessons() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_state (school_id, period_id)
  SELECT DISTINCT g.school_id, t.period_id
    FROM changed c JOIN lessons l ON l.id = c.lesson_id
    JOIN timetable_slots t ON t.id = l.slot_id JOIN groups g ON g.id = t.group_id
  ON CONFLICT (school_id, period_id) DO UPDATE SET stale = true;
  RETURN NULL;
END $$;
CREATE TRIGGER stat_marks_insert AFTER INSERT ON journal_marks
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stat_stale_by_lessons();
CREATE TRIGGER stat_marks_update AFTER UPDATE ON journal_marks
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stat_stale_by_lessons();
CREATE TRIGGER stat_marks_delete AFTER DELETE ON journal_marks
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stat_stale_by_lessons();

CREATE FUNCTION stat_stale_by_assessments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_state (school_id, period_id)
  SELECT DISTINCT g.school_id, a.period_id
    FROM changed c JOIN assessments a ON a.id = c.assessment_id JOIN groups g ON g.id = a.group_id
  ON CONFLICT (school_id, period_id) DO UPDATE SET stale = true;
  RETURN NULL;
END $$;
CREATE TRIGGER stat_points_insert AFTER INSERT ON assessment_marks
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stat_stale_by_assessments();
CREATE TRIGGER stat_points_update AFTER UPDATE ON assessment_marks
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stat_stale_by_assessments();
CREATE TRIGGER stat_points_delete AFTER DELETE ON assessment_marks
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stat_stale_by_assessments();

-- New weights change every grade of the school.
CREATE FUNCTION stat_stale_by_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stat_state SET stale = true WHERE school_id = NEW.school_id;
  RETURN NULL;
END $$;
CREATE TRIGGER stat_settings_change AFTER INSERT OR UPDATE ON school_settings
  FOR EACH ROW EXECUTE FUNCTION stat_stale_by_settings();
`;

/**
 * The second tier of the roll-up (migration 2651): one row per (school, period) with the sums of
 * its stat_results rows, written in the same transaction as them (replaceRollup). The levels above
 * a school (department, region, country) sum these ~one-row-per-school tallies instead of every
 * pupil × subject row, so the country's page reads about a thousand rows, not millions. Pupils
 * are counted per school (a pupil belongs to one school), so sums of them stay exact. The first
 * fill below is written out as it was when 2651 shipped rather than through `totalsOf`: a
 * migration's SQL stays as it ran, and `totalsOf` has since gained the usage column (2652).
 */
export const STATISTICS_TOTALS_SQL = `
CREATE TABLE stat_school_totals (
  school_id integer NOT NULL REFERENCES schools(id),
  period_id integer NOT NULL REFERENCES periods(id) ON DELETE CASCADE,
  pupils integer NOT NULL,
  graded integer NOT NULL,
  five integer NOT NULL,
  four integer NOT NULL,
  three integer NOT NULL,
  two integer NOT NULL,
  grade_sum bigint NOT NULL,
  sor_points numeric NOT NULL,
  sor_max numeric NOT NULL,
  soch_points numeric NOT NULL,
  soch_max numeric NOT NULL,
  lessons bigint NOT NULL,
  absences bigint NOT NULL,
  PRIMARY KEY (school_id, period_id)
);
CREATE INDEX stat_school_totals_period ON stat_school_totals (period_id);
-- A class's page reads its own rows (its subjects, its pupils) without the school's others.
CREATE INDEX stat_results_group ON stat_results (group_id, period_id);
INSERT INTO stat_school_totals
  SELECT r.school_id, r.period_id, count(DISTINCT r.student_id), count(r.grade),
         count(*) FILTER (WHERE r.grade = 5), count(*) FILTER (WHERE r.grade = 4),
         count(*) FILTER (WHERE r.grade = 3), count(*) FILTER (WHERE r.grade = 2),
         coalesce(sum(r.grade), 0), sum(r.sor_points), sum(r.sor_max), sum(r.soch_points),
         sum(r.soch_max), sum(r.lessons), sum(r.absences)
    FROM stat_results r GROUP BY r.school_id, r.period_id;
`;

/**
 * Platform usage (migration 2652): a pupil-subject row is `used` when the pupil did something on
 * the platform in that subject in the period: finished a builder lesson or exam of one of the
 * class's lessons (attempts) or sent a homework answer. The school's sums gain `active`, the
 * pupils with any use. Attempts and answers mark their (school, period) stale like the journal's
 * writes do; every rolled-up period is marked stale so it rolls up again with the new column.
 */
export const STATISTICS_USAGE_SQL = `
ALTER TABLE stat_results ADD COLUMN used boolean NOT NULL DEFAULT false;
ALTER TABLE stat_school_totals ADD COLUMN active integer NOT NULL DEFAULT 0;
UPDATE stat_state SET stale = true;

-- An attempt names its lesson as a journal mark does: the same function finds its period.
CREATE TRIGGER stat_attempts_insert AFTER INSERT ON attempts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stat_stale_by_lessons();
CREATE TRIGGER stat_attempts_update AFTER UPDATE ON attempts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stat_stale_by_lessons();

CREATE FUNCTION stat_stale_by_homework() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stat_state (school_id, period_id)
  SELECT DISTINCT g.school_id, t.period_id
    FROM changed c JOIN homework h ON h.id = c.homework_id JOIN lessons l ON l.id = h.lesson_id
    JOIN timetable_slots t ON t.id = l.slot_id JOIN groups g ON g.id = t.group_id
   WHERE c.status <> 'assigned'
  ON CONFLICT (school_id, period_id) DO UPDATE SET stale = true;
  RETURN NULL;
END $$;
CREATE TRIGGER stat_homework_insert AFTER INSERT ON homework_answers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stat_stale_by_homework();
CREATE TRIGGER stat_homework_update AFTER UPDATE ON homework_answers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stat_stale_by_homework();
`;

/** INSERT of the totals of the stat_results rows matching `where` (r.…). */
export function totalsOf(where: string): string {
  return `INSERT INTO stat_school_totals (school_id, period_id, pupils, graded, five, four, three, two,
                                grade_sum, sor_points, sor_max, soch_points, soch_max, lessons,
                                absences, active)
  SELECT r.school_id, r.period_id, count(DISTINCT r.student_id), count(r.grade),
         count(*) FILTER (WHERE r.grade = 5), count(*) FILTER (WHERE r.grade = 4),
         count(*) FILTER (WHERE r.grade = 3), count(*) FILTER (WHERE r.grade = 2),
         coalesce(sum(r.grade), 0), sum(r.sor_points), sum(r.sor_max), sum(r.soch_points),
         sum(r.soch_max), sum(r.lessons), sum(r.absences),
         count(DISTINCT r.student_id) FILTER (WHERE r.used)
    FROM stat_results r WHERE ${where}
   GROUP BY r.school_id, r.period_id;`;
}

/**
 * Migration 2801 (issue 27): the roll-up's cache writes without per-row costs.
 *
 * stat_results is rebuilt from the journal by every roll-up, and each inserted row paid six
 * foreign-key checks (most of the roll-up's insert time). The three that only restrict (school,
 * subject, teacher) guard nothing the roll-up does not take from those tables already, and the
 * teacher's one stood in the way of removing a user who once taught. The three that cascade
 * (period, class, pupil) become statement triggers that forget the removed rows' figures in one
 * statement per removal (the per-row cascade also scanned the table for each removed pupil).
 *
 * `lessons_dated_until`: the day up to which the roll-up has dated the period's lessons, so the
 * next one dates only the days since (the journal and the week still date their own ranges when
 * opened, holidays included).
 */
export const STATISTICS_LEAN_WRITES_SQL = `
ALTER TABLE stat_results DROP CONSTRAINT IF EXISTS stat_results_school_id_fkey;
ALTER TABLE stat_results DROP CONSTRAINT IF EXISTS stat_results_subject_id_fkey;
ALTER TABLE stat_results DROP CONSTRAINT IF EXISTS stat_results_teacher_id_fkey;
ALTER TABLE stat_results DROP CONSTRAINT IF EXISTS stat_results_period_id_fkey;
ALTER TABLE stat_results DROP CONSTRAINT IF EXISTS stat_results_group_id_fkey;
ALTER TABLE stat_results DROP CONSTRAINT IF EXISTS stat_results_student_id_fkey;

-- One function for the three removals; the trigger names the stat_results column it keys.
CREATE FUNCTION stat_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM stat_results r USING gone WHERE r.%I = gone.id', TG_ARGV[0]);
  RETURN NULL;
END $$;
CREATE TRIGGER stat_forget_pupils AFTER DELETE ON users
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION stat_forget('student_id');
CREATE TRIGGER stat_forget_groups AFTER DELETE ON groups
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION stat_forget('group_id');
CREATE TRIGGER stat_forget_periods AFTER DELETE ON periods
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION stat_forget('period_id');

ALTER TABLE stat_state ADD COLUMN lessons_dated_until date;
`;

/**
 * Migration 3110 (issue 27): the roll-up regrades only what changed.
 *
 * `stat_results.inputs`: a fingerprint of what the row's grade was computed from (its formative
 * marks with their lessons and dates, its SOR/SOCh points with their assessments and maxima), so
 * a roll-up that finds the same fingerprint keeps the stored grade and only moves the attendance,
 * usage and teacher on in SQL; only rows whose fingerprint differs go through `quarterGrade` in
 * Node again. Rows written before (NULL) all count as changed. `stat_state.graded_with`: the
 * grading rule (weights, bands) the school-period's rows were graded with; a different one
 * regrades every row of it.
 */
export const STATISTICS_INCREMENTAL_SQL = `
ALTER TABLE stat_results ADD COLUMN inputs bigint;
ALTER TABLE stat_state ADD COLUMN graded_with text;
`;
