/**
 * Builds fixtures/drafts with the engine: each draft is an event log of real commands folded by
 * `replay`, written as the draft JSON and its log (JSONL). Invalid drafts are valid ones broken
 * by further commands, written with the problems `validateDraft` must report beside them.
 * Run: node --import tsx packages/cli/scripts/make-fixtures.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  makeEvent,
  problemMessage,
  replay,
  validateDraft,
  type CommandInput,
  type DraftEvent,
  type DraftType,
} from '@sabaq/engine';
import { fixturesDir } from '../src/test/paths.js';

type Lang = 'kz' | 'ru';
interface Choice {
  choice: [string, boolean][];
  multiple?: boolean;
}
interface Select {
  select: string[];
  right: number;
}
interface Connection {
  pairs: [string, string][];
  extraRight?: string[];
}
type Task = {
  title: string;
  text: string;
  marks?: [string, number][];
  criterion?: string;
  purposes?: number[];
  hint?: string;
  max?: number;
} & (Choice | Select | Connection);
type Simple = { simple: string; title: string };
interface Spec {
  id: string;
  type: DraftType;
  lang: Lang;
  title: string;
  summary: string;
  class: number;
  duration: number;
  purposes: string[];
  pages: { title: string; modules: (Task | Simple)[] }[];
}

const doc = (text: string) => ({
  type: 'doc',
  content: text
    .split('\n')
    .map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })),
});

export function commandsFor(s: Spec): CommandInput[] {
  const cmds: CommandInput[] = [
    { type: 'draft/create', init: { id: s.id, type: s.type, title: s.title, lang: s.lang } },
    { type: 'draft/setMeta', patch: { summary: s.summary, class: s.class, duration: s.duration } },
  ];
  s.purposes.forEach((title, i) =>
    cmds.push({ type: 'purpose/add', purposeId: `${s.id}-pu${i + 1}`, title }),
  );
  let n = 0;
  s.pages.forEach((page, pi) => {
    const pageId = `${s.id}-p${pi + 1}`;
    cmds.push({ type: 'page/add', pageId, title: page.title });
    for (const m of page.modules) {
      n += 1;
      const moduleId = `${s.id}-m${n}`;
      if ('simple' in m) {
        cmds.push({ type: 'module/add', pageId, moduleId, moduleType: 'simple', title: m.title });
        cmds.push({ type: 'module/setContent', moduleId, content: doc(m.simple) });
        continue;
      }
      cmds.push({ type: 'module/add', pageId, moduleId, moduleType: 'task', title: m.title });
      cmds.push({ type: 'module/setContent', moduleId, content: doc(m.text) });
      if ('choice' in m)
        cmds.push({
          type: 'module/setOptions',
          moduleId,
          options: {
            kind: 'choice',
            multiple: m.multiple ?? false,
            items: m.choice.map(([content, right], i) => ({
              id: `${moduleId}-o${i + 1}`,
              content,
              right,
            })),
          },
        });
      else if ('select' in m)
        cmds.push({
          type: 'module/setOptions',
          moduleId,
          options: {
            kind: 'select',
            items: m.select.map((text, i) => ({ id: `${moduleId}-o${i + 1}`, text })),
            rightId: `${moduleId}-o${m.right + 1}`,
          },
        });
      else {
        const rights = [...new Set([...m.pairs.map((p) => p[1]), ...(m.extraRight ?? [])])];
        cmds.push({
          type: 'module/setOptions',
          moduleId,
          options: {
            kind: 'connection',
            left: m.pairs.map(([l], i) => ({ id: `${moduleId}-l${i + 1}`, content: l })),
            right: rights.map((r, i) => ({ id: `${moduleId}-r${i + 1}`, content: r })),
            links: m.pairs.map(([, r], i) => ({
              left: `${moduleId}-l${i + 1}`,
              right: `${moduleId}-r${rights.indexOf(r) + 1}`,
            })),
          },
        });
      }
      if (m.hint !== undefined)
        cmds.push({ type: 'module/setHint', moduleId, solution: doc(m.hint) });
      if (m.criterion !== undefined)
        cmds.push({ type: 'descriptor/setCriterion', moduleId, criterion: m.criterion });
      (m.marks ?? []).forEach(([title, mark], i) =>
        cmds.push({
          type: 'descriptor/addRow',
          moduleId,
          rowId: `${moduleId}-d${i + 1}`,
          title,
          mark,
        }),
      );
      (m.purposes ?? []).forEach((p) =>
        cmds.push({ type: 'purpose/attach', purposeId: `${s.id}-pu${p + 1}`, moduleId }),
      );
      if (m.max !== undefined)
        cmds.push({ type: 'module/setCriteria', moduleId, patch: { maxNumbers: m.max } });
    }
  });
  return cmds;
}

export function eventsFor(cmds: readonly CommandInput[], actor: string): DraftEvent[] {
  const start = Date.parse('2026-09-01T08:00:00Z');
  return cmds.map((c, i) =>
    makeEvent(c, { id: `e${i + 1}`, actor, at: new Date(start + i * 37_000).toISOString() }),
  );
}

// ------------------------------------------------------------------------------------ drafts

const kzMath: Spec = {
  id: 'sor-math-7-kz',
  type: 'sor',
  lang: 'kz',
  title: 'Алгебра, 7-сынып: 1-тоқсан бойынша бөлім жиынтық бағалау',
  summary: 'Бір айнымалысы бар сызықтық теңдеулер және олардың жүйелері.',
  class: 7,
  duration: 40,
  purposes: [
    '7.2.2.1 бір айнымалысы бар сызықтық теңдеуді шешу',
    '7.4.2.1 есептерді теңдеу құру арқылы шығару',
  ],
  pages: [
    {
      title: 'Сызықтық теңдеулер',
      modules: [
        {
          title: 'Теңдеудің түбірі',
          text: '3x − 7 = 11 теңдеуінің түбірін табыңыз.',
          choice: [
            ['x = 6', true],
            ['x = 4', false],
            ['x = −6', false],
            ['x = 18', false],
          ],
          criterion: 'Сызықтық теңдеуді шешеді',
          marks: [
            ['Белгісізді бір жағына жинайды', 1],
            ['Түбірін дұрыс табады', 1],
          ],
          purposes: [0],
          hint: 'Алдымен екі жағына 7 қосыңыз, содан кейін 3-ке бөліңіз.',
        },
        {
          title: 'Теңдеудің түрі',
          text: 'Қай теңдеу сызықтық теңдеу болып табылады? Барлық дұрыс жауапты белгілеңіз.',
          multiple: true,
          choice: [
            ['2x + 5 = 0', true],
            ['x² = 9', false],
            ['0,5y − 1 = 3', true],
            ['1/x = 2', false],
          ],
          criterion: 'Сызықтық теңдеуді таниды',
          marks: [['Екі сызықтық теңдеуді табады', 2]],
          purposes: [0],
        },
        {
          title: 'Жетіспейтін сөз',
          text: 'ax = b теңдеуінде a ≠ 0 болса, теңдеудің _____ түбірі бар.',
          select: ['жалғыз', 'екі', 'шексіз көп', 'бірде-бір'],
          right: 0,
          criterion: 'Теңдеу түбірлерінің санын анықтайды',
          marks: [['Дұрыс сөзді таңдайды', 1]],
          purposes: [0],
        },
      ],
    },
    {
      title: 'Мәтінді есептер',
      modules: [
        {
          title: 'Есеп пен теңдеуді сәйкестендіріңіз',
          text: 'Әр есепке сәйкес теңдеуді табыңыз.',
          pairs: [
            ['Санның үш еселенгені 12-ге тең', '3x = 12'],
            ['Саннан 5-ті азайтқанда 12 шығады', 'x − 5 = 12'],
            ['Санның жартысы 12-ге тең', 'x : 2 = 12'],
          ],
          extraRight: ['x + 12 = 0'],
          criterion: 'Есептің шартына теңдеу құрады',
          marks: [['Үш сәйкестікті дұрыс табады', 3]],
          purposes: [1],
        },
      ],
    },
  ],
};

const kzBio: Spec = {
  id: 'soch-bio-8-kz',
  type: 'soch',
  lang: 'kz',
  title: 'Биология, 8-сынып: 2-тоқсан бойынша тоқсандық жиынтық бағалау',
  summary: 'Тыныс алу және қан айналым жүйелері.',
  class: 8,
  duration: 40,
  purposes: [
    '8.1.5.1 адамның тыныс алу жүйесінің құрылысын сипаттау',
    '8.1.4.2 қан айналым шеңберлерін салыстыру',
  ],
  pages: [
    {
      title: '1-бөлім',
      modules: [
        {
          title: 'Газ алмасу',
          text: 'Өкпеде газ алмасу қай құрылымда жүреді?',
          choice: [
            ['Альвеолаларда', true],
            ['Кеңірдекте', false],
            ['Көмейде', false],
          ],
          criterion: 'Тыныс алу мүшелерінің қызметін анықтайды',
          marks: [['Дұрыс құрылымды атайды', 1]],
          purposes: [0],
        },
        {
          title: 'Қан айналым шеңберлері',
          text: 'Қан айналым шеңбері мен оның басталатын жерін сәйкестендіріңіз.',
          pairs: [
            ['Үлкен шеңбер', 'Сол жақ қарынша'],
            ['Кіші шеңбер', 'Оң жақ қарынша'],
          ],
          extraRight: ['Сол жақ жүрекше'],
          criterion: 'Қан айналым шеңберлерін салыстырады',
          marks: [
            ['Үлкен шеңберді дұрыс көрсетеді', 1],
            ['Кіші шеңберді дұрыс көрсетеді', 1],
          ],
          purposes: [1],
        },
        {
          title: 'Жүрек қақпақшалары',
          text: 'Жүрекшелер мен қарыншалардың арасында _____ қақпақшалар орналасқан.',
          select: ['жармалы', 'жарты айшықты', 'сақиналы'],
          right: 0,
          criterion: 'Жүректің құрылысын сипаттайды',
          marks: [['Қақпақша түрін дұрыс таңдайды', 1]],
          purposes: [1],
        },
        {
          title: 'Тыныс алу жолдары',
          text: 'Ауа өтетін жолдарды белгілеңіз.',
          multiple: true,
          choice: [
            ['Мұрын қуысы', true],
            ['Кеңірдек', true],
            ['Өңеш', false],
            ['Бронхтар', true],
          ],
          criterion: 'Тыныс алу жолдарын атайды',
          marks: [['Үш жолды дұрыс белгілейді', 2]],
          purposes: [0],
          max: 2,
        },
      ],
    },
  ],
};

const kzLesson: Spec = {
  id: 'lesson-kazlit-5-kz',
  type: 'customLesson',
  lang: 'kz',
  title: 'Қазақ әдебиеті, 5-сынып: Ы. Алтынсарин «Әке мен бала»',
  summary: 'Әңгіменің тақырыбы мен идеясы, кейіпкерлердің мінезі.',
  class: 5,
  duration: 45,
  purposes: [],
  pages: [
    {
      title: 'Сабақтың барысы',
      modules: [
        {
          title: 'Кіріспе',
          simple:
            'Ыбырай Алтынсарин — қазақ балаларына арналған алғашқы оқулықтардың авторы.\nБүгін «Әке мен бала» әңгімесін талдаймыз.',
        },
        {
          title: 'Әңгіменің идеясы',
          text: 'Әке баласына нені үйретті?',
          choice: [
            ['Ұқыпты болуды, кішкене нәрсені де бағалауды', true],
            ['Жылдам жүгіруді', false],
            ['Саудагер болуды', false],
          ],
          hint: 'Әке жолдан тапқан тағаны неге алды?',
        },
        {
          title: 'Кейіпкерлер',
          text: 'Кейіпкер мен оның әрекетін сәйкестендіріңіз.',
          pairs: [
            ['Әке', 'Тағаны жерден көтеріп алды'],
            ['Бала', 'Тағаны алуға ерінді'],
          ],
        },
        {
          title: 'Қорытынды',
          simple: 'Үйге тапсырма: әңгімені мазмұндап, өз өміріңізден ұқсас мысал жазыңыз.',
        },
      ],
    },
  ],
};

const kzLecture: Spec = {
  id: 'lecture-history-9-kz',
  type: 'lecture',
  lang: 'kz',
  title: 'Қазақстан тарихы, 9-сынып: Алаш қозғалысы',
  summary: 'Алаш партиясының құрылуы және Алашорда үкіметі.',
  class: 9,
  duration: 40,
  purposes: ['9.1.2.1 Алаш қозғалысының тарихи маңызын түсіндіру'],
  pages: [
    {
      title: 'Дәріс',
      modules: [
        {
          title: 'Алаш партиясы',
          simple: '1917 жылы шілдеде Орынборда өткен І жалпықазақ съезінде Алаш партиясы құрылды.',
        },
        {
          title: 'Алашорда',
          simple:
            'Желтоқсанда өткен ІІ жалпықазақ съезі Алашорда үкіметін жариялады. Төрағасы — Әлихан Бөкейхан.',
        },
        {
          title: 'Тексеру сұрағы',
          text: 'Алашорда үкіметінің төрағасы кім болды?',
          choice: [
            ['Әлихан Бөкейхан', true],
            ['Ахмет Байтұрсынұлы', false],
            ['Міржақып Дулатұлы', false],
          ],
          purposes: [0],
        },
      ],
    },
  ],
};

const kzEnglish: Spec = {
  id: 'lesson-english-6-kz',
  type: 'lesson',
  lang: 'kz',
  title: 'Ағылшын тілі, 6-сынып: Present Simple',
  summary: 'Жай осы шақтың болымды және болымсыз түрлері.',
  class: 6,
  duration: 40,
  purposes: ['6.6.8.1 Present Simple формаларын қолдану'],
  pages: [
    {
      title: 'Жаттығулар',
      modules: [
        {
          title: 'Етістік формасы',
          text: 'She _____ to school every day.',
          select: ['go', 'goes', 'going', 'gone'],
          right: 1,
          purposes: [0],
          criterion: 'Етістіктің дұрыс формасын таңдайды',
          marks: [['Дұрыс форма', 1]],
        },
        {
          title: 'Болымсыз түрі',
          text: 'Дұрыс сөйлемдерді белгілеңіз.',
          multiple: true,
          choice: [
            ["He doesn't like milk.", true],
            ["They doesn't play chess.", false],
            ["I don't watch TV.", true],
          ],
          purposes: [0],
        },
        {
          title: 'Сөздер мен аудармасы',
          text: 'Сөзді аудармасымен сәйкестендіріңіз.',
          pairs: [
            ['always', 'әрқашан'],
            ['never', 'ешқашан'],
            ['often', 'жиі'],
          ],
          purposes: [0],
        },
      ],
    },
  ],
};

const kzHomework: Spec = {
  id: 'homework-geo-7-kz',
  type: 'homework',
  lang: 'kz',
  title: 'География, 7-сынып: Қазақстанның өзендері',
  summary: 'Үй тапсырмасы.',
  class: 7,
  duration: 30,
  purposes: [],
  pages: [
    {
      title: 'Тапсырмалар',
      modules: [
        {
          title: 'Ең ұзын өзен',
          text: 'Қазақстан аумағындағы ең ұзын өзен қайсы?',
          choice: [
            ['Ертіс', true],
            ['Сырдария', false],
            ['Іле', false],
            ['Жайық', false],
          ],
        },
        {
          title: 'Өзен мен құятын су айдыны',
          text: 'Өзенді ол құятын су айдынымен сәйкестендіріңіз.',
          pairs: [
            ['Іле', 'Балқаш көлі'],
            ['Жайық', 'Каспий теңізі'],
            ['Сырдария', 'Арал теңізі'],
          ],
        },
      ],
    },
  ],
};

const kzKinder: Spec = {
  id: 'lesson-kinder-math-0-kz',
  type: 'customLesson',
  lang: 'kz',
  title: 'Мектепалды даярлық: Санау 1-ден 5-ке дейін',
  summary: 'Ойын түріндегі оқу қызметі.',
  class: 0,
  duration: 25,
  purposes: [],
  pages: [
    {
      title: 'Ойын',
      modules: [
        { title: 'Сәлемдесу', simple: 'Балалар, бүгін біз орманға саяхатқа барамыз!' },
        {
          title: 'Алмаларды сана',
          text: 'Себетте неше алма бар? (суретте 3 алма)',
          choice: [
            ['3', true],
            ['5', false],
            ['2', false],
          ],
        },
        {
          title: 'Сан мен зат',
          text: 'Санды заттар санымен сәйкестендір.',
          pairs: [
            ['1', 'бір күн'],
            ['2', 'екі құлақ'],
            ['4', 'төрт дөңгелек'],
          ],
        },
      ],
    },
  ],
};

const ruPhysics: Spec = {
  id: 'sor-physics-9-ru',
  type: 'sor',
  lang: 'ru',
  title: 'Физика, 9 класс: суммативное оценивание за раздел «Кинематика»',
  summary: 'Равномерное и равноускоренное движение.',
  class: 9,
  duration: 40,
  purposes: [
    '9.2.1.3 определять ускорение тела',
    '9.2.1.5 строить графики зависимости скорости от времени',
  ],
  pages: [
    {
      title: 'Задания',
      modules: [
        {
          title: 'Ускорение',
          text: 'Автомобиль за 5 с увеличил скорость с 10 до 20 м/с. Чему равно ускорение?',
          choice: [
            ['2 м/с²', true],
            ['4 м/с²', false],
            ['0,5 м/с²', false],
            ['10 м/с²', false],
          ],
          criterion: 'Определяет ускорение тела',
          marks: [
            ['Записывает формулу ускорения', 1],
            ['Получает верный ответ', 1],
          ],
          purposes: [0],
          hint: 'a = (v − v₀) / t',
        },
        {
          title: 'Вид движения',
          text: 'При равноускоренном движении скорость тела изменяется _____.',
          select: ['линейно', 'квадратично', 'не изменяется'],
          right: 0,
          criterion: 'Описывает равноускоренное движение',
          marks: [['Выбирает верное слово', 1]],
          purposes: [1],
        },
        {
          title: 'Величины и единицы',
          text: 'Сопоставьте величину и единицу измерения в СИ.',
          pairs: [
            ['Скорость', 'м/с'],
            ['Ускорение', 'м/с²'],
            ['Путь', 'м'],
          ],
          extraRight: ['кг'],
          criterion: 'Знает единицы измерения',
          marks: [['Все три пары верны', 2]],
          purposes: [0, 1],
        },
      ],
    },
  ],
};

const ruChem: Spec = {
  id: 'soch-chem-8-ru',
  type: 'soch',
  lang: 'ru',
  title: 'Химия, 8 класс: суммативное оценивание за 3 четверть',
  summary: 'Периодическая система, строение атома.',
  class: 8,
  duration: 40,
  purposes: [
    '8.1.2.1 объяснять строение атома',
    '8.2.1.1 определять положение элемента в периодической системе',
  ],
  pages: [
    {
      title: 'Раздел 1',
      modules: [
        {
          title: 'Протоны',
          text: 'Сколько протонов в ядре атома кислорода?',
          choice: [
            ['8', true],
            ['16', false],
            ['6', false],
          ],
          criterion: 'Определяет число протонов',
          marks: [['Верный ответ', 1]],
          purposes: [0],
        },
        {
          title: 'Металлы',
          text: 'Выберите все металлы.',
          multiple: true,
          choice: [
            ['Натрий', true],
            ['Сера', false],
            ['Железо', true],
            ['Азот', false],
          ],
          criterion: 'Различает металлы и неметаллы',
          marks: [['Выбирает оба металла', 2]],
          purposes: [1],
        },
      ],
    },
    {
      title: 'Раздел 2',
      modules: [
        {
          title: 'Элемент и группа',
          text: 'Сопоставьте элемент и номер его группы.',
          pairs: [
            ['Литий', 'I'],
            ['Магний', 'II'],
            ['Алюминий', 'III'],
          ],
          criterion: 'Определяет группу элемента',
          marks: [
            ['Литий', 1],
            ['Магний', 1],
            ['Алюминий', 1],
          ],
          purposes: [1],
        },
        {
          title: 'Заряд ядра',
          text: 'Заряд ядра атома равен _____ элемента.',
          select: ['порядковому номеру', 'атомной массе', 'номеру периода'],
          right: 0,
          criterion: 'Связывает заряд ядра с номером',
          marks: [['Верный выбор', 1]],
          purposes: [0],
        },
      ],
    },
  ],
};

const ruRussian: Spec = {
  id: 'lesson-russian-5-ru',
  type: 'customLesson',
  lang: 'ru',
  title: 'Русский язык, 5 класс: Имя существительное',
  summary: 'Род, число и падеж имён существительных.',
  class: 5,
  duration: 45,
  purposes: [],
  pages: [
    {
      title: 'Ход урока',
      modules: [
        {
          title: 'Вступление',
          simple: 'Имя существительное обозначает предмет и отвечает на вопросы «кто?» и «что?».',
        },
        {
          title: 'Род существительного',
          text: 'Какого рода слово «тетрадь»?',
          choice: [
            ['Женского', true],
            ['Мужского', false],
            ['Среднего', false],
          ],
        },
        {
          title: 'Падежи',
          text: 'Сопоставьте падеж и вопрос.',
          pairs: [
            ['Именительный', 'кто? что?'],
            ['Родительный', 'кого? чего?'],
            ['Дательный', 'кому? чему?'],
          ],
        },
        {
          title: 'Число',
          text: 'Слово «ножницы» употребляется только во _____ числе.',
          select: ['множественном', 'единственном'],
          right: 0,
        },
      ],
    },
  ],
};

const ruLecture: Spec = {
  id: 'lecture-informatics-10-ru',
  type: 'lecture',
  lang: 'ru',
  title: 'Информатика, 10 класс: Системы счисления',
  summary: 'Позиционные системы счисления, перевод чисел.',
  class: 10,
  duration: 40,
  purposes: ['10.2.1.1 переводить числа из одной системы счисления в другую'],
  pages: [
    {
      title: 'Лекция',
      modules: [
        {
          title: 'Позиционные системы',
          simple: 'В позиционной системе значение цифры зависит от её позиции в записи числа.',
        },
        {
          title: 'Перевод чисел',
          simple:
            'Чтобы перевести число из десятичной системы в двоичную, его последовательно делят на 2.',
        },
        {
          title: 'Проверка',
          text: 'Чему равно число 1011₂ в десятичной системе?',
          choice: [
            ['11', true],
            ['13', false],
            ['9', false],
          ],
          purposes: [0],
        },
      ],
    },
  ],
};

const ruHistory: Spec = {
  id: 'sor-history-6-ru',
  type: 'sor',
  lang: 'ru',
  title: 'Всемирная история, 6 класс: СОР «Великое переселение народов»',
  summary: 'Причины и последствия Великого переселения народов.',
  class: 6,
  duration: 30,
  purposes: ['6.3.1.1 объяснять причины миграций'],
  pages: [
    {
      title: 'Задания',
      modules: [
        {
          title: 'Гунны',
          text: 'Какой народ начал Великое переселение народов в IV веке?',
          choice: [
            ['Гунны', true],
            ['Викинги', false],
            ['Монголы', false],
          ],
          criterion: 'Называет народ',
          marks: [['Верный ответ', 1]],
          purposes: [0],
        },
        {
          title: 'Даты',
          text: 'Сопоставьте событие и дату.',
          pairs: [
            ['Падение Западной Римской империи', '476 г.'],
            ['Вторжение гуннов в Европу', '375 г.'],
          ],
          extraRight: ['1453 г.'],
          criterion: 'Соотносит события и даты',
          marks: [['Обе пары верны', 2]],
          purposes: [0],
        },
      ],
    },
  ],
};

const ruOlympiad: Spec = {
  id: 'olympiad-math-11-ru',
  type: 'olympiad',
  lang: 'ru',
  title: 'Олимпиада по математике, 11 класс: отборочный тур',
  summary: 'Задачи на логику и комбинаторику.',
  class: 11,
  duration: 90,
  purposes: [],
  pages: [
    {
      title: 'Тур 1',
      modules: [
        {
          title: 'Рукопожатия',
          text: 'Сколько рукопожатий, если каждый из 6 человек пожал руку каждому?',
          choice: [
            ['15', true],
            ['30', false],
            ['36', false],
            ['12', false],
          ],
          hint: 'Число пар из 6: C(6,2).',
        },
        {
          title: 'Чётность',
          text: 'Сумма двух нечётных чисел всегда _____.',
          select: ['чётна', 'нечётна', 'кратна трём'],
          right: 0,
        },
        {
          title: 'Делимость',
          text: 'Выберите числа, которые делятся на 9.',
          multiple: true,
          choice: [
            ['81', true],
            ['99', true],
            ['91', false],
            ['108', true],
          ],
        },
      ],
    },
  ],
};

export const VALID: Spec[] = [
  kzMath,
  kzBio,
  kzLesson,
  kzLecture,
  kzEnglish,
  kzHomework,
  kzKinder,
  ruPhysics,
  ruChem,
  ruRussian,
  ruLecture,
  ruHistory,
  ruOlympiad,
];

/** Valid drafts broken by further commands; `validateDraft` must report these problem codes. */
export const INVALID: { name: string; from: Spec; breakWith: (s: Spec) => CommandInput[] }[] = [
  {
    name: 'sor-no-right-answer-kz',
    from: kzMath,
    breakWith: (s) => [
      {
        type: 'module/setOptions',
        moduleId: `${s.id}-m1`,
        options: {
          kind: 'choice',
          multiple: false,
          items: [
            { id: `${s.id}-m1-o1`, content: 'x = 6', right: false },
            { id: `${s.id}-m1-o2`, content: 'x = 4', right: false },
          ],
        },
      },
    ],
  },
  {
    name: 'sor-no-purposes-ru',
    from: ruHistory,
    breakWith: (s) => [{ type: 'purpose/remove', purposeId: `${s.id}-pu1` }],
  },
  {
    name: 'soch-empty-title-and-option-kz',
    from: kzBio,
    breakWith: (s) => [
      { type: 'draft/setMeta', patch: { title: '' } },
      {
        type: 'module/setOptions',
        moduleId: `${s.id}-m3`,
        options: {
          kind: 'select',
          items: [
            { id: `${s.id}-m3-o1`, text: 'жармалы' },
            { id: `${s.id}-m3-o2`, text: '  ' },
          ],
          rightId: `${s.id}-m3-o1`,
        },
      },
    ],
  },
  {
    name: 'lesson-connection-without-links-ru',
    from: ruRussian,
    breakWith: (s) => [
      {
        type: 'module/setOptions',
        moduleId: `${s.id}-m3`,
        options: {
          kind: 'connection',
          left: [
            { id: 'a1', content: 'Именительный' },
            { id: 'a2', content: 'Родительный' },
          ],
          right: [
            { id: 'b1', content: 'кто? что?' },
            { id: 'b2', content: 'кого? чего?' },
          ],
          links: [],
        },
      },
    ],
  },
  {
    name: 'soch-bad-mark-ru',
    from: ruChem,
    breakWith: (s) => [
      { type: 'descriptor/editRow', moduleId: `${s.id}-m1`, rowId: `${s.id}-m1-d1`, mark: 0.5 },
      { type: 'module/setOptions', moduleId: `${s.id}-m4`, options: null },
    ],
  },
];

function build(spec: Spec, extra: CommandInput[] = []) {
  const events = eventsFor(
    [...commandsFor(spec), ...extra],
    spec.lang === 'kz' ? 'methodist-aigerim' : 'methodist-olga',
  );
  const r = replay(events);
  if (r.rejected.length > 0) throw new Error(`${spec.id}: rejected ${JSON.stringify(r.rejected)}`);
  return { events, draft: r.draft };
}

function main(): void {
  const dir = join(fixturesDir, 'drafts');
  for (const sub of ['valid', 'invalid', 'events']) {
    rmSync(join(dir, sub), { recursive: true, force: true });
    mkdirSync(join(dir, sub), { recursive: true });
  }
  for (const spec of VALID) {
    const { events, draft } = build(spec);
    const problems = validateDraft(draft);
    if (problems.length > 0)
      throw new Error(`${spec.id} must be valid: ${JSON.stringify(problems)}`);
    writeFileSync(join(dir, 'valid', `${spec.id}.json`), `${JSON.stringify(draft, null, 2)}\n`);
    writeFileSync(
      join(dir, 'events', `${spec.id}.events.jsonl`),
      `${events.map((e) => JSON.stringify(e)).join('\n')}\n`,
    );
  }
  const expected: Record<
    string,
    {
      path: string;
      code: string;
      params: Record<string, string | number | null>;
      kz: string;
      ru: string;
    }[]
  > = {};
  const readme = ['# Invalid drafts and the problems `sabaq validate` must report', ''];
  for (const bad of INVALID) {
    const { draft } = build({ ...bad.from, id: bad.from.id }, bad.breakWith(bad.from));
    const problems = validateDraft(draft);
    if (problems.length === 0) throw new Error(`${bad.name} must be invalid`);
    expected[`${bad.name}.json`] = problems.map((p) => ({
      path: p.path,
      code: p.code,
      params: p.params,
      kz: problemMessage(p, 'kz'),
      ru: problemMessage(p, 'ru'),
    }));
    writeFileSync(
      join(dir, 'invalid', `${bad.name}.json`),
      `${JSON.stringify({ ...draft, id: bad.name }, null, 2)}\n`,
    );
    readme.push(
      `## ${bad.name}.json`,
      '',
      ...problems.map((p) => `- \`${p.path}\` ${p.code}: ${problemMessage(p, bad.from.lang)}`),
      '',
    );
  }
  // Not-a-draft files: broken JSON and a schema violation, refused before the publishing rules.
  writeFileSync(
    join(dir, 'invalid', 'broken-json.json'),
    '{ "schemaVersion": 2, "id": "x",\n  "title": "Сынық файл"\n',
  );
  writeFileSync(
    join(dir, 'invalid', 'schema-duration-text.json'),
    `${JSON.stringify({ ...build(kzHomework).draft, id: 'schema-duration-text', duration: 'қырық' }, null, 2)}\n`,
  );
  expected['broken-json.json'] = [{ path: '', code: 'json', params: {}, kz: '', ru: '' }];
  expected['schema-duration-text.json'] = [
    { path: 'duration', code: 'schema', params: {}, kz: '', ru: '' },
  ];
  readme.push(
    '## broken-json.json',
    '',
    '- not JSON (unterminated object): `json`',
    '',
    '## schema-duration-text.json',
    '',
    '- `duration` is text: `schema`',
    '',
  );
  // JSON Lines (one file per line): not a .json that a directory walk would take for a draft.
  writeFileSync(
    join(dir, 'invalid', 'expected-problems.jsonl'),
    `${Object.entries(expected)
      .map(([file, problems]) => JSON.stringify({ file, problems }))
      .join('\n')}\n`,
  );
  writeFileSync(join(dir, 'invalid', 'README.md'), readme.join('\n'));
  console.log(`${VALID.length} valid and ${INVALID.length} invalid drafts written to ${dir}`);
}

main();
