import { randomUUID } from 'node:crypto';
import { DraftSchema, createDraft, newModule, textDoc } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import { PLAN_LESSON_MAX_HOURS } from '@sabaq/platform';
import type { Answers } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { datedLessons } from './calendar-plans';
import { demoTask } from './demo-content';
import { gradeAnswers } from './grading';
import { ensureLessons } from './lessons';

/**
 * Demo calendar plans (KTP) of a 7th-grade group: the sections of the updated curriculum per
 * subject, in order, with their share of the year's hours. The hours are scaled to the subject's
 * lessons in the school year's timetable, so the plan covers the whole year.
 */
export const KTP_TOPICS: Record<string, readonly (readonly [string, number])[]> = {
  algebra: [
    ['Натурал көрсеткішті дәреже және оның қасиеттері', 3],
    ['Бірмүше. Бірмүшенің стандарт түрі', 2],
    ['Көпмүшелер және оларға амалдар қолдану', 4],
    ['Қысқаша көбейту формулалары', 4],
    ['Көпмүшені көбейткіштерге жіктеу', 3],
    ['Алгебралық бөлшектер және олардың негізгі қасиеті', 3],
    ['Алгебралық бөлшектерге амалдар қолдану', 4],
    ['Функция. Функцияның берілу тәсілдері', 2],
    ['Сызықтық функция және оның графигі', 3],
    ['y = kx функциясы және оның графигі', 2],
    ['Бір айнымалысы бар сызықтық теңдеулер', 3],
    ['Сызықтық теңдеулер жүйесі және оны шешу тәсілдері', 4],
    ['Статистика элементтері: жиілік, салыстырмалы жиілік', 2],
    ['Жылдық қайталау', 2],
  ],
  geometry: [
    ['Геометрияның бастапқы ұғымдары: нүкте, түзу, жазықтық', 2],
    ['Кесінді, сәуле, бұрыш. Бұрыштарды өлшеу', 3],
    ['Сыбайлас және вертикаль бұрыштар', 2],
    ['Перпендикуляр түзулер', 2],
    ['Үшбұрыштар. Үшбұрыштардың теңдік белгілері', 4],
    ['Теңбүйірлі үшбұрыш және оның қасиеттері', 3],
    ['Параллель түзулер және олардың белгілері', 3],
    ['Үшбұрыш бұрыштарының қосындысы', 2],
    ['Тікбұрышты үшбұрыш', 3],
    ['Шеңбер. Геометриялық салулар', 3],
  ],
  kazakh: [
    ['Сөз таптары: зат есім, сын есім, сан есім', 4],
    ['Есімдік және оның түрлері', 3],
    ['Етістік. Етістіктің шақтары мен райлары', 5],
    ['Көсемше мен есімше', 4],
    ['Үстеу және оның мағыналық түрлері', 3],
    ['Еліктеуіш сөздер', 2],
    ['Шылау және одағай', 3],
    ['Сөз тіркесі және сөйлем мүшелері', 4],
    ['Мәтінмен жұмыс: әңгіме, эссе жазу', 3],
  ],
  'kazakh-lit': [
    ['Ауыз әдебиеті: «Қобыланды батыр» жыры', 3],
    ['Шалкиіз жыраудың толғаулары', 2],
    ['Абай Құнанбаев: «Жаз» өлеңі', 2],
    ['Ы. Алтынсарин әңгімелері', 2],
    ['М. Жұмабаев: «Мен жастарға сенемін» өлеңі', 2],
    ['М. Әуезов: «Көксерек» әңгімесі', 3],
    ['Ғ. Мүсірепов: «Ананың анасы» әңгімесі', 2],
    ['Т. Әбдік: «Оң қол» әңгімесі', 2],
    ['Жылдық шолу және шығармашылық жұмыс', 2],
  ],
  russian: [
    ['Причастие как особая форма глагола', 4],
    ['Причастный оборот. Знаки препинания', 3],
    ['Деепричастие и деепричастный оборот', 4],
    ['Наречие: разряды и степени сравнения', 3],
    ['Предлог как часть речи', 2],
    ['Союз. Сочинительные и подчинительные союзы', 3],
    ['Частица и междометие', 2],
    ['Текст: описание, повествование, рассуждение', 3],
    ['Повторение изученного за год', 2],
  ],
  english: [
    ['Unit 1. Personal qualities', 3],
    ['Unit 2. Reading for pleasure', 3],
    ['Unit 3. Our countryside', 3],
    ['Unit 4. Drama and comedy', 3],
    ['Unit 5. Healthy habits', 3],
    ['Unit 6. Communication and technology', 3],
    ['Unit 7. Sport and exercise', 3],
    ['Unit 8. The natural world', 3],
    ['Revision and end-of-year project', 2],
  ],
  physics: [
    ['Физика – табиғат туралы ғылым. Физикалық шамалар', 2],
    ['Механикалық қозғалыс. Жылдамдық', 3],
    ['Масса және тығыздық', 3],
    ['Күш. Ауырлық күші, серпімділік күші, үйкеліс күші', 4],
    ['Қысым. Сұйықтар мен газдардағы қысым', 4],
    ['Архимед күші. Денелердің жүзу шарты', 3],
    ['Механикалық жұмыс және қуат', 3],
    ['Қарапайым механизмдер. Пайдалы әсер коэффициенті', 3],
  ],
  chemistry: [
    ['Химия пәні. Зертханада қауіпсіздік ережелері', 2],
    ['Таза заттар және қоспалар', 3],
    ['Атомдар мен молекулалар. Химиялық элементтер', 3],
    ['Химиялық формулалар. Валенттілік', 3],
    ['Физикалық және химиялық құбылыстар', 2],
    ['Ауа. Оттек. Жану', 3],
    ['Су – ерітінді', 3],
  ],
  biology: [
    ['Тірі ағзалардың алуантүрлілігі', 3],
    ['Жасуша – тіршіліктің негізі', 3],
    ['Өсімдіктердің қоректенуі: фотосинтез', 3],
    ['Жануарлардың қоректенуі және ас қорыту', 3],
    ['Тасымалдау: өсімдіктер мен жануарлардағы заттар тасымалы', 3],
    ['Тыныс алу', 2],
    ['Бөліп шығару', 2],
    ['Координация және реттелу', 3],
  ],
  geography: [
    ['Географиялық зерттеу әдістері', 2],
    ['Картография: карта масштабы мен проекциялары', 3],
    ['Литосфера және жер бедері', 3],
    ['Атмосфера: климат түзуші факторлар', 3],
    ['Гидросфера: Дүниежүзілік мұхит және құрлық сулары', 3],
    ['Биосфера: табиғат зоналары', 3],
    ['Халық географиясы', 2],
    ['Шаруашылық географиясы', 2],
  ],
  'history-kz': [
    ['VI–IX ғасырлардағы Қазақстан: Түрік қағанаты', 3],
    ['Батыс Түрік және Түргеш қағанаттары', 2],
    ['Қарлұқ, Оғыз, Қимақ мемлекеттері', 3],
    ['Қарахан мемлекеті', 2],
    ['Ұлы Жібек жолы және ортағасырлық қалалар', 3],
    ['Моңғол шапқыншылығы және Алтын Орда', 3],
    ['Ақ Орда, Моғолстан, Әбілқайыр хандығы', 3],
    ['Қазақ хандығының құрылуы', 3],
  ],
  informatics: [
    ['Компьютердің құрылғылары және қауіпсіздік ережелері', 2],
    ['Ақпаратты кодтау. Екілік санау жүйесі', 3],
    ['Компьютерлік желілер және интернет', 2],
    ['Мәтіндік құжаттармен жұмыс', 2],
    ['Электрондық кестелер: формулалар мен функциялар', 3],
    ['Алгоритмдер және олардың түрлері', 3],
    ['Python тілінде бағдарламалау негіздері', 4],
    ['3D-модельдеу негіздері', 2],
  ],
  pe: [
    ['Жеңіл атлетика: жүгіру, секіру, лақтыру', 4],
    ['Спорттық ойындар: баскетбол', 4],
    ['Гимнастика: акробатикалық жаттығулар', 4],
    ['Спорттық ойындар: волейбол', 4],
    ['Ұлттық ойындар: тоғызқұмалақ, асық ату', 2],
    ['Спорттық ойындар: футбол', 3],
    ['Жеңіл атлетика: төзімділікке жүгіру', 3],
  ],
};

/** The demo lecture the seed links to 7А's first algebra plan lesson (degrees and their properties). */
export const DEMO_LECTURE_ID = 'demo-lecture-algebra-7-kz';

export function demoLecture(): Draft {
  const d = createDraft({
    id: DEMO_LECTURE_ID,
    type: 'lecture',
    title: 'Натурал көрсеткішті дәреже және оның қасиеттері',
    lang: 'kz',
    class: 7,
    summary: 'Алгебра, 7-сынып: дәреже ұғымы, дәрежелерді көбейту, бөлу және дәрежеге шығару',
  });
  const intro = newModule('t1', 'simple', 'Дәреже ұғымы');
  intro.content = textDoc(
    'a санының n-ші дәрежесі деп әрқайсысы a-ға тең n көбейткіштің көбейтіндісін айтады: aⁿ = a · a · … · a. Мұндағы a – дәреженің негізі, n – дәреже көрсеткіші. Мысалы, 2³ = 2 · 2 · 2 = 8.',
  );
  const rules = newModule('t2', 'simple', 'Дәреженің қасиеттері');
  rules.content = textDoc(
    'Негіздері бірдей дәрежелерді көбейткенде көрсеткіштері қосылады: aᵐ · aⁿ = aᵐ⁺ⁿ. Бөлгенде көрсеткіштері азайтылады: aᵐ : aⁿ = aᵐ⁻ⁿ (a ≠ 0, m > n). Дәрежені дәрежеге шығарғанда көрсеткіштері көбейтіледі: (aᵐ)ⁿ = aᵐⁿ.',
  );
  const m1 = demoTask('m1', 'Дәрежені есептеу', '3⁴ өрнегінің мәнін табыңыз.', [1]);
  m1.options = {
    kind: 'choice',
    multiple: false,
    items: [
      { id: 'm1-a', content: '81', right: true },
      { id: 'm1-b', content: '12', right: false },
      { id: 'm1-c', content: '64', right: false },
    ],
  };
  const m2 = demoTask(
    'm2',
    'Көбейту ережесі',
    'a⁵ · a³ көбейтіндісін дәреже түрінде жазыңыз.',
    [1],
  );
  m2.options = {
    kind: 'select',
    items: [
      { id: 'm2-a', text: 'a¹⁵' },
      { id: 'm2-b', text: 'a⁸' },
      { id: 'm2-c', text: 'a²' },
    ],
    rightId: 'm2-b',
  };
  const m3 = demoTask(
    'm3',
    'Өз сөзіңмен',
    '(2³)² және 2³ · 2² өрнектерінің мәндерін салыстырып, неге әртүрлі екенін түсіндіріңіз.',
    [1, 1],
  );
  d.pages = [
    { id: 'p1', title: 'Теория', expand: true, modules: [intro, rules] },
    { id: 'p2', title: 'Өзіңді тексер', expand: true, modules: [m1, m2, m3] },
  ];
  d.version = 3;
  return DraftSchema.parse(d);
}

/** Answers of the demo pupils: a spread of right, wrong and open answers awaiting the teacher. */
const DEMO_ANSWERS: Answers[] = [
  {
    m1: { kind: 'choice', optionIds: ['m1-a'] },
    m2: { kind: 'select', optionId: 'm2-b' },
    m3: {
      kind: 'open',
      text: '(2³)² = 64, ал 2³ · 2² = 32: біріншіде көрсеткіштер көбейтіледі, екіншіде қосылады.',
    },
  },
  {
    m1: { kind: 'choice', optionIds: ['m1-b'] },
    m2: { kind: 'select', optionId: 'm2-b' },
    m3: { kind: 'open', text: 'Екеуі де 2-нің дәрежесі, бірақ мәндері әртүрлі.' },
  },
  { m1: { kind: 'choice', optionIds: ['m1-a'] }, m2: { kind: 'select', optionId: 'm2-a' } },
  {
    m1: { kind: 'choice', optionIds: ['m1-a'] },
    m2: { kind: 'select', optionId: 'm2-b' },
    m3: { kind: 'open', text: '64 > 32, себебі (aᵐ)ⁿ = aᵐⁿ, ал aᵐ · aⁿ = aᵐ⁺ⁿ.' },
  },
];

/**
 * KTP of a group for the current school year: one plan per subject with topics (KTP_TOPICS), plan
 * lessons numbered in order, quarter = the quarter of the first dated lesson it falls on. A plan
 * that exists is left alone, so running it again changes nothing. For 7А algebra the demo lecture
 * is published, linked to the first plan lesson and put on its dated lessons; pupils who are not
 * demo logins have answered it in the first of them when that day is past.
 */
export async function seedCalendarPlans(
  tx: Queryable,
  groupId: number,
  today: string,
  lectureOwner?: { userId: number; schoolId: number },
): Promise<void> {
  const year = (
    await tx.query<{ school_year: string; start: string; end: string }>(
      `SELECT school_year, to_char(min(start_date), 'YYYY-MM-DD') AS start, to_char(max(end_date), 'YYYY-MM-DD') AS end
         FROM periods WHERE school_id = (SELECT school_id FROM groups WHERE id = $1) GROUP BY school_year
        ORDER BY bool_or(is_current) DESC, max(end_date) DESC LIMIT 1`,
      [groupId],
    )
  )[0];
  if (!year) return;
  await ensureLessons(tx, { groupIds: [groupId], from: year.start, to: year.end });
  const subjects = await tx.query<{ id: number; code: string; teacher_id: number | null }>(
    `SELECT sub.id, sub.code, min(s.teacher_id) AS teacher_id
       FROM timetable_slots s JOIN subjects sub ON sub.id = s.subject_id JOIN periods p ON p.id = s.period_id
      WHERE s.group_id = $1 AND p.school_year = $2
      GROUP BY sub.id, sub.code ORDER BY sub.id`,
    [groupId, year.school_year],
  );
  for (const sub of subjects) {
    const topics = KTP_TOPICS[sub.code];
    if (!topics) continue;
    const created = await tx.query<{ id: number }>(
      `INSERT INTO calendar_plans (group_id, subject_id, school_year, created_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (group_id, subject_id, school_year) DO NOTHING RETURNING id`,
      [groupId, sub.id, year.school_year, sub.teacher_id],
    );
    const planId = created[0]?.id;
    if (planId === undefined) continue;
    // The subject's lessons of the year in order (the first subgroup's, when split) with quarters.
    const dated = await tx.query<{ quarter: number }>(
      `SELECT p.quarter FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id JOIN periods p ON p.id = s.period_id
        WHERE s.group_id = $1 AND s.subject_id = $2 AND p.school_year = $3
          AND coalesce(s.subgroup_id, 0) = (SELECT coalesce(min(s2.subgroup_id), 0) FROM timetable_slots s2
                                              WHERE s2.group_id = $1 AND s2.subject_id = $2)
        ORDER BY l.lesson_date, s.lesson_no, l.id`,
      [groupId, sub.id, year.school_year],
    );
    const weight = topics.reduce((n, [, h]) => n + h, 0);
    const scale = dated.length > 0 ? dated.length / weight : 1;
    const cols = {
      uuid: [] as string[],
      number: [] as number[],
      topic: [] as string[],
      hours: [] as number[],
      quarter: [] as number[],
    };
    let before = 0;
    topics.forEach(([topic, h], i) => {
      // The last topic takes what is left, so the plan ends with the year.
      const left = dated.length - before;
      const hours = Math.max(1, i === topics.length - 1 && left > 0 ? left : Math.round(h * scale));
      // A section longer than a plan lesson may be (PLAN_LESSON_MAX_HOURS, what editing and the
      // .xlsx import accept) becomes consecutive plan lessons «topic (1/2)», «topic (2/2)», so
      // an exported demo plan imports back unchanged.
      const parts = Math.ceil(hours / PLAN_LESSON_MAX_HOURS);
      for (let k = 0; k < parts; k++) {
        const part = Math.floor(hours / parts) + (k < hours % parts ? 1 : 0);
        const quarter = dated[Math.min(before, dated.length - 1)]?.quarter ?? 1;
        cols.uuid.push(randomUUID());
        cols.number.push(cols.number.length + 1);
        cols.topic.push(parts > 1 ? `${topic} (${k + 1}/${parts})` : topic);
        cols.hours.push(part);
        cols.quarter.push(quarter);
        before += part;
      }
    });
    await tx.query(
      `INSERT INTO calendar_plan_lessons (uuid, plan_id, number, topic, hours, quarter)
       SELECT u::uuid, $1, n, t, h, q FROM unnest($2::text[], $3::int[], $4::text[], $5::int[], $6::int[]) AS x(u, n, t, h, q)`,
      [planId, cols.uuid, cols.number, cols.topic, cols.hours, cols.quarter],
    );
  }

  if (!lectureOwner) return;
  const algebra = (
    await tx.query<{
      id: number;
      group_id: number;
      school_id: number;
      subject_id: number;
      school_year: string;
      first: string;
    }>(
      `SELECT cp.id, cp.group_id, g.school_id, cp.subject_id, cp.school_year, l.uuid::text AS first
         FROM calendar_plans cp JOIN subjects sub ON sub.id = cp.subject_id JOIN groups g ON g.id = cp.group_id
         JOIN calendar_plan_lessons l ON l.plan_id = cp.id AND l.number = 1
        WHERE cp.group_id = $1 AND sub.code = 'algebra' AND cp.school_year = $2`,
      [groupId, year.school_year],
    )
  )[0];
  if (!algebra) return;
  const lecture = demoLecture();
  await tx.query(
    `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, status, doc, initial, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'published', $8, $8, now()) ON CONFLICT (id) DO NOTHING`,
    [
      lecture.id,
      lectureOwner.userId,
      lectureOwner.schoolId,
      lecture.type,
      lecture.title,
      lecture.lang,
      lecture.version,
      JSON.stringify(lecture),
    ],
  );
  await tx.query(
    `INSERT INTO content_versions (draft_id, version, type, title, doc) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (draft_id, version) DO NOTHING`,
    [lecture.id, lecture.version, lecture.type, lecture.title, JSON.stringify(lecture)],
  );
  await tx.query(
    `INSERT INTO calendar_plan_content (lesson_uuid, kind, draft_id, linked_by) VALUES ($1::uuid, 'lecture', $2, $3)
     ON CONFLICT (lesson_uuid, kind) DO NOTHING`,
    [algebra.first, lecture.id, lectureOwner.userId],
  );
  const dated = await datedLessons(tx, algebra, { uuid: algebra.first });
  const ids = dated.map((d) => d.id);
  if (ids.length === 0) return;
  await tx.query(
    `UPDATE lessons SET content_draft_id = $2, content_version = $3
      WHERE id = ANY($1::int[]) AND content_draft_id IS NULL`,
    [ids, lecture.id, lecture.version],
  );
  const first = dated[0];
  if (!first || first.date > today) return;
  const carried = await tx.query<{ content_draft_id: string | null }>(
    'SELECT content_draft_id FROM lessons WHERE id = $1',
    [first.id],
  );
  if (carried[0]?.content_draft_id !== lecture.id) return;
  const pupils = await tx.query<{ id: number }>(
    `SELECT id FROM users WHERE role = 'student' AND group_id = $1 AND login IS NULL
      ORDER BY surname, firstname, id LIMIT $2`,
    [groupId, DEMO_ANSWERS.length],
  );
  for (const [i, p] of pupils.entries()) {
    const answers = DEMO_ANSWERS[i] ?? {};
    const grade = gradeAnswers(lecture, answers);
    await tx.query(
      `INSERT INTO attempts (lesson_id, user_id, draft_id, version, answers, results, score, max_score, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ($9::date + time '04:30') AT TIME ZONE 'UTC')
       ON CONFLICT (lesson_id, user_id, draft_id) DO NOTHING`,
      [
        first.id,
        p.id,
        lecture.id,
        lecture.version,
        JSON.stringify(answers),
        JSON.stringify(grade.results),
        grade.score,
        grade.maxScore,
        first.date,
      ],
    );
  }
}
