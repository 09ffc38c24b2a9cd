import { DraftSchema, createDraft, textDoc } from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import type { Queryable } from '../db/db';
import { indexPublished } from '../catalogue/catalogue-index';
import { demoTask } from '../teaching/demo-content';

/**
 * Demo courses (run after the catalogue's seed: modules are its published items): two
 * professional-development courses for teachers, each with a five-question final test, and two
 * correction-and-development courses for children.
 */

interface Text {
  kz: string;
  ru: string;
}
interface SeededQuestion extends Text {
  id: string;
  options: (Text & { id: string })[];
  answer: string;
}
interface SeededCourse {
  kind: 'teacher' | 'correction';
  title: Text;
  description: Text;
  hours: number;
  modules: (Text & { item: string })[];
  questions: SeededQuestion[];
}

const q = (
  id: string,
  text: Text,
  options: [string, string][],
  answer: string,
): SeededQuestion => ({
  id,
  ...text,
  options: options.map(([kz, ru], i) => ({ id: 'abcd'[i]!, kz, ru })),
  answer,
});

export const DEMO_COURSES: readonly SeededCourse[] = [
  {
    kind: 'teacher',
    title: {
      kz: 'Критериалды бағалау: теориядан тәжірибеге',
      ru: 'Критериальное оценивание: от теории к практике',
    },
    description: {
      kz: 'Оқу мақсаттарынан бағалау критерийлері мен дескрипторларға дейін: қалыптастырушы және жиынтық бағалауды сабақта қолдану.',
      ru: 'От целей обучения к критериям и дескрипторам: формативное и суммативное оценивание на уроке.',
    },
    hours: 24,
    modules: [
      {
        kz: 'Оқу мақсаты, бағалау критерийі, дескриптор',
        ru: 'Цель обучения, критерий оценивания, дескриптор',
        item: 'fractions-kz',
      },
      {
        kz: 'Қалыптастырушы бағалау және кері байланыс',
        ru: 'Формативное оценивание и обратная связь',
        item: 'equations-ru',
      },
      {
        kz: 'Бөлім бойынша жиынтық бағалау (БЖБ)',
        ru: 'Суммативное оценивание за раздел (СОР)',
        item: 'sor-bio-kz',
      },
    ],
    questions: [
      q(
        'q1',
        { kz: 'Дескриптор дегеніміз не?', ru: 'Что такое дескриптор?' },
        [
          ['Оқушының сабақтағы тәртібі', 'Поведение ученика на уроке'],
          [
            'Критерийге жеткенін көрсететін нақты әрекеттің сипаттамасы',
            'Описание конкретного действия, показывающего достижение критерия',
          ],
          ['Тоқсандық баға', 'Четвертная оценка'],
        ],
        'b',
      ),
      q(
        'q2',
        {
          kz: 'Қалыптастырушы бағалаудың басты мақсаты қандай?',
          ru: 'Какова главная цель формативного оценивания?',
        },
        [
          ['Оқуды жақсарту үшін кері байланыс беру', 'Дать обратную связь для улучшения обучения'],
          ['Журналға балл қою', 'Поставить балл в журнал'],
          ['Оқушыларды рейтинг бойынша бөлу', 'Распределить учеников по рейтингу'],
        ],
        'a',
      ),
      q(
        'q3',
        {
          kz: 'Бағалау критерийі неден құрастырылады?',
          ru: 'Из чего составляется критерий оценивания?',
        },
        [
          ['Оқулықтың мазмұнынан', 'Из оглавления учебника'],
          ['Ата-аналардың тілегінен', 'Из пожеланий родителей'],
          ['Оқу бағдарламасындағы оқу мақсатынан', 'Из цели обучения учебной программы'],
        ],
        'c',
      ),
      q(
        'q4',
        { kz: 'БЖБ қашан өткізіледі?', ru: 'Когда проводится СОР?' },
        [
          ['Бөлімді оқып болғаннан кейін', 'После изучения раздела'],
          ['Әр сабақтың басында', 'В начале каждого урока'],
          ['Оқу жылының соңында ғана', 'Только в конце учебного года'],
        ],
        'a',
      ),
      q(
        'q5',
        {
          kz: 'Кері байланыстың тиімді түрі қайсы?',
          ru: 'Какая обратная связь эффективна?',
        },
        [
          ['«Жарайсың!» деген жалпы мақтау', 'Общая похвала «Молодец!»'],
          [
            'Жетістікті атап, келесі қадамды нақты ұсыну',
            'Назвать достижение и предложить конкретный следующий шаг',
          ],
          ['Тек қателерді санау', 'Только подсчёт ошибок'],
        ],
        'b',
      ),
    ],
  },
  {
    kind: 'teacher',
    title: {
      kz: 'Сабақтағы цифрлық құралдар',
      ru: 'Цифровые инструменты на уроке',
    },
    description: {
      kz: 'Платформа конструкторында интерактивті сабақ пен дәріс құрастыру, оқушылардың онлайн жұмысын ұйымдастыру.',
      ru: 'Создание интерактивных уроков и лекций в конструкторе платформы, организация онлайн-работы учеников.',
    },
    hours: 16,
    modules: [
      {
        kz: 'Конструкторда интерактивті сабақ құрастыру',
        ru: 'Интерактивный урок в конструкторе',
        item: 'algorithms-kz',
      },
      {
        kz: 'Цифрлық дәріс: мәтін, сурет, бейне',
        ru: 'Цифровая лекция: текст, изображение, видео',
        item: 'newton-ru',
      },
      {
        kz: 'Сабақ каталогы және әріптестердің материалдары',
        ru: 'Каталог уроков и материалы коллег',
        item: 'water-cycle-kz',
      },
    ],
    questions: [
      q(
        'q1',
        {
          kz: 'Каталогтағы әріптестің сабағын қалай өз сабағыңызға бейімдейсіз?',
          ru: 'Как адаптировать урок коллеги из каталога для своего класса?',
        },
        [
          ['Көшірмесін өз жобаларыма алып, өңдеймін', 'Скопировать в свои черновики и доработать'],
          ['Экраннан қайта жазамын', 'Переписать с экрана'],
          ['Бұл мүмкін емес', 'Это невозможно'],
        ],
        'a',
      ),
      q(
        'q2',
        {
          kz: 'Интерактивті тапсырманың артықшылығы неде?',
          ru: 'В чём преимущество интерактивного задания?',
        },
        [
          ['Мұғалімге тексерудің қажеті жоқ', 'Учителю ничего не нужно проверять'],
          ['Оқушы нәтижесін бірден көреді', 'Ученик сразу видит результат'],
          ['Ол әрқашан ұзақ болады', 'Оно всегда длинное'],
        ],
        'b',
      ),
      q(
        'q3',
        {
          kz: 'Дәріске бейне қосқанда нені ескеру керек?',
          ru: 'Что учесть, добавляя видео в лекцию?',
        },
        [
          ['Бейне неғұрлым ұзақ болса, соғұрлым жақсы', 'Чем длиннее видео, тем лучше'],
          ['Дыбыс болмауы керек', 'В нём не должно быть звука'],
          [
            'Қысқа әрі оқу мақсатына сай болуы керек',
            'Оно должно быть коротким и отвечать цели урока',
          ],
        ],
        'c',
      ),
      q(
        'q4',
        {
          kz: 'Сабақ жарияланғаннан кейін не болады?',
          ru: 'Что происходит после публикации урока?',
        },
        [
          [
            'Ол каталогта әріптестерге қолжетімді болады',
            'Он становится доступен коллегам в каталоге',
          ],
          ['Ол жойылады', 'Он удаляется'],
          ['Оны тек директор көреді', 'Его видит только директор'],
        ],
        'a',
      ),
      q(
        'q5',
        {
          kz: 'Оқушылардың онлайн жұмысын қалай бақылауға болады?',
          ru: 'Как отслеживать онлайн-работу учеников?',
        },
        [
          ['Әр оқушыға телефон соғу арқылы', 'Обзвонить каждого ученика'],
          ['Сабақтағы оқушы үлгерімі бетінде', 'На странице прогресса ученика в уроке'],
          ['Бақылау мүмкін емес', 'Отслеживать нельзя'],
        ],
        'b',
      ),
    ],
  },
  {
    kind: 'correction',
    title: { kz: 'Сөйлеу тілін дамыту', ru: 'Развитие речи' },
    description: {
      kz: 'Сөйлеу тілінде қиындықтары бар балаларға арналған ойын түріндегі жаттығулар: артикуляция, сөздік қор, байланыстырып сөйлеу.',
      ru: 'Игровые упражнения для детей с нарушениями речи: артикуляция, словарный запас, связная речь.',
    },
    hours: 12,
    modules: [
      {
        kz: 'Артикуляциялық гимнастика',
        ru: 'Артикуляционная гимнастика',
        item: 'abai-kz',
      },
      {
        kz: 'Сөздік қорды байыту: «Менің мектебім»',
        ru: 'Обогащение словаря: «Моя школа»',
        item: 'water-ru',
      },
      {
        kz: 'Сурет бойынша әңгіме құрау',
        ru: 'Рассказ по картинке',
        item: 'animals-kz',
      },
    ],
    questions: [],
  },
  {
    kind: 'correction',
    title: { kz: 'Қолдың ұсақ моторикасы', ru: 'Мелкая моторика рук' },
    description: {
      kz: 'Саусақ ойындары, мүсіндеу, қию және жазуға дайындық жаттығулары.',
      ru: 'Пальчиковые игры, лепка, вырезание и упражнения для подготовки руки к письму.',
    },
    hours: 10,
    modules: [
      { kz: 'Саусақ ойындары', ru: 'Пальчиковые игры', item: 'plants-kz' },
      { kz: 'Мүсіндеу және қию', ru: 'Лепка и вырезание', item: 'steppe-ru' },
      { kz: 'Жазуға дайындық', ru: 'Подготовка к письму', item: 'present-ru' },
    ],
    questions: [],
  },
];

/** The demo certificate: the deputy head passed the digital-tools course (checked on certificate/{code}). */
export const DEMO_CERTIFICATE_CODE = 'SBQ-DEMX-7K26';

/**
 * The demo methodist's published SOCh for final tests (issue 17): three automatically scored
 * tasks — single choice, a list, multiple choice — each with an explanation (`hints.solution`)
 * that a learner who answered it wrong is shown after handing in.
 */
export const DEMO_COURSE_TEST_ID = 'demo-course-test-formative-ru';

export function demoCourseTest(): Draft {
  const d = createDraft({
    id: DEMO_COURSE_TEST_ID,
    type: 'soch',
    title: 'Итоговый тест: формативное оценивание',
    lang: 'ru',
    summary: 'Обратная связь, критерии и приёмы формативного оценивания на уроке',
  });
  const m1 = demoTask('f1', 'Цель', 'Что даёт ученику формативное оценивание?', [1]);
  m1.options = {
    kind: 'choice',
    multiple: false,
    items: [
      { id: 'f1-a', content: 'Обратную связь, чтобы улучшить обучение', right: true },
      { id: 'f1-b', content: 'Четвертную оценку', right: false },
      { id: 'f1-c', content: 'Место в рейтинге класса', right: false },
    ],
  };
  m1.hints = {
    solution: textDoc(
      'Формативное оценивание не ставит отметок: оно показывает ученику, что уже получилось и каким будет следующий шаг.',
    ),
  };
  const m2 = demoTask('f2', 'Время', 'Когда обратная связь по критериям полезнее всего?', [1]);
  m2.options = {
    kind: 'select',
    items: [
      { id: 'f2-a', text: 'Только в конце четверти' },
      { id: 'f2-b', text: 'На уроке, пока ученик ещё работает' },
      { id: 'f2-c', text: 'Только на родительском собрании' },
    ],
    rightId: 'f2-b',
  };
  m2.hints = {
    solution: textDoc('Ученик успевает исправить работу, пока урок идёт: тогда совет работает.'),
  };
  const m3 = demoTask(
    'f3',
    'Приёмы',
    'Какие приёмы относятся к формативному оцениванию? Отметьте все верные.',
    [1, 1],
  );
  m3.options = {
    kind: 'choice',
    multiple: true,
    items: [
      { id: 'f3-a', content: '«Светофор»', right: true },
      { id: 'f3-b', content: '«Две звезды и одно пожелание»', right: true },
      { id: 'f3-c', content: 'Контрольная работа с отметкой в журнал', right: false },
    ],
  };
  m3.hints = {
    solution: textDoc(
      '«Светофор» и «Две звезды и одно пожелание» дают обратную связь без отметки; контрольная с отметкой — суммативное оценивание.',
    ),
  };
  d.pages = [{ id: 'p1', title: 'Формативное оценивание', expand: true, modules: [m1, m2, m3] }];
  d.version = 1;
  return DraftSchema.parse(d);
}

/** The methodist's test, published by them and in the catalogue's exams. */
async function seedCourseTest(tx: Queryable, methodist: { id: number; school_id: number | null }) {
  const d = demoCourseTest();
  await tx.query(
    // Shared in the catalogue by the methodist (issue 28: an exam is there by its author's choice).
    `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, status, doc, initial, published_at, shared_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'published', $8, $8, now(), now())`,
    [
      d.id,
      methodist.id,
      methodist.school_id,
      d.type,
      d.title,
      d.lang,
      d.version,
      JSON.stringify(d),
    ],
  );
  const row = { id: d.id, owner_id: methodist.id, school_id: methodist.school_id, shared: true };
  await indexPublished(tx, row, d);
}

export async function seedCourses(tx: Queryable): Promise<void> {
  // The demo methodist wrote the teacher courses (and edits them in control/courses/list).
  const [methodist] = await tx.query<{ id: number; school_id: number | null }>(
    "SELECT id, school_id FROM users WHERE login = 'methodist'",
  );
  if (methodist) await seedCourseTest(tx, methodist);
  const ids: number[] = [];
  for (const course of DEMO_COURSES) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO courses (kind, title_kz, title_ru, description_kz, description_ru, hours, questions, author_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        course.kind,
        course.title.kz,
        course.title.ru,
        course.description.kz,
        course.description.ru,
        course.hours,
        JSON.stringify(course.questions),
        course.kind === 'teacher' ? (methodist?.id ?? null) : null,
      ],
    );
    ids.push(row!.id);
    for (const [i, module] of course.modules.entries())
      await tx.query(
        `INSERT INTO course_modules (course_id, position, title_kz, title_ru, draft_id)
         SELECT $1, $2, $3, $4, draft_id FROM catalogue_items WHERE draft_id = $5`,
        [row!.id, i + 1, module.kz, module.ru, `demo-catalogue-${module.item}`],
      );
  }
  await seedDemoCertificate(tx, ids[1]!);
}

/** The deputy head enrolled, studied every module, passed the test (5 of 5) and holds a certificate. */
async function seedDemoCertificate(tx: Queryable, courseId: number): Promise<void> {
  const [zavuch] = await tx.query<{ id: number }>("SELECT id FROM users WHERE login = 'zavuch'");
  if (!zavuch) return;
  await tx.query('INSERT INTO course_enrolments (course_id, user_id) VALUES ($1, $2)', [
    courseId,
    zavuch.id,
  ]);
  await tx.query(
    `INSERT INTO course_progress (module_id, user_id)
     SELECT id, $2 FROM course_modules WHERE course_id = $1`,
    [courseId, zavuch.id],
  );
  await tx.query(
    `INSERT INTO course_attempts (course_id, user_id, correct, total, percent, passed)
     VALUES ($1, $2, 5, 5, 100, true)`,
    [courseId, zavuch.id],
  );
  await tx.query(
    `INSERT INTO course_certificates (code, course_id, user_id, holder, percent)
     SELECT $1, $2, u.id, trim(u.surname || ' ' || u.firstname || coalesce(' ' || u.lastname, '')), 100
       FROM users u WHERE u.id = $3`,
    [DEMO_CERTIFICATE_CODE, courseId, zavuch.id],
  );
}
