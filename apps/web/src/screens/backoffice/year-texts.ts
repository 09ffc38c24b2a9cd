import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';

/** Labels of the year transition (backoffice/school-settings) and the archived journal, kz and ru. */
const kz = {
  title: 'Жаңа оқу жылы',
  intro:
    'Барлық сыныптар бір параллельге жоғары көшеді, 11-сыныптар түлектерімен мұрағатқа кетеді (бағалары сақталады), жаңа 1-сыныптар ашылады, жаңа жылдың тоқсандары жасалады.',
  open: 'Жаңа оқу жылына көшіру',
  loading: 'Жүктелуде…',
  retry: 'Қайталау',
  previewTitle: '{from} → {to} оқу жылы',
  moves: 'Жоғары көшетін сыныптар',
  movesCount: '{n} сынып, {pupils} оқушы',
  now: 'Қазір',
  becomes: 'Болады',
  pupils: 'Оқушылар',
  graduates: 'Мұрағатқа кететін түлектер',
  graduatesCount: '{n} сынып, {pupils} түлек',
  noGraduates: '11-сыныптар жоқ',
  opens: 'Ашылатын 1-сыныптар',
  letter: 'Литер',
  lang: 'Оқыту тілі',
  classLetter: '{n}-жаңа сыныптың литері',
  classLang: '{n}-жаңа сыныптың оқыту тілі',
  addClass: '1-сынып қосу',
  removeClass: '{name} сыныбын алып тастау',
  noOpens: 'Жаңа 1-сыныптар ашылмайды',
  periods: '{year} оқу жылының тоқсандары',
  quarter: '{n}-тоқсан',
  exists: 'бар',
  willCreate: 'жасалады',
  conflicts: 'Көшіруге кедергі',
  check: 'Қайта тексеру',
  recheck: '1-сыныптар өзгерді: растамас бұрын «Қайта тексеру» басыңыз',
  confirm: 'Растаймын: көшіру',
  confirmHint: 'Көшіру бір оқу жылында бір рет орындалады және кері қайтарылмайды.',
  cancel: 'Болдырмау',
  close: 'Жабу',
  running: 'Көшіру орындалуда…',
  done: 'Дайын: {moved} сынып көшірілді, {graduated} сынып мұрағатқа кетті ({leavers} түлек), {opened} сынып ашылды.',
  stateDone: '{year} оқу жылына көшіру {date} орындалды.',
  stateWaiting: 'Келесі көшіру {date} бастап мүмкін.',
  journal: 'Сынып журналы ({year} оқу жылы)',
  subject: 'Пән',
  period: 'Тоқсан',
  subgroup: 'Топша',
  sor: 'БЖБ',
  soch: 'ТЖБ',
  wholeClass: 'Бүкіл сынып',
  student: 'Оқушы',
  result: 'Тоқсан бағасы',
  noLessons: 'Бұл тоқсанда сабақ жазылмаған',
  readOnly: 'Тек оқу үшін: мұрағаттағы сыныптың журналына ештеңе жазылмайды',
  absent: 'н',
};

const ru: typeof kz = {
  title: 'Новый учебный год',
  intro:
    'Все классы переходят на параллель выше, 11-е классы уходят в архив со своими выпускниками (оценки сохраняются), открываются новые 1-е классы, создаются четверти нового года.',
  open: 'Перевести на новый учебный год',
  loading: 'Загрузка…',
  retry: 'Повторить',
  previewTitle: 'Учебный год {from} → {to}',
  moves: 'Классы переходят выше',
  movesCount: '{n} кл., {pupils} учеников',
  now: 'Сейчас',
  becomes: 'Станет',
  pupils: 'Ученики',
  graduates: 'Выпускники уходят в архив',
  graduatesCount: '{n} кл., {pupils} выпускников',
  noGraduates: 'Нет 11-х классов',
  opens: 'Открываются 1-е классы',
  letter: 'Литера',
  lang: 'Язык обучения',
  classLetter: 'Литера {n}-го нового класса',
  classLang: 'Язык обучения {n}-го нового класса',
  addClass: 'Добавить 1-й класс',
  removeClass: 'Убрать класс {name}',
  noOpens: 'Новые 1-е классы не открываются',
  periods: 'Четверти {year} учебного года',
  quarter: '{n}-я четверть',
  exists: 'уже есть',
  willCreate: 'будет создана',
  conflicts: 'Мешает переводу',
  check: 'Проверить заново',
  recheck: '1-е классы изменены: перед подтверждением нажмите «Проверить заново»',
  confirm: 'Подтверждаю: перевести',
  confirmHint: 'Перевод выполняется один раз за учебный год и не отменяется.',
  cancel: 'Отмена',
  close: 'Закрыть',
  running: 'Идёт перевод…',
  done: 'Готово: переведено классов — {moved}, в архив ушли {graduated} кл. ({leavers} выпускников), открыто классов — {opened}.',
  stateDone: 'Перевод на {year} учебный год выполнен {date}.',
  stateWaiting: 'Следующий перевод возможен с {date}.',
  journal: 'Журнал класса ({year} учебный год)',
  subject: 'Предмет',
  period: 'Четверть',
  subgroup: 'Подгруппа',
  sor: 'СОР',
  soch: 'СОЧ',
  wholeClass: 'Весь класс',
  student: 'Ученик',
  result: 'Оценка за четверть',
  noLessons: 'В этой четверти уроков не записано',
  readOnly: 'Только для чтения: в журнал класса из архива ничего не записывается',
  absent: 'н',
};

export const YEAR_TEXTS = { kz, ru } as const;
export type YearTextKey = keyof typeof kz;
export type YearT = (key: YearTextKey, values?: Record<string, string | number>) => string;

export function yearText(lang: UiLang = currentUiLang()): YearT {
  const dict = YEAR_TEXTS[lang];
  return (key, values) => {
    let s = dict[key];
    if (values) for (const [k, v] of Object.entries(values)) s = s.replaceAll(`{${k}}`, String(v));
    return s;
  };
}
