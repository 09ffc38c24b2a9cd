import type { Domain } from '../domain';
import { coreOf } from '../domain';
import { CALENDAR_PLAN_SQL } from './calendar-plans';
import { HOMEWORK_MARKS_SQL } from './diary-schema';
import { LESSON_CHAT_SQL } from './lesson-chat-schema';
import { registerTeaching } from './register';
import { RESULTS_SQL } from './result-schema';
import { TEACHING_SQL } from './schema';
import { PEAK_INDEXES_SQL } from './peak-schema';
import { seedTeaching } from './seed';
import { seedSecondSchool } from './seed-school2';
import { SITTINGS_SQL } from './sitting-schema';
import {
  LESSON_EXAM_GRACE_SQL,
  LESSON_EXAM_WINDOW_SQL,
  LESSON_KEYS_FOLLOW_CONTENT_SQL,
  PERIODS_PER_SCHOOL_SQL,
  SUBGROUP_MEMBERS_SQL,
} from './teaching-schema';

/**
 * The teaching core (issue 8 and after): timetable and lessons, homework, the journal, chat, the
 * lesson chat, exams under exam conditions and their results.
 */
export const teachingDomain: Domain = {
  name: 'teaching',
  migrations: [
    { id: 801, name: 'teaching-core', sql: TEACHING_SQL },
    { id: 802, name: 'teaching-subgroup-members', sql: SUBGROUP_MEMBERS_SQL },
    // Calendar plans (KTP), their lessons and linked content, teachers' comments on attempts.
    { id: 803, name: 'teaching-calendar-plans', sql: CALENDAR_PLAN_SQL },
    { id: 900, name: 'periods-per-school', sql: PERIODS_PER_SCHOOL_SQL },
    { id: 901, name: 'lesson-exam-window', sql: LESSON_EXAM_WINDOW_SQL },
    { id: 902, name: 'lesson-keys-follow-content', sql: LESSON_KEYS_FOLLOW_CONTENT_SQL },
    // SOR/SOCh under exam conditions, the lesson chat, exam results, homework marks (issue 20).
    { id: 2200, name: 'exam-sittings', sql: SITTINGS_SQL },
    { id: 2250, name: 'lesson-chat', sql: LESSON_CHAT_SQL },
    { id: 2300, name: 'exam-results', sql: RESULTS_SQL },
    { id: 2350, name: 'homework-marks-in-journal', sql: HOMEWORK_MARKS_SQL },
    // The quarter-end peak (issue 27): indexes of the journal's hot paths.
    { id: 2800, name: 'journal-peak-indexes', sql: PEAK_INDEXES_SQL },
    // Exams on a dropping link (issue 31): the teacher's grace after a pupil's deadline.
    { id: 3130, name: 'lesson-exam-grace', sql: LESSON_EXAM_GRACE_SQL },
  ],
  seed: [
    { name: 'teaching.demo-school', run: (tx, demo) => seedTeaching(tx, demo.now) },
    {
      // A second school with its own staff, pupils, calendar, timetable, journal and SOR, so
      // tests can prove that one school never sees another (seed-school2.ts).
      name: 'teaching.second-school',
      run: (tx, demo) => {
        const core = coreOf(demo);
        return seedSecondSchool(tx, demo.now, {
          regionId: core.regionId,
          departmentId: core.departmentId,
          localityId: core.localityId,
          langIds: core.langIds,
          subjectIds: core.subjectIds,
          currentIndex: core.currentIndex,
          passwordHash: core.teacherPasswordHash,
        });
      },
    },
  ],
  routes: registerTeaching,
};
