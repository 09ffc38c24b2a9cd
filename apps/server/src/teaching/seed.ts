import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import type { Queryable } from '../db/db';
import { DEMO_PASSWORD } from '../core/seed-data';
import { seedCalendarPlans } from './calendar-plan-seed';
import { demoSoch, demoSor } from './demo-content';
import { ensureLessons } from './lessons';
import { planWeek } from './timetable';
import type { PlanGroup } from './timetable';
import type { Draft } from '@sabaq/engine';
import { seedDiary } from './diary-seed';

/** Kindergarten activities (the school subjects come with the core seed). */
export const KINDERGARTEN_SUBJECTS = [
  { code: 'kg-speech', name_kz: 'Сөйлеуді дамыту', name_ru: 'Развитие речи' },
  { code: 'kg-math', name_kz: 'Математика негіздері', name_ru: 'Основы математики' },
  {
    code: 'kg-world',
    name_kz: 'Қоршаған ортамен таныстыру',
    name_ru: 'Ознакомление с окружающим миром',
  },
  { code: 'kg-art', name_kz: 'Сурет салу', name_ru: 'Рисование' },
  { code: 'kg-music', name_kz: 'Музыка', name_ru: 'Музыка' },
] as const;

/** Subject teachers of the 7th parallel beside the core demo users (login = password holder). */
export const SUBJECT_TEACHERS = [
  {
    login: 'english-teacher',
    firstname: 'Жанна',
    surname: 'Исаева',
    lastname: 'Маратқызы',
    gender: 'w',
    subjects: ['english'],
  },
  {
    login: 'russian-teacher',
    firstname: 'Наталья',
    surname: 'Смирнова',
    lastname: 'Викторовна',
    gender: 'w',
    subjects: ['russian'],
  },
  {
    login: 'history-teacher',
    firstname: 'Ерболат',
    surname: 'Сейтқали',
    lastname: 'Жанатұлы',
    gender: 'm',
    subjects: ['history-kz'],
  },
  {
    login: 'science-teacher',
    firstname: 'Айгүл',
    surname: 'Нұрпейісова',
    lastname: 'Ермекқызы',
    gender: 'w',
    subjects: ['biology', 'geography', 'chemistry'],
  },
  {
    login: 'informatics-teacher',
    firstname: 'Дәурен',
    surname: 'Мұсабеков',
    lastname: 'Асқарұлы',
    gender: 'm',
    subjects: ['informatics'],
  },
  {
    login: 'pe-teacher',
    firstname: 'Асхат',
    surname: 'Бейсенов',
    lastname: 'Серікұлы',
    gender: 'm',
    subjects: ['pe'],
  },
] as const;

/** Who teaches what in the demo: the 7th parallel is fully staffed, physics in 7–9. */
export function demoTeacherOf(subject: string, parallel: number): string | null {
  if (parallel === 0) return null; // set per group below (each kindergarten group has its own)
  if (parallel === 7) {
    if (subject === 'algebra' || subject === 'geometry' || subject === 'math') return 'teacher';
    if (subject === 'kazakh' || subject === 'kazakh-lit') return 'group-lead';
    if (subject === 'physics') return 'new-teacher';
    for (const t of SUBJECT_TEACHERS)
      if ((t.subjects as readonly string[]).includes(subject)) return t.login;
    return null;
  }
  if (subject === 'physics' && (parallel === 8 || parallel === 9)) return 'new-teacher';
  return null;
}

/**
 * Demo data of the teaching core, inside the core seed's transaction: a timetable for every
 * group of the school and the kindergarten in every period (both shifts), the subject teachers
 * of 7А, a published SOR attached to a 7А algebra lesson of the current week, and a few marks.
 */
export async function seedTeaching(tx: Queryable, now: Date): Promise<void> {
  for (const s of KINDERGARTEN_SUBJECTS) {
    await tx.query(
      'INSERT INTO subjects (code, name_kz, name_ru) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING',
      [s.code, s.name_kz, s.name_ru],
    );
  }
  const school = (
    await tx.query<{ id: number; region_id: number; department_id: number }>(
      `SELECT s.id, d.region_id, d.id AS department_id FROM schools s
         JOIN localities l ON l.id = s.locality_id JOIN departments d ON d.id = l.department_id
        WHERE s.kind = 'school' ORDER BY s.id LIMIT 1`,
    )
  )[0];
  if (!school) return;
  // The subject teachers share the published demo password: reuse the maths teacher's stored
  // hash instead of paying for more scrypt runs at every start of a fresh database (tests).
  const known = await tx.query<{ password_hash: string | null }>(
    "SELECT password_hash FROM users WHERE login = 'teacher'",
  );
  const shared = known[0]?.password_hash ?? (await hashPassword(DEMO_PASSWORD));
  for (const t of SUBJECT_TEACHERS) {
    await tx.query(
      `INSERT INTO users (login, email, password_hash, role, position, firstname, surname, lastname, gender,
                          school_id, region_id, department_id, chat_token)
       VALUES ($1, $2, $3, 'teacher', 'Пән мұғалімі', $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (login) DO NOTHING`,
      [
        t.login,
        `${t.login}@demo.sabaq.kz`,
        shared,
        t.firstname,
        t.surname,
        t.lastname,
        t.gender,
        school.id,
        school.region_id,
        school.department_id,
        randomBytes(16).toString('hex'),
      ],
    );
  }
  const users = new Map(
    (
      await tx.query<{ id: number; login: string }>(
        'SELECT id, login FROM users WHERE login IS NOT NULL',
      )
    ).map((u) => [u.login, u.id]),
  );
  const subjects = new Map(
    (await tx.query<{ id: number; code: string }>('SELECT id, code FROM subjects')).map((s) => [
      s.code,
      s.id,
    ]),
  );
  // The first school and the kindergarten (other schools plan their own staff: seed-school2.ts).
  const groups = await tx.query<{
    id: number;
    parallel: number;
    letter: string;
    kind: string;
    school_id: number;
  }>(
    `SELECT g.id, g.parallel, g.letter, s.kind, g.school_id FROM groups g JOIN schools s ON s.id = g.school_id
      WHERE NOT g.archived AND (s.id = $1 OR s.kind = 'kindergarten') ORDER BY s.kind DESC, g.parallel, g.letter`,
    [school.id],
  );
  // The kindergarten teacher leads her group (core seed: group_personnel).
  const kgLead = new Map(
    (
      await tx.query<{ group_id: number; login: string }>(
        `SELECT gp.group_id, u.login FROM group_personnel gp JOIN users u ON u.id = gp.user_id
          JOIN groups g ON g.id = gp.group_id WHERE g.parallel = 0`,
      )
    ).map((r) => [r.group_id, r.login]),
  );
  const planGroups: PlanGroup[] = groups.map((g) => ({ key: String(g.id), parallel: g.parallel }));
  const byId = new Map(groups.map((g) => [String(g.id), g]));
  const plan = planWeek(planGroups, (subject, parallel) => demoTeacherOf(subject, parallel));
  const periods = await tx.query<{ id: number; school_id: number }>(
    'SELECT id, school_id FROM periods ORDER BY start_date',
  );
  const cols = {
    group: [] as number[],
    period: [] as number[],
    weekday: [] as number[],
    lessonNo: [] as number[],
    shift: [] as number[],
    subject: [] as number[],
    teacher: [] as (number | null)[],
  };
  for (const p of periods) {
    for (const s of plan) {
      const g = byId.get(s.group);
      const subjectId = subjects.get(s.subject);
      // A group's lessons hang on its own school's periods.
      if (!g || subjectId === undefined || g.school_id !== p.school_id) continue;
      const login = g.parallel === 0 ? (kgLead.get(g.id) ?? null) : s.teacher;
      cols.group.push(g.id);
      cols.period.push(p.id);
      cols.weekday.push(s.weekday);
      cols.lessonNo.push(s.lessonNo);
      cols.shift.push(s.shift);
      cols.subject.push(subjectId);
      cols.teacher.push(login === null ? null : (users.get(login) ?? null));
    }
  }
  // One statement for the whole year's timetable: thousands of rows in a single round trip.
  await tx.query(
    `INSERT INTO timetable_slots (group_id, period_id, weekday, lesson_no, shift, subject_id, teacher_id)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])`,
    [cols.group, cols.period, cols.weekday, cols.lessonNo, cols.shift, cols.subject, cols.teacher],
  );

  for (const g of groups)
    if (g.parallel === 7 && g.letter === 'А' && g.kind === 'school')
      await seedSubgroupMembers(tx, g.id);

  // The demo SOR: published by the maths teacher, frozen at its version, attached to the
  // nearest 7А algebra lesson from today on (or the first of the year when the year is over).
  const teacherId = users.get('teacher');
  const g7a = groups.find((g) => g.parallel === 7 && g.letter === 'А' && g.kind === 'school');
  const algebra = subjects.get('algebra');
  if (teacherId === undefined || !g7a || algebra === undefined) return;
  await publishDemoExam(tx, demoSor(), {
    ownerId: teacherId,
    schoolId: school.id,
    groupId: g7a.id,
    subjectId: algebra,
    theme: 'Сызықтық теңдеулер: бөлім бойынша жиынтық бағалау',
    now,
  });
  // A published SOCh of the same teacher (content/exams/soch opens it); on no lesson.
  const soch = demoSoch();
  await tx.query(
    `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, status, doc, initial, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'published', $8, $8, now())`,
    [
      soch.id,
      teacherId,
      school.id,
      soch.type,
      soch.title,
      soch.lang,
      soch.version,
      JSON.stringify(soch),
    ],
  );
  await tx.query(
    'INSERT INTO content_versions (draft_id, version, type, title, doc) VALUES ($1, $2, $3, $4, $5)',
    [soch.id, soch.version, soch.type, soch.title, JSON.stringify(soch)],
  );
  const today = now.toISOString().slice(0, 10);
  await seedJournal(tx, g7a.id, algebra, teacherId, today);
  // The demo pupil's own marks, SOR points and a checked homework (issue 20: the diary).
  await seedDiary(tx, g7a.id, today);
  // Calendar plans (KTP) of 7А with the demo lecture on the first algebra plan lesson.
  await seedCalendarPlans(tx, g7a.id, today, { userId: teacherId, schoolId: school.id });
}

/**
 * Publishes a demo SOR (owned by a teacher of the school, frozen at its version) and attaches it
 * to the group's nearest lesson of the subject from this week's Monday on (or the first of the
 * year when the year is over). The teacher opened it for a fortnight around the seed's day
 * (an explicit window, issue 12), so the demo pupil can take it whenever the demo is tried;
 * without that the window would be that lesson's 40 minutes.
 */
export async function publishDemoExam(
  tx: Queryable,
  sor: Draft,
  at: {
    ownerId: number;
    schoolId: number;
    groupId: number;
    subjectId: number;
    theme: string;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, status, doc, initial, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'published', $8, $8, now())`,
    [
      sor.id,
      at.ownerId,
      at.schoolId,
      sor.type,
      sor.title,
      sor.lang,
      sor.version,
      JSON.stringify(sor),
    ],
  );
  await tx.query(
    'INSERT INTO content_versions (draft_id, version, type, title, doc) VALUES ($1, $2, $3, $4, $5)',
    [sor.id, sor.version, sor.type, sor.title, JSON.stringify(sor)],
  );
  const today = at.now.toISOString().slice(0, 10);
  const year = await tx.query<{ start: string; end: string }>(
    `SELECT to_char(min(start_date), 'YYYY-MM-DD') AS start, to_char(max(end_date), 'YYYY-MM-DD') AS end
       FROM periods WHERE school_id = $1`,
    [at.schoolId],
  );
  const from =
    year[0] && today > year[0].end
      ? year[0].start
      : today < (year[0]?.start ?? today)
        ? (year[0]?.start ?? today)
        : today;
  const monday = mondayOf(from);
  await ensureLessons(tx, { groupIds: [at.groupId], from: monday, to: addDays(monday, 13) });
  const target = (
    await tx.query<{ id: number }>(
      `SELECT l.id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
        WHERE s.group_id = $1 AND s.subject_id = $2 AND l.lesson_date >= $3::date
        ORDER BY l.lesson_date, s.lesson_no LIMIT 1`,
      [at.groupId, at.subjectId, monday],
    )
  )[0];
  if (!target) return;
  const opens = new Date(Math.min(Date.parse(`${monday}T00:00:00+05:00`), at.now.getTime()));
  const closes = new Date(
    Math.max(
      Date.parse(`${addDays(monday, 14)}T00:00:00+05:00`),
      at.now.getTime() + 7 * 86_400_000,
    ),
  );
  await tx.query(
    `UPDATE lessons SET theme = $2, content_draft_id = $3, content_version = $4,
            exam_opens_at = $5, exam_closes_at = $6 WHERE id = $1`,
    [target.id, at.theme, sor.id, sor.version, opens.toISOString(), closes.toISOString()],
  );
}

/**
 * Splits a group's pupils evenly into the subgroups of each split subject: pupils in journal
 * order (surname, first name), the first share to the first subgroup by name, and so on, so
 * every run gives the same split. Only pupils not yet in a subgroup of that subject are placed,
 * and rows already there are kept (ON CONFLICT), so running it again changes nothing.
 */
export async function seedSubgroupMembers(tx: Queryable, groupId: number): Promise<void> {
  const subgroups = await tx.query<{ id: number; subject_id: number }>(
    'SELECT id, subject_id FROM subgroups WHERE group_id = $1 ORDER BY subject_id, name, id',
    [groupId],
  );
  const students = await tx.query<{ id: number }>(
    `SELECT id FROM users WHERE role = 'student' AND group_id = $1 ORDER BY surname, firstname, id`,
    [groupId],
  );
  const bySubject = new Map<number, number[]>();
  for (const sg of subgroups)
    bySubject.set(sg.subject_id, [...(bySubject.get(sg.subject_id) ?? []), sg.id]);
  const cols = { subgroup: [] as number[], user: [] as number[] };
  for (const [subjectId, ids] of bySubject) {
    const placed = new Set(
      (
        await tx.query<{ user_id: number }>(
          `SELECT m.user_id FROM subgroup_members m JOIN subgroups sg ON sg.id = m.subgroup_id
            WHERE sg.group_id = $1 AND sg.subject_id = $2`,
          [groupId, subjectId],
        )
      ).map((r) => r.user_id),
    );
    students.forEach((st, i) => {
      if (placed.has(st.id)) return;
      cols.subgroup.push(ids[Math.floor((i * ids.length) / students.length)] as number);
      cols.user.push(st.id);
    });
  }
  if (cols.user.length === 0) return;
  await tx.query(
    `INSERT INTO subgroup_members (subgroup_id, user_id)
     SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`,
    [cols.subgroup, cols.user],
  );
}

/**
 * A journal that looks lived in: formative marks, a few absences and one SOR for 7А's algebra
 * lessons of the current period that already took place. The demo student's own row stays empty
 * so a person trying the demo sees their first mark arrive.
 */
export async function seedJournal(
  tx: Queryable,
  groupId: number,
  subjectId: number,
  teacherId: number,
  today: string,
) {
  const period = (
    await tx.query<{ id: number; start: string; end: string }>(
      `SELECT id, to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end
         FROM periods WHERE is_current AND school_id = (SELECT school_id FROM groups WHERE id = $1) LIMIT 1`,
      [groupId],
    )
  )[0];
  if (!period || today <= period.start) return;
  const until = today < period.end ? addDays(today, -1) : period.end;
  await ensureLessons(tx, { groupIds: [groupId], from: period.start, to: until });
  const lessons = await tx.query<{ id: number; date: string }>(
    `SELECT l.id, to_char(l.lesson_date, 'YYYY-MM-DD') AS date FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
      WHERE s.group_id = $1 AND s.subject_id = $2 AND l.lesson_date BETWEEN $3::date AND $4::date
      ORDER BY l.lesson_date, s.lesson_no LIMIT 8`,
    [groupId, subjectId, period.start, until],
  );
  const students = await tx.query<{ id: number }>(
    `SELECT id FROM users WHERE role = 'student' AND group_id = $1 AND login IS NULL ORDER BY surname, firstname, id`,
    [groupId],
  );
  if (lessons.length === 0 || students.length === 0) return;
  for (const [li, l] of lessons.entries()) {
    for (const [si, st] of students.entries()) {
      const absent = (si + li) % 11 === 0;
      // Not every pupil is marked every lesson; marks 5–10 spread evenly.
      const marked = (si * 5 + li * 3) % 4 !== 0;
      if (!absent && !marked) continue;
      await tx.query(
        'INSERT INTO journal_marks (lesson_id, student_id, mark, absent, updated_by) VALUES ($1, $2, $3, $4, $5)',
        [l.id, st.id, absent ? null : 5 + ((si * 3 + li * 7) % 6), absent, teacherId],
      );
    }
  }
  const sorDate = lessons[Math.min(3, lessons.length - 1)]?.date ?? period.start;
  const a = await tx.query<{ id: number }>(
    `INSERT INTO assessments (group_id, subject_id, period_id, kind, title, max_points, assessed_on, created_by)
     VALUES ($1, $2, $3, 'sor', 'Бірмүшелер мен көпмүшелер', 20, $4, $5) RETURNING id`,
    [groupId, subjectId, period.id, sorDate, teacherId],
  );
  for (const [si, st] of students.entries()) {
    await tx.query(
      'INSERT INTO assessment_marks (assessment_id, student_id, points) VALUES ($1, $2, $3)',
      [a[0]?.id, st.id, 8 + ((si * 7) % 13)],
    );
  }
}

export function mondayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const dow = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  return addDays(date, 1 - dow);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
