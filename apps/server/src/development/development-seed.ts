import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { makeIin } from '../core/seed-data';
import { SKILLS } from './skill-data';
import { schoolYearOf } from './card-queries';

/**
 * Demo data of the developmental cards (issue 15): the age groups of the two demo kindergarten
 * groups (А senior, Б middle), twelve children in each, the skills of the preschool standard for
 * all five age groups, and
 * the start stage filled for most of group А (the middle stage for a few), with levels drawn from
 * a seeded generator so every `npm start` shows the same charts.
 */
export const KINDERGARTEN_CHILDREN: Record<
  'А' | 'Б',
  readonly (readonly [string, string, 'm' | 'w'])[]
> = {
  А: [
    ['Айым', 'Серікова', 'w'],
    ['Нұрсұлтан', 'Ахметов', 'm'],
    ['Аружан', 'Қанатқызы', 'w'],
    ['Әли', 'Бекұлы', 'm'],
    ['Томирис', 'Ерланова', 'w'],
    ['Алдияр', 'Мұхтаров', 'm'],
    ['Інжу', 'Дәуренова', 'w'],
    ['Санжар', 'Тілеуов', 'm'],
    ['Медина', 'Асқарова', 'w'],
    ['Бауыржан', 'Нұрланов', 'm'],
    ['Раяна', 'Жұмабаева', 'w'],
    ['Ерхан', 'Сәкенов', 'm'],
  ],
  Б: [
    ['Анастасия', 'Иванова', 'w'],
    ['Артём', 'Ким', 'm'],
    ['София', 'Петренко', 'w'],
    ['Максим', 'Ли', 'm'],
    ['Алиса', 'Шевченко', 'w'],
    ['Тимур', 'Абдрахманов', 'm'],
    ['Милана', 'Цой', 'w'],
    ['Даниил', 'Смирнов', 'm'],
    ['Ева', 'Кузнецова', 'w'],
    ['Марк', 'Волков', 'm'],
    ['Вероника', 'Сергеева', 'w'],
    ['Арсений', 'Попов', 'm'],
  ],
};

/** A small deterministic generator (LCG): the same demo levels on every seed. */
export function seededLevels(seed: number): () => 1 | 2 | 3 {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const r = state / 2 ** 32;
    return r < 0.2 ? 1 : r < 0.7 ? 2 : 3;
  };
}

export async function seedDevelopment(
  tx: Queryable,
  now: Date,
  opts: {
    schoolId: number;
    groupIds: { А: number; Б: number };
    regionId: number;
    departmentId: number;
    passwordHash: string;
    teacherId: number;
  },
): Promise<void> {
  // Every skill in one statement (five age groups × five areas × 4–5 skills).
  const rows = Object.entries(SKILLS).flatMap(([ageGroup, areas]) =>
    Object.entries(areas).flatMap(([area, skills]) =>
      skills.map(([kz, ru], index) => ({ ageGroup, area, position: index + 1, kz, ru })),
    ),
  );
  await tx.query(
    `INSERT INTO development_skills (area, age_group, position, title_kz, title_ru)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[])`,
    [
      rows.map((r) => r.area),
      rows.map((r) => r.ageGroup),
      rows.map((r) => r.position),
      rows.map((r) => r.kz),
      rows.map((r) => r.ru),
    ],
  );
  const ageGroups = { А: 'senior', Б: 'middle' } as const;
  const year = schoolYearOf(now);
  let serial = 4000;
  const children: Record<'А' | 'Б', number[]> = { А: [], Б: [] };
  for (const letter of ['А', 'Б'] as const) {
    await tx.query('UPDATE groups SET age_group = $1 WHERE id = $2', [
      ageGroups[letter],
      opts.groupIds[letter],
    ]);
    // Senior group: 4–5 years old on 1 September; middle group: 3–4.
    const birthYear = year - (letter === 'А' ? 5 : 4);
    for (const [i, [firstname, surname, gender]] of KINDERGARTEN_CHILDREN[letter].entries()) {
      const month = String(((i * 5) % 12) + 1).padStart(2, '0');
      const day = String(((i * 7) % 27) + 1).padStart(2, '0');
      const born = `${month >= '09' ? birthYear : birthYear + 1}-${month}-${day}`;
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO users (iin, password_hash, default_pass, role, firstname, surname, gender, born_date,
                            school_id, group_id, region_id, department_id, chat_token)
         VALUES ($1, $2, true, 'student', $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          makeIin(born, gender, serial++),
          opts.passwordHash,
          firstname,
          surname,
          gender,
          born,
          opts.schoolId,
          opts.groupIds[letter],
          opts.regionId,
          opts.departmentId,
          randomBytes(16).toString('hex'),
        ],
      );
      children[letter].push(rows[0]!.id);
    }
  }
  // Group А (senior): the start stage for ten of twelve children, the middle stage for three.
  const skills = await tx.query<{ id: number }>(
    "SELECT id FROM development_skills WHERE age_group = 'senior' ORDER BY area, position",
  );
  const next = seededLevels(15);
  for (const [i, childId] of children.А.entries()) {
    const stages = i < 3 ? ['start', 'middle'] : i < 10 ? ['start'] : [];
    for (const stage of stages) {
      for (const skill of skills) {
        const level = stage === 'middle' ? Math.min(3, next() + 1) : next();
        await tx.query(
          `INSERT INTO development_assessments
             (school_id, child_id, skill_id, school_year, stage, level, assessed_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [opts.schoolId, childId, skill.id, year, stage, level, opts.teacherId],
        );
      }
    }
  }
}
