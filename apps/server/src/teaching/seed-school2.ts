import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { withCheckDigit } from '@sabaq/platform';
import { PERIODS, makeIin } from '../core/seed-data';
import { DEMO_SOR_ID, demoSor } from './demo-content';
import { publishDemoExam, seedJournal } from './seed';
import { planWeek } from './timetable';

/**
 * The second demo school (issue 12, tenancy): its own director, zavuch, maths teacher, class
 * teacher and a 7В with pupils, its own periods, timetable, journal marks and a published SOR.
 * Tests log in as these users to prove that one school never reaches another's rows. Logins start
 * with `school2-`; the password is the demo password.
 */
export const SECOND_SCHOOL = {
  kind: 'school',
  name_kz: 'Астана қаласының № 81 мектеп-гимназиясы',
  name_ru: 'Школа-гимназия № 81 города Астаны',
  address_kz: 'Астана қ., Сарыарқа ауданы, Жеңіс даңғылы, 12',
  address_ru: 'г. Астана, район Сарыарка, проспект Победы, 12',
  bin: withCheckDigit('09054002345'),
} as const;

/** The second school's SOR (the demo SOR's questions, its own draft). */
export const SECOND_SCHOOL_SOR_ID = `${DEMO_SOR_ID}-school2`;

interface SecondSchoolUser {
  login: string;
  role: 'director' | 'zavuch' | 'teacher' | 'student';
  subrole?: string;
  firstname: string;
  surname: string;
  lastname: string;
  gender: 'm' | 'w';
  born: string;
  position?: string;
}

/** Demo accounts of the second school (README: demo accounts). */
export const SECOND_SCHOOL_USERS: readonly SecondSchoolUser[] = [
  {
    login: 'school2-director',
    role: 'director',
    firstname: 'Бақытжан',
    surname: 'Сейітов',
    lastname: 'Маратұлы',
    gender: 'm',
    born: '1971-05-12',
    position: 'Мектеп директоры',
  },
  {
    login: 'school2-zavuch',
    role: 'zavuch',
    firstname: 'Гүлмира',
    surname: 'Әлиева',
    lastname: 'Жомартқызы',
    gender: 'w',
    born: '1980-09-03',
    position: 'Директордың оқу ісі жөніндегі орынбасары',
  },
  {
    login: 'school2-teacher',
    role: 'teacher',
    firstname: 'Данияр',
    surname: 'Қалиев',
    lastname: 'Ерболұлы',
    gender: 'm',
    born: '1987-01-21',
    position: 'Математика пәнінің мұғалімі',
  },
  {
    login: 'school2-group-lead',
    role: 'teacher',
    subrole: 'DCR',
    firstname: 'Ләззат',
    surname: 'Нұрланова',
    lastname: 'Асанқызы',
    gender: 'w',
    born: '1989-11-30',
    position: 'Сынып жетекшісі, қазақ тілі мұғалімі',
  },
  {
    login: 'school2-student',
    role: 'student',
    firstname: 'Айдана',
    surname: 'Төлеуова',
    lastname: 'Бауыржанқызы',
    gender: 'w',
    born: '2013-06-08',
  },
];

/** The other pupils of the second school's 7В (no login: IIN and the demo password). */
const PUPILS: readonly [string, string, 'm' | 'w'][] = [
  ['Нұрсұлтан', 'Бекмұхамбетов', 'm'],
  ['Аружан', 'Оспан', 'w'],
  ['Мирас', 'Жақыпов', 'm'],
  ['Дарина', 'Ким', 'w'],
  ['Ерасыл', 'Сағындықов', 'm'],
  ['Томирис', 'Мұратова', 'w'],
];

/** Who teaches what in the second school's 7th parallel. */
function teacherOf(subject: string): string | null {
  if (subject === 'algebra' || subject === 'geometry' || subject === 'math')
    return 'school2-teacher';
  if (subject === 'kazakh' || subject === 'kazakh-lit') return 'school2-group-lead';
  return null;
}

async function one<T>(q: Queryable, sql: string, params: unknown[]): Promise<T> {
  const row = (await q.query<T>(sql, params))[0];
  if (!row) throw new Error(`seed: no row from ${sql.slice(0, 40)}`);
  return row;
}

export async function seedSecondSchool(
  tx: Queryable,
  now: Date,
  ctx: {
    regionId: number;
    departmentId: number;
    localityId: number;
    langIds: Record<string, number>;
    subjectIds: Record<string, number>;
    currentIndex: number;
    /** The demo password's hash (shared with the first school's demo users). */
    passwordHash: string;
  },
): Promise<void> {
  const s = SECOND_SCHOOL;
  const school = await one<{ id: number }>(
    tx,
    `INSERT INTO schools (kind, name_kz, name_ru, address_kz, address_ru, bin, locality_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [s.kind, s.name_kz, s.name_ru, s.address_kz, s.address_ru, s.bin, ctx.localityId],
  );
  for (const [i, p] of PERIODS.entries())
    await tx.query(
      `INSERT INTO periods (school_id, school_year, quarter, name_kz, name_ru, start_date, end_date, is_current)
       VALUES ($1, '2026-2027', $2, $3, $4, $5, $6, $7)`,
      [school.id, p.quarter, p.kz, p.ru, p.start, p.end, i === ctx.currentIndex],
    );
  const groups: Record<string, number> = {};
  // 7В and 7Г: letters the first school does not use, so a class name alone still names one
  // class in tests and tools that look classes up by name.
  for (const [letter, lang] of [
    ['В', 'kz'],
    ['Г', 'ru'],
  ] as const) {
    const g = await one<{ id: number }>(
      tx,
      'INSERT INTO groups (school_id, parallel, letter, edu_lang_id) VALUES ($1, 7, $2, $3) RETURNING id',
      [school.id, letter, ctx.langIds[lang]],
    );
    groups[letter] = g.id;
  }
  const g7v = groups['В'] as number;

  const users: Record<string, number> = {};
  const people = [
    ...SECOND_SCHOOL_USERS,
    ...PUPILS.map(([firstname, surname, gender], i) => ({
      login: null,
      role: 'student' as const,
      firstname,
      surname,
      lastname: null,
      gender,
      born: `2013-${String(i + 2).padStart(2, '0')}-${String(i + 10).padStart(2, '0')}`,
      position: undefined,
      subrole: undefined,
    })),
  ];
  for (const [i, u] of people.entries()) {
    const row = await one<{ id: number }>(
      tx,
      `INSERT INTO users (login, iin, email, password_hash, role, subrole, position, firstname, surname, lastname,
                          gender, born_date, school_id, group_id, region_id, department_id, chat_token)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17) RETURNING id`,
      [
        u.login,
        makeIin(u.born, u.gender, 3000 + i),
        u.login ? `${u.login}@demo.sabaq.kz` : null,
        ctx.passwordHash,
        u.role,
        u.subrole ?? null,
        u.position ?? null,
        u.firstname,
        u.surname,
        u.lastname,
        u.gender,
        u.born,
        school.id,
        u.role === 'student' ? g7v : null,
        ctx.regionId,
        ctx.departmentId,
        randomBytes(16).toString('hex'),
      ],
    );
    if (u.login) users[u.login] = row.id;
  }
  await tx.query('INSERT INTO group_personnel (group_id, user_id) VALUES ($1, $2), ($1, $3)', [
    g7v,
    users['school2-group-lead'],
    users['school2-teacher'],
  ]);

  // The timetable of both classes in every period of the school, as the first school's.
  const plan = planWeek(
    Object.values(groups).map((id) => ({ key: String(id), parallel: 7 })),
    (subject) => teacherOf(subject),
  );
  const periods = await tx.query<{ id: number }>(
    'SELECT id FROM periods WHERE school_id = $1 ORDER BY start_date',
    [school.id],
  );
  const rows = periods.flatMap((p) => plan.map((slot) => ({ period: p.id, slot })));
  await tx.query(
    `INSERT INTO timetable_slots (group_id, period_id, weekday, lesson_no, shift, subject_id, teacher_id)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])`,
    [
      rows.map((r) => Number(r.slot.group)),
      rows.map((r) => r.period),
      rows.map((r) => r.slot.weekday),
      rows.map((r) => r.slot.lessonNo),
      rows.map((r) => r.slot.shift),
      rows.map((r) => ctx.subjectIds[r.slot.subject]),
      rows.map((r) => (r.slot.teacher === null ? null : (users[r.slot.teacher] ?? null))),
    ],
  );

  const algebra = ctx.subjectIds.algebra as number;
  const teacherId = users['school2-teacher'] as number;
  await publishDemoExam(
    tx,
    { ...demoSor(), id: SECOND_SCHOOL_SOR_ID },
    {
      ownerId: teacherId,
      schoolId: school.id,
      groupId: g7v,
      subjectId: algebra,
      theme: 'Сызықтық теңдеулер: жиынтық бағалау',
      now,
    },
  );
  await seedJournal(tx, g7v, algebra, teacherId, now.toISOString().slice(0, 10));
}
