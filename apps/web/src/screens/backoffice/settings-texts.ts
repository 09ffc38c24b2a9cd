import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { store } from '../../session/store';

/** Labels of the school settings screen (backoffice/school-settings), kz and ru. */
const kz = {
  title: 'Мектеп баптаулары',
  subtitle: 'Мектептің деректері, қоңырау кестесі, оқу жылы, демалыстар және журналдың салмақтары',
  loading: 'Жүктелуде…',
  retry: 'Қайталау',
  school: 'Мектеп',
  nameKz: 'Атауы (қазақша)',
  nameRu: 'Атауы (орысша)',
  addressKz: 'Мекенжайы (қазақша)',
  addressRu: 'Мекенжайы (орысша)',
  bin: 'БСН',
  binHint: '12 цифр',
  bells: 'Қоңырау кестесі',
  shift: '{n}-ауысым',
  lessonNo: '{n}-сабақ',
  startsAt: 'Басталуы',
  endsAt: 'Аяқталуы',
  addLesson: 'Сабақ қосу',
  removeLesson: '{n}-сабақты алып тастау',
  year: 'Оқу жылы',
  schoolYear: 'Оқу жылы (ЖЖЖЖ-ЖЖЖЖ)',
  quarter: '{n}-тоқсан',
  start: 'Басталуы',
  end: 'Аяқталуы',
  current: 'Ағымдағы тоқсан',
  holidays: 'Демалыстар мен мереке күндері',
  holidayNameKz: 'Атауы (қазақша)',
  holidayNameRu: 'Атауы (орысша)',
  addHoliday: 'Демалыс қосу',
  removeHoliday: '«{name}» демалысын алып тастау',
  noHolidays: 'Мектептің өз демалыстары әлі енгізілмеген',
  publicHolidays: 'Мемлекеттік мереке және демалыс күндері (заң бойынша)',
  publicHolidaysHint:
    'Бұл күндері сабақ кестеге қойылмайды. Мектеп жұмыс істейтін күнді белгілеңіз (мысалы, демалыс күні ауыстырылғанда).',
  schoolWorks: 'Мектеп жұмыс істейді',
  schoolHolidays: 'Мектептің өз демалыстары',
  weights: 'Журналдың бағалау салмақтары, %',
  formative: 'Қалыптастырушы бағалау (ҚБ)',
  sor: 'Бөлім бойынша жиынтық бағалау (БЖБ)',
  soch: 'Тоқсандық жиынтық бағалау (ТЖБ)',
  weightsTotal: 'Барлығы: {n} %',
  save: 'Сақтау',
  saved: 'Баптаулар сақталды',
  hasErrors: 'Баптауларда қате бар: төмендегі өрістерді түзетіңіз',
  datePlaceholder: 'КК.АА.ЖЖЖЖ',
};

const ru: typeof kz = {
  title: 'Настройки школы',
  subtitle: 'Данные школы, расписание звонков, учебный год, каникулы и веса оценок журнала',
  loading: 'Загрузка…',
  retry: 'Повторить',
  school: 'Школа',
  nameKz: 'Название (на казахском)',
  nameRu: 'Название (на русском)',
  addressKz: 'Адрес (на казахском)',
  addressRu: 'Адрес (на русском)',
  bin: 'БИН',
  binHint: '12 цифр',
  bells: 'Расписание звонков',
  shift: '{n}-я смена',
  lessonNo: '{n}-й урок',
  startsAt: 'Начало',
  endsAt: 'Конец',
  addLesson: 'Добавить урок',
  removeLesson: 'Убрать {n}-й урок',
  year: 'Учебный год',
  schoolYear: 'Учебный год (ГГГГ-ГГГГ)',
  quarter: '{n}-я четверть',
  start: 'Начало',
  end: 'Конец',
  current: 'Текущая четверть',
  holidays: 'Каникулы и праздничные дни',
  holidayNameKz: 'Название (на казахском)',
  holidayNameRu: 'Название (на русском)',
  addHoliday: 'Добавить каникулы',
  removeHoliday: 'Убрать «{name}»',
  noHolidays: 'Собственные каникулы школы ещё не внесены',
  publicHolidays: 'Государственные праздники и выходные дни (по закону)',
  publicHolidaysHint:
    'В эти дни уроки в расписание не ставятся. Отметьте день, в который школа работает (например, при переносе выходного).',
  schoolWorks: 'Школа работает',
  schoolHolidays: 'Собственные каникулы школы',
  weights: 'Веса оценок журнала, %',
  formative: 'Формативное оценивание (ФО)',
  sor: 'Суммативное оценивание за раздел (СОР)',
  soch: 'Суммативное оценивание за четверть (СОЧ)',
  weightsTotal: 'Итого: {n} %',
  save: 'Сохранить',
  saved: 'Настройки сохранены',
  hasErrors: 'В настройках есть ошибки: исправьте поля ниже',
  datePlaceholder: 'ДД.ММ.ГГГГ',
};

export const SETTINGS_TEXTS = { kz, ru } as const;
export type SettingsTextKey = keyof typeof kz;
export type SettingsT = (key: SettingsTextKey, values?: Record<string, string | number>) => string;

/** Issue 30: a kindergarten's director reads «балабақша / детский сад», not «школа». */
const KINDERGARTEN: Record<UiLang, Partial<typeof kz>> = {
  kz: {
    title: 'Балабақша баптаулары',
    subtitle: 'Балабақшаның деректері, күн тәртібі, оқу жылы, демалыстар және журналдың салмақтары',
    school: 'Балабақша',
    noHolidays: 'Балабақшаның өз демалыстары әлі енгізілмеген',
    publicHolidaysHint:
      'Бұл күндері топтарда сабақ жоспарланбайды. Балабақша жұмыс істейтін күнді белгілеңіз (мысалы, демалыс күні ауыстырылғанда).',
    schoolWorks: 'Балабақша жұмыс істейді',
    schoolHolidays: 'Балабақшаның өз демалыстары',
  },
  ru: {
    title: 'Настройки детского сада',
    subtitle: 'Данные детского сада, распорядок, учебный год, каникулы и веса оценок журнала',
    school: 'Детский сад',
    noHolidays: 'Собственные каникулы детского сада ещё не внесены',
    publicHolidaysHint:
      'В эти дни занятия в группах не планируются. Отметьте день, в который детский сад работает (например, при переносе выходного).',
    schoolWorks: 'Детский сад работает',
    schoolHolidays: 'Собственные каникулы детского сада',
  },
};

export function settingsText(lang: UiLang = currentUiLang()): SettingsT {
  const kindergarten = store.get().user?.school?.kind === 'kindergarten';
  const dict = kindergarten
    ? { ...SETTINGS_TEXTS[lang], ...KINDERGARTEN[lang] }
    : SETTINGS_TEXTS[lang];
  return (key, values) => {
    let s = dict[key];
    if (values) for (const [k, v] of Object.entries(values)) s = s.replaceAll(`{${k}}`, String(v));
    return s;
  };
}
