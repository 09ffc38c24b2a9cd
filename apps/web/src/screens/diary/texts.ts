import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';

/** Labels of the pupil's diary (issue 20), both languages with the same keys. */
const kz = {
  title: 'Күнделік',
  loading: 'Жүктелуде…',
  period: 'Тоқсан',
  current: 'ағымдағы',
  noSubjects: 'Бұл тоқсанда пәндер жоқ',
  marks: 'Бағалар',
  noMarks: 'Әзірге баға жоқ',
  absent: 'ж',
  absentLong: 'сабаққа қатыспады',
  fromHomework: 'үй тапсырмасы үшін',
  assessments: 'БЖБ және ТЖБ',
  noAssessments: 'БЖБ/ТЖБ әлі болған жоқ',
  sor: 'БЖБ',
  soch: 'ТЖБ',
  notMarked: 'бағаланбаған',
  points: 'балл',
  homework: 'Үй тапсырмалары',
  noHomework: 'Тексерілген үй тапсырмасы жоқ',
  exercise: 'жаттығу',
  result: 'Тоқсан қорытындысы',
  resultNone: 'Әзірге есептелмеген',
  resultParts: 'Қалыптастырушы {f}, БЖБ {sor}, ТЖБ {soch}',
  grade: 'Баға',
  subgroup: 'Топша',
};
type Texts = Record<keyof typeof kz, string>;
const ru: Texts = {
  title: 'Дневник',
  loading: 'Загрузка…',
  period: 'Четверть',
  current: 'текущая',
  noSubjects: 'В этой четверти нет предметов',
  marks: 'Оценки',
  noMarks: 'Оценок пока нет',
  absent: 'н',
  absentLong: 'отсутствовал(а) на уроке',
  fromHomework: 'за домашнее задание',
  assessments: 'СОР и СОЧ',
  noAssessments: 'СОР/СОЧ ещё не было',
  sor: 'СОР',
  soch: 'СОЧ',
  notMarked: 'не оценено',
  points: 'балл.',
  homework: 'Домашние задания',
  noHomework: 'Проверенных домашних заданий нет',
  exercise: 'упражнение',
  result: 'Итог четверти',
  resultNone: 'Пока не рассчитан',
  resultParts: 'Формативные {f}, СОР {sor}, СОЧ {soch}',
  grade: 'Оценка',
  subgroup: 'Подгруппа',
};

export type DiaryTextKey = keyof typeof kz;
export const DIARY_TEXTS: Record<UiLang, Texts> = { kz, ru };

export function diaryText(lang: UiLang = currentUiLang()) {
  const dict = DIARY_TEXTS[lang];
  return (key: DiaryTextKey, values?: Record<string, string | number>): string => {
    let s = dict[key];
    if (values) for (const [k, v] of Object.entries(values)) s = s.replaceAll(`{${k}}`, String(v));
    return s;
  };
}
