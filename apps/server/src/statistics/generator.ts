import { withCheckDigit } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import { PERIODS, makeIin } from '../core/seed-data';
import { ensureLessons } from '../teaching/lessons';

/**
 * Schools, classes, pupils, timetables and a lived-in journal across Kazakhstan's tree, for the
 * statistics and monitoring screens (issue 16). Everything goes through the tables the journal
 * itself writes (timetable slots → dated lessons → journal marks, assessments → points), so every
 * figure is computed by the platform's own rules. The randomness is a function of the seed and
 * the rows' ids (PostgreSQL's `hashtextextended`): the same seed gives the same journal.
 * Pupils have a strength, schools and districts a level, so figures differ as they do in life.
 *
 * `npm start` loads SMALL_TREE beside the demo schools; `npm run seed:scale` loads a large one
 * into PostgreSQL. Tests keep the plain demo data (its class names name one class each) and ask
 * for a tree only where they test the drill-down.
 */
export interface TreeSize {
  /** Departments per region (its first districts). */
  departmentsPerRegion: number;
  schoolsPerDepartment: number;
  /** Parallels of each school; one class (letter А) per parallel. */
  parallels: readonly number[];
  pupilsPerClass: number;
}

/**
 * `npm run seed:scale`: about 1,100 schools (six departments of every region, nine schools each),
 * 11 classes of 28 pupils per school (≈ 330,000 pupils) and ≈ 15 million marks by late November.
 */
export const LARGE_TREE: TreeSize = {
  departmentsPerRegion: 6,
  schoolsPerDepartment: 9,
  parallels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  pupilsPerClass: 28,
};

export const SMALL_TREE: TreeSize = {
  departmentsPerRegion: 1,
  schoolsPerDepartment: 2,
  parallels: [4, 7, 9],
  pupilsPerClass: 12,
};

const FIRST = {
  m: [
    'Алихан',
    'Нұрасыл',
    'Ерасыл',
    'Данияр',
    'Арсен',
    'Темірлан',
    'Ислам',
    'Әли',
    'Максим',
    'Артём',
    'Руслан',
    'Айбек',
  ],
  w: [
    'Айым',
    'Аружан',
    'Томирис',
    'Дильназ',
    'Амина',
    'Жансая',
    'Мадина',
    'Сабина',
    'Анна',
    'София',
    'Камила',
    'Аяна',
  ],
} as const;
const SURNAME = {
  m: [
    'Серіков',
    'Жақсылықов',
    'Әбдірахманов',
    'Нұрланов',
    'Оспанов',
    'Иванов',
    'Ким',
    'Бекмұхамбетов',
    'Тоқтаров',
    'Сейітов',
  ],
  w: [
    'Серікова',
    'Жақсылықова',
    'Әбдірахманова',
    'Нұрланова',
    'Оспанова',
    'Иванова',
    'Ким',
    'Бекмұхамбетова',
    'Тоқтарова',
    'Сейітова',
  ],
} as const;

/** Subjects of a class by its parallel: five, two lessons a week each (Mon–Fri, lessons 1–2). */
function subjectsOf(parallel: number): string[] {
  if (parallel <= 4) return ['kazakh', 'russian', 'math', 'english', 'pe'];
  if (parallel <= 6) return ['kazakh', 'russian', 'math', 'history-kz', 'english'];
  return ['kazakh', 'algebra', 'geometry', 'physics', 'history-kz'];
}

const SUBJECT_CODES = [
  'kazakh',
  'russian',
  'math',
  'english',
  'pe',
  'history-kz',
  'algebra',
  'geometry',
  'physics',
];

/**
 * Unique IINs with valid check digits: per birth year and gender (the century digit tells the
 * gender), 336 days (12 months × 28) × 49 serial blocks of 100 from 5,000 (the demo people use
 * 1,000–4,100), each block wide enough for the check-digit bump, so two generated people never
 * share an IIN: 16,464 people per birth year and gender.
 */
function iinMaker() {
  const used = new Map<string, number>();
  return (year: number, gender: 'm' | 'w') => {
    const key = `${year}${gender}`;
    const count = used.get(key) ?? 0;
    used.set(key, count + 1);
    const day = count % 336;
    const block = Math.floor(count / 336);
    if (block >= 49)
      throw new RangeError(`more than ${336 * 49} people of one gender born in ${year}`);
    const month = String(1 + Math.floor(day / 28)).padStart(2, '0');
    const born = `${year}-${month}-${String(1 + (day % 28)).padStart(2, '0')}`;
    return { born, iin: makeIin(born, gender, 5000 + block * 100) };
  };
}

/** Whether a tree was generated already (schools beyond the demo's own departments). */
async function hasTree(q: Queryable): Promise<boolean> {
  const rows = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM schools s JOIN localities l ON l.id = s.locality_id
      JOIN departments d ON d.id = l.department_id
     WHERE d.id <> (SELECT min(department_id) FROM localities)`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

export interface GeneratedTree {
  schools: number;
  pupils: number;
  marks: number;
}

export async function generateTree(
  db: Db,
  size: TreeSize,
  opts: { seed: number; today: string },
): Promise<GeneratedTree | null> {
  if (await hasTree(db)) return null;
  const schoolIds: number[] = [];
  await db.transaction(async (tx) => {
    const langs = new Map(
      (await tx.query<{ id: number; code: string }>('SELECT id, code FROM edu_langs')).map(
        (row) => [row.code, row.id],
      ),
    );
    const subjects = new Map(
      (
        await tx.query<{ id: number; code: string }>(
          'SELECT id, code FROM subjects WHERE code = ANY($1::text[])',
          [SUBJECT_CODES],
        )
      ).map((row) => [row.code, row.id]),
    );
    const departments = await tx.query<{
      id: number;
      region_id: number;
      name_kz: string;
      name_ru: string;
    }>(
      `SELECT d.id, d.region_id, d.name_kz, d.name_ru FROM departments d
        WHERE d.id <> (SELECT min(department_id) FROM localities) ORDER BY d.region_id, d.id`,
    );
    const perRegion = new Map<number, typeof departments>();
    for (const department of departments) {
      const list = perRegion.get(department.region_id) ?? [];
      if (list.length < size.departmentsPerRegion) list.push(department);
      perRegion.set(department.region_id, list);
    }
    const currentIndex = Math.max(
      0,
      PERIODS.findLastIndex((period) => period.start <= opts.today),
    );
    let serial = 0;
    let person = 0;
    const nextIin = iinMaker();
    for (const department of [...perRegion.values()].flat()) {
      // The district itself is the locality its schools stand in.
      const place = placeOf(department.name_kz, department.name_ru);
      const [locality] = await tx.query<{ id: number }>(
        'INSERT INTO localities (department_id, name_kz, name_ru) VALUES ($1, $2, $3) RETURNING id',
        [department.id, place.kz, place.ru],
      );
      for (let s = 0; s < size.schoolsPerDepartment; s++) {
        serial++;
        const number = 3 + ((serial * 7) % 60);
        const [school] = await tx.query<{ id: number }>(
          `INSERT INTO schools (kind, name_kz, name_ru, address_kz, address_ru, bin, locality_id)
           VALUES ('school', $1, $2, $3, $4, $5, $6) RETURNING id`,
          [
            `№ ${number} жалпы білім беретін мектеп (${place.kz})`,
            `Общеобразовательная школа № ${number} (${place.ru})`,
            `${place.kz}, Мектеп көшесі, ${number}`,
            `${place.ru}, улица Школьная, ${number}`,
            withCheckDigit(
              `0${(serial % 9) + 1}0940${String(50000 + serial * 100).padStart(5, '0')}`,
            ),
            locality!.id,
          ],
        );
        const schoolId = school!.id;
        schoolIds.push(schoolId);
        for (const [i, period] of PERIODS.entries())
          await tx.query(
            `INSERT INTO periods (school_id, school_year, quarter, name_kz, name_ru, start_date, end_date, is_current)
             VALUES ($1, '2026-2027', $2, $3, $4, $5, $6, $7)`,
            [
              schoolId,
              period.quarter,
              period.kz,
              period.ru,
              period.start,
              period.end,
              i === currentIndex,
            ],
          );
        // One teacher per subject the school teaches.
        const codes = [...new Set(size.parallels.flatMap(subjectsOf))];
        const teacherOf = new Map<string, number>();
        for (const code of codes) {
          person++;
          const gender = person % 3 === 0 ? 'm' : 'w';
          const { born, iin } = nextIin(1975 + (person % 25), gender);
          const [teacher] = await tx.query<{ id: number }>(
            `INSERT INTO users (iin, role, firstname, surname, gender, born_date, school_id, department_id, region_id, position)
             VALUES ($1, 'teacher', $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
            [
              iin,
              FIRST[gender][person % FIRST[gender].length],
              SURNAME[gender][(person * 3) % SURNAME[gender].length],
              gender,
              born,
              schoolId,
              department.id,
              department.region_id,
              'Мұғалім',
            ],
          );
          teacherOf.set(code, teacher!.id);
        }
        for (const [ci, parallel] of size.parallels.entries()) {
          const [group] = await tx.query<{ id: number }>(
            `INSERT INTO groups (school_id, parallel, letter, edu_lang_id) VALUES ($1, $2, 'А', $3) RETURNING id`,
            [schoolId, parallel, langs.get((serial + ci) % 3 === 0 ? 'ru' : 'kz')],
          );
          const born = 2026 - parallel - 7;
          const pupils = Array.from({ length: size.pupilsPerClass }, () => {
            person++;
            const gender = person % 2 === 0 ? 'm' : 'w';
            const { born: day, iin } = nextIin(born, gender);
            return {
              iin,
              first: FIRST[gender][person % FIRST[gender].length],
              last: SURNAME[gender][(person * 7) % SURNAME[gender].length],
              gender,
              day,
            };
          });
          await tx.query(
            `INSERT INTO users (iin, role, firstname, surname, gender, born_date, school_id, group_id, department_id, region_id)
             SELECT iin, 'student', first, last, gender, day::date, $6, $7, $8, $9
               FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS p(iin, first, last, gender, day)
             ON CONFLICT (iin) DO NOTHING`,
            [
              pupils.map((p) => p.iin),
              pupils.map((p) => p.first),
              pupils.map((p) => p.last),
              pupils.map((p) => p.gender),
              pupils.map((p) => p.day),
              schoolId,
              group!.id,
              department.id,
              department.region_id,
            ],
          );
          const codesOf = subjectsOf(parallel);
          await tx.query(
            `INSERT INTO timetable_slots (group_id, period_id, weekday, lesson_no, shift, subject_id, teacher_id)
             SELECT $1, p.id, w.weekday, w.lesson_no, 1, w.subject_id, w.teacher_id
               FROM periods p
               CROSS JOIN unnest($3::int[], $4::int[], $5::int[], $6::int[]) AS w(weekday, lesson_no, subject_id, teacher_id)
              WHERE p.school_id = $2`,
            [
              group!.id,
              schoolId,
              codesOf.flatMap((_code, i) => [1 + i, 1 + ((i + 2) % 5)]),
              codesOf.flatMap(() => [1, 2]),
              codesOf.flatMap((code) => [subjects.get(code)!, subjects.get(code)!]),
              codesOf.flatMap((code) => [teacherOf.get(code)!, teacherOf.get(code)!]),
            ],
          );
        }
      }
    }
    const first = PERIODS[0]!.start;
    const yesterday = addDays(opts.today, -1);
    if (yesterday >= first)
      await ensureLessons(tx, {
        groupIds: (
          await tx.query<{ id: number }>('SELECT id FROM groups WHERE school_id = ANY($1::int[])', [
            schoolIds,
          ])
        ).map((row) => row.id),
        from: first,
        to: yesterday,
      });
    await writeJournal(tx, schoolIds, opts.seed, yesterday);
  });
  const [counts] = await db.query<{ pupils: number; marks: number }>(
    `SELECT (SELECT count(*)::int FROM users WHERE role = 'student' AND school_id = ANY($1::int[])) AS pupils,
            (SELECT count(*)::int FROM journal_marks m JOIN users u ON u.id = m.student_id
              WHERE u.school_id = ANY($1::int[])) AS marks`,
    [schoolIds],
  );
  return { schools: schoolIds.length, pupils: counts!.pupils, marks: counts!.marks };
}

/** «Семей қаласы бойынша білім бөлімі» → «Семей қаласы»: the place a department serves. */
function placeOf(kz: string, ru: string) {
  return {
    kz: kz.replace(/ бойынша білім бөлімі$/, ''),
    ru: ru.replace(/^Отдел образования \((.*)\)$/, '$1'),
  };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Marks, absences, SOR and SOCh for every lesson held: a pupil's mark is their strength (4–9.5,
 * from their id) plus their school's and district's level plus noise, on 1–10; about 40 % of a
 * pupil's lessons get a mark and 4 % an absence. Each subject of each ended or current quarter
 * gets two SOR (20 points) and, once the quarter is over, a SOCh (25 points). Then the pupils'
 * homework on the platform (writeHomework).
 */
async function writeJournal(
  tx: Queryable,
  schoolIds: readonly number[],
  seed: number,
  until: string,
) {
  const noise = (expr: string) => `(hashtextextended(${expr}, ${seed}) % 1000 + 1000) % 1000`;
  const strength = `(4 + ${noise(`'s' || u.id`)} / 180.0 + ((${noise(`'school' || u.school_id`)}) - 500) / 400.0
                      + ((${noise(`'dep' || u.department_id`)}) - 500) / 600.0)`;
  await tx.query(
    `INSERT INTO journal_marks (lesson_id, student_id, mark, absent)
     SELECT l.id, u.id,
            CASE WHEN ${noise(`'a' || l.id || ':' || u.id`)} < 40 THEN NULL
                 ELSE greatest(1, least(10, round(${strength} + (${noise(`'n' || l.id || ':' || u.id`)} - 500) / 250.0)))::int END,
            ${noise(`'a' || l.id || ':' || u.id`)} < 40
       FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id
       JOIN users u ON u.group_id = t.group_id AND u.role = 'student'
      WHERE u.school_id = ANY($1::int[]) AND l.lesson_date <= $2::date
        AND ${noise(`'m' || l.id || ':' || u.id`)} < 440`,
    [[...schoolIds], until],
  );
  await tx.query(
    `INSERT INTO assessments (group_id, subject_id, period_id, kind, title, max_points, assessed_on)
     SELECT DISTINCT t.group_id, t.subject_id, p.id, k.kind, k.title, k.max_points,
            CASE k.kind WHEN 'soch' THEN p.end_date - 5
                        ELSE p.start_date + (p.end_date - p.start_date) * k.at / 3 END
       FROM timetable_slots t JOIN periods p ON p.id = t.period_id
       CROSS JOIN (VALUES ('sor', 'БЖБ 1', 20, 1), ('sor', 'БЖБ 2', 20, 2), ('soch', 'ТЖБ', 25, 3)) AS k(kind, title, max_points, at)
      WHERE p.school_id = ANY($1::int[])
        AND (CASE k.kind WHEN 'soch' THEN p.end_date - 5
                        ELSE p.start_date + (p.end_date - p.start_date) * k.at / 3 END) <= $2::date`,
    [[...schoolIds], until],
  );
  await tx.query(
    `INSERT INTO assessment_marks (assessment_id, student_id, points)
     SELECT a.id, u.id,
            greatest(0, least(a.max_points,
              round(a.max_points * (${strength} + (${noise(`'p' || a.id || ':' || u.id`)} - 500) / 300.0) / 10.0)))
       FROM assessments a JOIN users u ON u.group_id = a.group_id AND u.role = 'student'
      WHERE u.school_id = ANY($1::int[])`,
    [[...schoolIds]],
  );
  await writeHomework(tx, schoolIds, seed, until, noise);
}

/**
 * Platform activity: about one lesson in ten gets homework on the platform, set by the slot's
 * teacher with a deadline two days on. Each school has an adoption level (30–90 % of its pupils
 * use the platform) and a using pupil sends about 70 % of their homework the day after the
 * lesson; the others' answers stay assigned, as the homework screen leaves them.
 */
async function writeHomework(
  tx: Queryable,
  schoolIds: readonly number[],
  seed: number,
  until: string,
  noise: (expr: string) => string,
) {
  await tx.query(
    `INSERT INTO homework (lesson_id, teacher_id, text, deadline, created_at)
     SELECT l.id, t.teacher_id, 'Оқулықтағы жаттығулар · Упражнения из учебника',
            (l.lesson_date + 2)::timestamptz, l.lesson_date::timestamptz
       FROM lessons l JOIN timetable_slots t ON t.id = l.slot_id JOIN groups g ON g.id = t.group_id
      WHERE g.school_id = ANY($1::int[]) AND l.lesson_date <= $2::date AND t.teacher_id IS NOT NULL
        AND ${noise(`'h' || l.id`)} < 100`,
    [[...schoolIds], until],
  );
  await tx.query(
    `INSERT INTO homework_answers (homework_id, student_id, status, text, sent_at)
     SELECT h.id, u.id, CASE WHEN sent THEN 'sent' ELSE 'assigned' END,
            CASE WHEN sent THEN 'Орындалды · Выполнено' ELSE '' END,
            CASE WHEN sent THEN (l.lesson_date + 1)::timestamptz END
       FROM homework h JOIN lessons l ON l.id = h.lesson_id
       JOIN timetable_slots t ON t.id = l.slot_id
       JOIN users u ON u.group_id = t.group_id AND u.role = 'student'
       CROSS JOIN LATERAL (
         SELECT ${noise(`'pu' || u.id`)} < 300 + ${noise(`'use' || u.school_id`)} * 0.6
                AND ${noise(`'hw' || h.id || ':' || u.id`)} < 700 AS sent
       ) AS answer
      WHERE u.school_id = ANY($1::int[])`,
    [[...schoolIds]],
  );
}
