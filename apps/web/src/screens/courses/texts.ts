import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';

/** Labels of courses and correction work (issue 17), both languages with the same keys. */
const kz = {
  listTitle: 'Біліктілікті арттыру курстары',
  correctionTitle: 'Түзету жұмысы',
  correctionIntro:
    'Ерекше білім беру қажеттіліктері бар балаларға арналған түзету-дамыту курстары.',
  loading: 'Жүктелуде…',
  none: 'Әзірге курс жоқ',
  hours: '{hours} сағат',
  progress: 'Оқылды: {done} / {total}',
  open: 'Ашу: {name}',
  enrolled: 'Жазылдыңыз',
  certified: 'Сертификат алынды',
  onlyStaff: 'Бұл курстарға педагогтер жазыла алады.',
  back: 'Курстар тізіміне оралу',
  backCorrection: 'Түзету курстарына оралу',
  enrol: 'Курсқа жазылу',
  modules: 'Модульдер',
  moduleN: '{n}-модуль',
  study: 'Материалды ашу: {name}',
  markDone: 'Оқылды: {name}',
  test: 'Қорытынды тест',
  testClosed: 'Тест барлық модуль оқылғаннан кейін ашылады.',
  testRule: '{n} сұрақ. Өту шегі — {mark} %.',
  question: '{n}-сұрақ',
  submit: 'Жауаптарды жіберу',
  resultPassed: 'Тест тапсырылды: {correct} / {total} ({percent} %)',
  resultFailed:
    'Тест тапсырылмады: {correct} / {total} ({percent} %). Өту шегі — {mark} %. Қайта көріңіз.',
  lastAttempt: 'Соңғы нәтиже: {percent} %',
  certificate: 'Сертификат',
  certificateCode: 'Тексеру коды: {code}',
  certificateIssued: 'Берілген күні: {date}',
  download: 'Сертификатты PDF түрінде жүктеу',
  checkLink: 'Сертификатты тексеру бетін ашу',
  pupils: 'Оқушылардың үлгерімі',
  pupil: 'Оқушы',
  group: 'Сынып',
  total: 'Барлығы',
  noPupils: 'Сіздің сыныптарыңызда оқушы жоқ',
  doneMark: 'оқылды',
  notDoneMark: 'оқылмады',
  checkTitle: 'Сертификатты тексеру',
  checkValid: 'Сертификат жарамды',
  checkHolder: 'Иесі',
  checkCourse: 'Курс',
  checkHours: 'Сағат саны',
  checkDate: 'Берілген күні',
  checkCode: 'Коды',
  checkAnother: 'Басқа кодты тексеру',
  checkButton: 'Тексеру',
} as const;

type Texts = Record<keyof typeof kz, string>;

const ru: Texts = {
  listTitle: 'Курсы повышения квалификации',
  correctionTitle: 'Коррекционная работа',
  correctionIntro:
    'Коррекционно-развивающие курсы для детей с особыми образовательными потребностями.',
  loading: 'Загрузка…',
  none: 'Курсов пока нет',
  hours: '{hours} ч',
  progress: 'Изучено: {done} из {total}',
  open: 'Открыть: {name}',
  enrolled: 'Вы записаны',
  certified: 'Сертификат получен',
  onlyStaff: 'На эти курсы записываются педагоги.',
  back: 'К списку курсов',
  backCorrection: 'К коррекционным курсам',
  enrol: 'Записаться на курс',
  modules: 'Модули',
  moduleN: 'Модуль {n}',
  study: 'Открыть материал: {name}',
  markDone: 'Изучено: {name}',
  test: 'Итоговый тест',
  testClosed: 'Тест откроется после изучения всех модулей.',
  testRule: 'Вопросов: {n}. Проходной балл — {mark} %.',
  question: 'Вопрос {n}',
  submit: 'Отправить ответы',
  resultPassed: 'Тест сдан: {correct} из {total} ({percent} %)',
  resultFailed:
    'Тест не сдан: {correct} из {total} ({percent} %). Проходной балл — {mark} %. Попробуйте ещё раз.',
  lastAttempt: 'Последний результат: {percent} %',
  certificate: 'Сертификат',
  certificateCode: 'Код проверки: {code}',
  certificateIssued: 'Дата выдачи: {date}',
  download: 'Скачать сертификат в PDF',
  checkLink: 'Открыть страницу проверки сертификата',
  pupils: 'Прогресс учеников',
  pupil: 'Ученик',
  group: 'Класс',
  total: 'Всего',
  noPupils: 'В ваших классах нет учеников',
  doneMark: 'изучено',
  notDoneMark: 'не изучено',
  checkTitle: 'Проверка сертификата',
  checkValid: 'Сертификат действителен',
  checkHolder: 'Владелец',
  checkCourse: 'Курс',
  checkHours: 'Количество часов',
  checkDate: 'Дата выдачи',
  checkCode: 'Код',
  checkAnother: 'Проверить другой код',
  checkButton: 'Проверить',
};

export const COURSE_TEXTS: Record<UiLang, Texts> = { kz, ru };
export type CourseTextKey = keyof Texts;

export function courseText(lang: UiLang = currentUiLang()) {
  return (key: CourseTextKey, params: Record<string, string | number> = {}) =>
    COURSE_TEXTS[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
}
export type CourseTexts = ReturnType<typeof courseText>;
