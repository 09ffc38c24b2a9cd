import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';

/** Labels of the timetable screens (backoffice/schedules and /{groupId}), kz and ru. */
const kz = {
  title: 'Сабақ кестелері',
  subtitle: 'Сыныптардың апталық кестесі тоқсан бойынша',
  loading: 'Жүктелуде…',
  retry: 'Қайталау',
  quarter: 'Тоқсан',
  current: 'ағымдағы',
  group: 'Сынып',
  shift: 'Ауысым',
  shiftN: '{n}-ауысым',
  lessons: 'Аптадағы сабақ',
  withoutTeacher: 'Мұғалімсіз',
  state: 'Күйі',
  empty: 'Кесте жоқ',
  filled: 'Кесте бар',
  open: '{name} кестесі',
  noGroups: 'Көрсетілетін сынып жоқ',
  noPeriods: 'Мектепте әлі тоқсан жоқ: оларды мектеп баптауларында қосыңыз',
  groupTitle: '{name} сыныбының кестесі',
  readOnly: 'Кестені тек директор мен оның орынбасары өзгерте алады',
  bell: 'Сабақ',
  lessonN: '{n}-сабақ',
  add: 'Қосу',
  addAt: '{day}, {n}-сабақ: сабақ қосу',
  editAt: '{day}, {n}-сабақ: {subject} — өзгерту',
  newLesson: 'Жаңа сабақ: {day}, {n}-сабақ',
  editLesson: 'Сабақ: {day}, {n}-сабақ',
  subject: 'Пән',
  subgroup: 'Топша',
  wholeClass: 'Бүкіл сынып',
  teacher: 'Мұғалім',
  noTeacher: 'Тағайындалмаған',
  room: 'Кабинет',
  save: 'Сақтау',
  cancel: 'Болдырмау',
  close: 'Жабу',
  delete: 'Сабақты алып тастау',
  saved: 'Сабақ кестеге қойылды',
  deleted: 'Сабақ кестеден алынды',
  daysOff: 'Сабақсыз күндер',
  noDaysOff: 'Бұл тоқсанда мереке күндері жоқ',
  daysOffHint: 'Бұл күндері сабақ болмайды. Мектептің демалыстары мектеп баптауларында.',
  copyTitle: 'Басқа тоқсанға көшіру',
  copyGroupHint: 'Осы сыныптың аптасын таңдалған тоқсанға көшіреді',
  copySchoolHint: 'Мектептің барлық сыныбының аптасын таңдалған тоқсанға көшіреді',
  copyTo: 'Қай тоқсанға',
  replace: 'Ондағы сабақтарды ауыстыру',
  copy: 'Көшіру',
  copied: '{groups} сыныптың {slots} сабағы көшірілді',
  weekday1: 'Дүйсенбі',
  weekday2: 'Сейсенбі',
  weekday3: 'Сәрсенбі',
  weekday4: 'Бейсенбі',
  weekday5: 'Жұма',
  weekday6: 'Сенбі',
};

const ru: typeof kz = {
  title: 'Расписания',
  subtitle: 'Недельное расписание классов по четвертям',
  loading: 'Загрузка…',
  retry: 'Повторить',
  quarter: 'Четверть',
  current: 'текущая',
  group: 'Класс',
  shift: 'Смена',
  shiftN: '{n}-я смена',
  lessons: 'Уроков в неделю',
  withoutTeacher: 'Без учителя',
  state: 'Состояние',
  empty: 'Расписания нет',
  filled: 'Расписание есть',
  open: 'Расписание {name}',
  noGroups: 'Нет классов для показа',
  noPeriods: 'У школы ещё нет четвертей: добавьте их в настройках школы',
  groupTitle: 'Расписание класса {name}',
  readOnly: 'Изменять расписание могут только директор и завуч',
  bell: 'Урок',
  lessonN: '{n}-й урок',
  add: 'Добавить',
  addAt: '{day}, {n}-й урок: добавить урок',
  editAt: '{day}, {n}-й урок: {subject} — изменить',
  newLesson: 'Новый урок: {day}, {n}-й урок',
  editLesson: 'Урок: {day}, {n}-й урок',
  subject: 'Предмет',
  subgroup: 'Подгруппа',
  wholeClass: 'Весь класс',
  teacher: 'Учитель',
  noTeacher: 'Не назначен',
  room: 'Кабинет',
  save: 'Сохранить',
  cancel: 'Отмена',
  close: 'Закрыть',
  delete: 'Убрать урок',
  saved: 'Урок поставлен в расписание',
  deleted: 'Урок убран из расписания',
  daysOff: 'Дни без уроков',
  noDaysOff: 'В этой четверти нет праздничных дней',
  daysOffHint: 'В эти дни уроков нет. Каникулы школы задаются в настройках школы.',
  copyTitle: 'Копировать в другую четверть',
  copyGroupHint: 'Копирует неделю этого класса в выбранную четверть',
  copySchoolHint: 'Копирует неделю всех классов школы в выбранную четверть',
  copyTo: 'В какую четверть',
  replace: 'Заменить уроки, которые там есть',
  copy: 'Копировать',
  copied: 'Скопировано уроков: {slots}, классов: {groups}',
  weekday1: 'Понедельник',
  weekday2: 'Вторник',
  weekday3: 'Среда',
  weekday4: 'Четверг',
  weekday5: 'Пятница',
  weekday6: 'Суббота',
};

export const TIMETABLE_TEXTS = { kz, ru } as const;
export type TimetableTextKey = keyof typeof kz;
export type TimetableT = (
  key: TimetableTextKey,
  values?: Record<string, string | number>,
) => string;

export function timetableText(lang: UiLang = currentUiLang()): TimetableT {
  const dict = TIMETABLE_TEXTS[lang];
  return (key, values) => {
    let s = dict[key];
    if (values) for (const [k, v] of Object.entries(values)) s = s.replaceAll(`{${k}}`, String(v));
    return s;
  };
}

/** The weekday's name (1 = Monday). */
export function weekdayLabel(t: TimetableT, weekday: number): string {
  return t(`weekday${weekday}` as TimetableTextKey);
}
