/**
 * Teaching migrations written inline before the composition root (their SQL moved here unchanged
 * from db/migrations.ts). Never edit a shipped migration; append a new one.
 */

/** Migration 802 (issue 8): subgroup membership. A class split for languages, informatics, PE…
 * puts each pupil in one subgroup per split subject; the journal of a subgroup lists only its
 * members. */
export const SUBGROUP_MEMBERS_SQL = `CREATE TABLE subgroup_members (
  subgroup_id integer NOT NULL REFERENCES subgroups(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (subgroup_id, user_id)
);
CREATE INDEX subgroup_members_user ON subgroup_members (user_id);`;

/** Migration 900 (issue 12, tenancy): periods belong to a school. Existing rows go to the first
 * school; any other school whose timetable or SOR/SOCh already points at them gets its own copy of
 * those periods, and its rows are moved onto the copy. */
export const PERIODS_PER_SCHOOL_SQL = `ALTER TABLE periods ADD COLUMN school_id integer REFERENCES schools(id);
UPDATE periods SET school_id = (SELECT min(id) FROM schools) WHERE school_id IS NULL;
INSERT INTO periods (school_id, school_year, quarter, name_kz, name_ru, start_date, end_date, is_current)
SELECT DISTINCT u.school_id, p.school_year, p.quarter, p.name_kz, p.name_ru, p.start_date, p.end_date, p.is_current
  FROM (SELECT g.school_id, s.period_id FROM timetable_slots s JOIN groups g ON g.id = s.group_id
        UNION SELECT g.school_id, a.period_id FROM assessments a JOIN groups g ON g.id = a.group_id) u
  JOIN periods p ON p.id = u.period_id
 WHERE p.school_id <> u.school_id;
UPDATE timetable_slots s SET period_id = np.id
  FROM groups g, periods op, periods np
 WHERE g.id = s.group_id AND op.id = s.period_id AND op.school_id <> g.school_id
   AND np.school_id = g.school_id AND np.school_year = op.school_year AND np.quarter = op.quarter
   AND np.start_date = op.start_date AND np.end_date = op.end_date;
UPDATE assessments a SET period_id = np.id
  FROM groups g, periods op, periods np
 WHERE g.id = a.group_id AND op.id = a.period_id AND op.school_id <> g.school_id
   AND np.school_id = g.school_id AND np.school_year = op.school_year AND np.quarter = op.quarter
   AND np.start_date = op.start_date AND np.end_date = op.end_date;
ALTER TABLE periods ALTER COLUMN school_id SET NOT NULL;
CREATE INDEX periods_school ON periods (school_id, start_date);`;

/** Migration 901 (issue 12): a lesson's work is taken inside a window (by default the lesson's own
 * bell times; the teacher may set another), and its right answers reach pupils only after the
 * window closed and only when the teacher shows them. */
export const LESSON_EXAM_WINDOW_SQL = `ALTER TABLE lessons ADD COLUMN exam_opens_at timestamptz;
ALTER TABLE lessons ADD COLUMN exam_closes_at timestamptz;
ALTER TABLE lessons ADD COLUMN exam_keys_shown boolean NOT NULL DEFAULT false;
ALTER TABLE lessons ADD CONSTRAINT lessons_exam_window CHECK (exam_closes_at IS NULL OR exam_opens_at IS NULL OR exam_closes_at > exam_opens_at);`;

/** Migration 902 (issue 12): the teacher's choice to show the keys was made for the work on the
 * lesson then: whatever puts other work on the lesson takes it back. */
export const LESSON_KEYS_FOLLOW_CONTENT_SQL = `CREATE FUNCTION lessons_keys_follow_content() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.content_draft_id IS DISTINCT FROM OLD.content_draft_id
     OR NEW.content_version IS DISTINCT FROM OLD.content_version THEN
    NEW.exam_keys_shown := false;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER lessons_keys_follow_content BEFORE UPDATE ON lessons
  FOR EACH ROW EXECUTE FUNCTION lessons_keys_follow_content();`;

/**
 * Migration 3130 (issue 31): the minutes after a pupil's SOR/SOCh deadline during which a
 * hand-in (or the answers a device kept while its link was down) still counts on arrival. The
 * teacher sets it with the window; 5 by default, 0–30.
 */
export const LESSON_EXAM_GRACE_SQL = `ALTER TABLE lessons ADD COLUMN exam_grace_minutes integer NOT NULL DEFAULT 5;
ALTER TABLE lessons ADD CONSTRAINT lessons_exam_grace CHECK (exam_grace_minutes BETWEEN 0 AND 30);`;
