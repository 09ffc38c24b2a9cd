/**
 * Backoffice migrations written inline before the composition root (their SQL moved here
 * unchanged from db/migrations.ts). Never edit a shipped migration; append a new one.
 */

/** Migration 1900 (issue 13): a pupil removed to the archive leaves their class (group_id NULL)
 * and keeps where and when they left; an archived class keeps when it was archived, and no longer
 * holds its name (a new 11А may open). */
export const BACKOFFICE_ARCHIVE_SQL = `ALTER TABLE users ADD COLUMN archived_at timestamptz;
ALTER TABLE users ADD COLUMN archived_group_id integer REFERENCES groups(id);
ALTER TABLE groups ADD COLUMN archived_at timestamptz;
CREATE INDEX users_archived_group ON users (archived_group_id) WHERE archived_group_id IS NOT NULL;
CREATE INDEX subgroups_group ON subgroups (group_id, subject_id);
ALTER TABLE groups DROP CONSTRAINT groups_school_id_parallel_letter_key;
CREATE UNIQUE INDEX groups_active_name ON groups (school_id, parallel, letter) WHERE NOT archived;`;

/** Migration 2000 (issue 13): a lesson of the week gets its room; the clash checks read a
 * quarter's lessons by weekday (backoffice/timetable-queries.ts). */
export const TIMETABLE_ROOMS_SQL = `ALTER TABLE timetable_slots ADD COLUMN room text NOT NULL DEFAULT '';
CREATE INDEX timetable_slots_period_day ON timetable_slots (period_id, weekday);`;
