/**
 * Tables of backoffice personnel and school settings (migration 1950, issue 13).
 *
 * - users.dismissed_at: a dismissed employee's account is locked (no sign-in, no token works)
 *   while everything they did (marks, lessons, messages) stays theirs.
 * - personnel_subjects: the subjects an employee teaches, as the director declares them.
 * - school_settings: the journal's grading weights of a school (formative, SOR, SOCh; 100 in
 *   all). A school without a row uses the platform's defaults.
 * - school_bells: bell times per shift and lesson number.
 * - school_holidays: school holidays and public days off, inclusive date ranges.
 */
export const PERSONNEL_SETTINGS_SQL = `
ALTER TABLE users ADD COLUMN dismissed_at timestamptz;
CREATE TABLE personnel_subjects (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subject_id integer NOT NULL REFERENCES subjects(id),
  PRIMARY KEY (user_id, subject_id)
);
CREATE TABLE school_settings (
  school_id integer PRIMARY KEY REFERENCES schools(id),
  weight_formative integer NOT NULL,
  weight_sor integer NOT NULL,
  weight_soch integer NOT NULL,
  CHECK (weight_formative >= 0 AND weight_sor >= 0 AND weight_soch >= 0
         AND weight_formative + weight_sor + weight_soch = 100)
);
CREATE TABLE school_bells (
  school_id integer NOT NULL REFERENCES schools(id),
  shift integer NOT NULL CHECK (shift IN (1, 2)),
  lesson_no integer NOT NULL CHECK (lesson_no BETWEEN 1 AND 10),
  starts_at time NOT NULL,
  ends_at time NOT NULL CHECK (ends_at > starts_at),
  PRIMARY KEY (school_id, shift, lesson_no)
);
CREATE TABLE school_holidays (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools(id),
  starts_on date NOT NULL,
  ends_on date NOT NULL CHECK (ends_on >= starts_on),
  name_kz text NOT NULL,
  name_ru text NOT NULL
);
CREATE INDEX school_holidays_school ON school_holidays (school_id, starts_on);
`;

/**
 * Migration 2885 (issue 30): public holidays the school works on. Holidays come from one place,
 * the school settings: the law's days off (teaching/days-off.ts) are listed there beside the
 * school's own, and a school can mark one of them as a working day (a government transfer, a
 * Saturday make-up); lessons are then made on it and the timetable stops listing it.
 */
export const SCHOOL_WORKDAYS_SQL = `
CREATE TABLE school_workdays (
  school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
  day date NOT NULL,
  PRIMARY KEY (school_id, day)
);`;
