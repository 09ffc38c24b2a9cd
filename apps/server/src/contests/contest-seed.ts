import type { Queryable } from '../db/db';

/**
 * Demo contests around today (run after the catalogue's seed: entries are published lessons of
 * the demo teachers): one open for entries, one whose entries wait for the jury, one finished with
 * its results, one upcoming.
 */

const CRITERIA = [
  { id: 'content', kz: 'Мазмұны мен ғылыми дәлдігі', ru: 'Содержание и научная точность', max: 10 },
  { id: 'method', kz: 'Әдістемесі', ru: 'Методика', max: 10 },
  { id: 'engagement', kz: 'Оқушыларды қызықтыруы', ru: 'Вовлечение учеников', max: 10 },
  { id: 'assessment', kz: 'Бағалау тапсырмалары', ru: 'Задания для оценивания', max: 5 },
];

const RULES = [
  {
    kz: 'Байқауға өзіңіз құрастырып, платформада жариялаған материал ұсынылады. Бір материал бір рет қана ұсынылады.',
    ru: 'На конкурс подаётся материал, который вы сами создали и опубликовали на платформе. Один материал подаётся один раз.',
  },
  {
    kz: 'Қабылдау аяқталғаннан кейін әдіскерлерден құралған қазылар алқасы әр жұмысты критерийлер бойынша бағалайды.',
    ru: 'После окончания приёма жюри из методистов оценивает каждую работу по критериям.',
  },
  {
    kz: 'Орындар қазылардың қорытынды балдарының орташа мәні бойынша анықталады. Нәтижелер осы бетте жарияланады.',
    ru: 'Места определяются по среднему итоговому баллу жюри. Результаты публикуются на этой странице.',
  },
];

function day(today: string, offset: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

interface Seeded {
  type: string;
  lessonType: string;
  kz: string;
  ru: string;
  summaryKz: string;
  summaryRu: string;
  from: number;
  until: number;
  results: number;
  published: boolean;
}

const CONTESTS: Seeded[] = [
  {
    type: 'best-lesson',
    lessonType: 'lesson',
    kz: 'Үздік сабақ — 2026',
    ru: 'Лучший урок — 2026',
    summaryKz: 'Республикалық байқау: платформада құрастырылған ең үздік сабақтар.',
    summaryRu: 'Республиканский конкурс лучших уроков, созданных в конструкторе платформы.',
    from: -20,
    until: 25,
    results: 40,
    published: false,
  },
  {
    type: 'digital-resource',
    lessonType: 'lesson',
    kz: 'Цифрлық сабақ: жаратылыстану',
    ru: 'Цифровой урок: естествознание',
    summaryKz: 'Интерактивті тапсырмалары бар жаратылыстану сабақтары.',
    summaryRu: 'Уроки естествознания с интерактивными заданиями.',
    from: -60,
    until: -5,
    results: 10,
    published: false,
  },
  {
    type: 'innovation',
    lessonType: 'lesson',
    kz: 'Инновациялық сабақ',
    ru: 'Инновационный урок',
    summaryKz: 'Жаңа әдістер мен цифрлық құралдарды қолданған сабақтар.',
    summaryRu: 'Уроки с новыми методами и цифровыми инструментами.',
    from: -150,
    until: -100,
    results: -90,
    published: true,
  },
  {
    type: 'best-lesson',
    lessonType: 'sor',
    kz: 'Үздік БЖБ тапсырмалары',
    ru: 'Лучшие задания СОР',
    summaryKz: 'Бөлім бойынша жиынтық бағалаудың үздік тапсырмалары.',
    summaryRu: 'Лучшие задания суммативного оценивания за раздел.',
    from: 15,
    until: 60,
    results: 75,
    published: false,
  },
];

export async function seedContests(tx: Queryable, today: string): Promise<void> {
  const lessons = await tx.query<{
    draft_id: string;
    owner_id: number;
    school_id: number | null;
    title: string;
    login: string;
  }>(
    `SELECT c.draft_id, c.owner_id, c.school_id, c.title, u.login
       FROM catalogue_items c JOIN users u ON u.id = c.owner_id
      WHERE c.type = 'lesson' AND u.login IN ('teacher', 'school2-teacher')
      ORDER BY u.login, c.draft_id`,
  );
  const own = lessons.filter((l) => l.login === 'teacher');
  const other = lessons.filter((l) => l.login === 'school2-teacher');
  const [methodist] = await tx.query<{ id: number }>(
    "SELECT id FROM users WHERE login = 'methodist'",
  );
  for (const [i, c] of CONTESTS.entries()) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO contests (type, lesson_type, title_kz, title_ru, summary_kz, summary_ru, rules, criteria,
                             starts_on, submit_until, results_on, results_published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11,
               CASE WHEN $12 THEN now() END) RETURNING id`,
      [
        c.type,
        c.lessonType,
        c.kz,
        c.ru,
        c.summaryKz,
        c.summaryRu,
        JSON.stringify(RULES),
        JSON.stringify(CRITERIA),
        day(today, c.from),
        day(today, c.until),
        day(today, c.results),
        c.published,
      ],
    );
    // The judging contest and the finished one have entries of both demo schools' teachers.
    if (i !== 1 && i !== 2) continue;
    const entries = [own[i - 1], other[0]].filter((e) => e !== undefined);
    for (const [n, entry] of entries.entries()) {
      const [made] = await tx.query<{ id: number }>(
        `INSERT INTO contest_entries (contest_id, draft_id, teacher_id, school_id, title, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6::date + interval '10 hours') RETURNING id`,
        [
          row!.id,
          entry.draft_id,
          entry.owner_id,
          entry.school_id,
          entry.title,
          day(today, c.from + 3 + n),
        ],
      );
      if (c.published && methodist) {
        const points = { content: 9 - n, method: 8 - n, engagement: 9 - 2 * n, assessment: 4 };
        await tx.query(
          `INSERT INTO contest_scores (entry_id, juror_id, points, total, comment)
           VALUES ($1, $2, $3::jsonb, $4, $5)`,
          [
            made!.id,
            methodist.id,
            JSON.stringify(points),
            Object.values(points).reduce((sum, p) => sum + p, 0),
            n === 0
              ? 'Тапсырмалар жүйелі, бағалау критерийлері анық.'
              : 'Мазмұны жақсы, интерактив аз.',
          ],
        );
      }
    }
  }
}
