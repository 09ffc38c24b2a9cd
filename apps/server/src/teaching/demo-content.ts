import { DraftSchema, createDraft, newModule, textDoc } from '@sabaq/engine';
import type { Draft, Module } from '@sabaq/engine';

/**
 * The demo SOR the seed publishes and attaches to a 7А algebra lesson: one module of each
 * automatically graded kind (select, single choice, multiple choice, connection) and one open
 * answer the teacher grades, with descriptor marks.
 */
export const DEMO_SOR_ID = 'demo-sor-algebra-7-kz';

/**
 * A task module asking `question`, graded by descriptors of `title` worth `marks` (one a line);
 * the caller sets its options. Shared by the demo SOR and the demo KTP lecture.
 */
export function demoTask(id: string, title: string, question: string, marks: number[]): Module {
  const m = newModule(id, 'task', title);
  m.content = textDoc(question);
  m.descriptor = {
    criterion: title,
    descriptorList: marks.map((mark, i) => ({
      id: `${id}-d${i + 1}`,
      title: `${title}: ${i + 1}`,
      mark,
    })),
  };
  return m;
}

export function demoSor(): Draft {
  const d = createDraft({
    id: DEMO_SOR_ID,
    type: 'sor',
    title: 'Алгебра, 7-сынып: «Сызықтық теңдеулер» бөлімі бойынша жиынтық бағалау',
    lang: 'kz',
    class: 7,
    summary: 'Бір айнымалысы бар сызықтық теңдеулер',
  });
  const m1 = demoTask('m1', 'Теңдеудің түбірі', '3x − 7 = 11 теңдеуінің түбірін табыңыз.', [1, 1]);
  m1.options = {
    kind: 'choice',
    multiple: false,
    items: [
      { id: 'm1-a', content: 'x = 6', right: true },
      { id: 'm1-b', content: 'x = 4', right: false },
      { id: 'm1-c', content: 'x = −6', right: false },
    ],
  };
  const m2 = demoTask('m2', 'Теңдеудің түрі', '2x + 5 = 2x + 7 теңдеуінің неше түбірі бар?', [1]);
  m2.options = {
    kind: 'select',
    items: [
      { id: 'm2-a', text: 'Бір түбір' },
      { id: 'm2-b', text: 'Түбірі жоқ' },
      { id: 'm2-c', text: 'Шексіз көп' },
    ],
    rightId: 'm2-b',
  };
  const m3 = demoTask(
    'm3',
    'Сызықтық теңдеулер',
    'Төмендегілердің қайсысы сызықтық теңдеу? Барлық дұрыс жауапты белгілеңіз.',
    [1, 1],
  );
  m3.options = {
    kind: 'choice',
    multiple: true,
    items: [
      { id: 'm3-a', content: '5x − 1 = 9', right: true },
      { id: 'm3-b', content: 'x² = 4', right: false },
      { id: 'm3-c', content: '0,5x = 3', right: true },
    ],
  };
  const m4 = demoTask('m4', 'Сәйкестік', 'Теңдеуді оның түбірімен сәйкестендіріңіз.', [1, 1, 1]);
  m4.options = {
    kind: 'connection',
    left: [
      { id: 'm4-l1', content: 'x + 2 = 5' },
      { id: 'm4-l2', content: '2x = 10' },
      { id: 'm4-l3', content: 'x − 4 = 0' },
    ],
    right: [
      { id: 'm4-r1', content: '3' },
      { id: 'm4-r2', content: '5' },
      { id: 'm4-r3', content: '4' },
    ],
    links: [
      { left: 'm4-l1', right: 'm4-r1' },
      { left: 'm4-l2', right: 'm4-r2' },
      { left: 'm4-l3', right: 'm4-r3' },
    ],
  };
  const m5 = demoTask(
    'm5',
    'Есеп',
    'Қабырғасы x см шаршының периметрі 36 см. Теңдеу құрып, x-ті табыңыз. Шешуін жазыңыз.',
    [1, 2],
  );
  m5.hints = { solution: textDoc('4x = 36, сондықтан x = 9 (см).') };
  d.pages = [
    { id: 'p1', title: 'Сызықтық теңдеулер', expand: true, modules: [m1, m2, m3, m4, m5] },
  ];
  d.version = 12;
  return DraftSchema.parse(d);
}

/** The demo SOCh (term summative assessment), published for 7А algebra; not put on a lesson. */
export const DEMO_SOCH_ID = 'demo-soch-algebra-7-kz';

export function demoSoch(): Draft {
  const d = createDraft({
    id: DEMO_SOCH_ID,
    type: 'soch',
    title: 'Алгебра, 7-сынып: тоқсандық жиынтық бағалау',
    lang: 'kz',
    class: 7,
    summary: 'Сызықтық теңдеулер және олардың шешімдері',
  });
  d.purposes = [
    { id: 'sp1', title: 'Сызықтық теңдеуді шешу', skillLevelId: null, langLevelId: null },
  ];
  const m1 = demoTask('s1', 'Теңдеудің түбірі', '5x + 3 = 18 теңдеуінің түбірін табыңыз.', [1]);
  m1.options = {
    kind: 'choice',
    multiple: false,
    items: [
      { id: 's1-a', content: 'x = 3', right: true },
      { id: 's1-b', content: 'x = 5', right: false },
    ],
  };
  m1.additionalCriterions.purposes = ['sp1'];
  d.pages = [{ id: 'p1', title: 'Сызықтық теңдеулер', expand: true, modules: [m1] }];
  d.version = 1;
  return DraftSchema.parse(d);
}
