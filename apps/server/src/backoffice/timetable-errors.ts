import type { Locale } from '@sabaq/platform';
import { CatalogueError, withParams } from '../http/errors';
import type { ClashKind } from './timetable-conflicts';

/** Messages of the backoffice timetables in Kazakh and Russian (spec §8 bodies). */
export const TIMETABLE_MESSAGES = {
  group_not_found: { kz: 'Сынып табылмады', ru: 'Класс не найден' },
  period_not_found: { kz: 'Тоқсан табылмады', ru: 'Четверть не найдена' },
  slot_not_found: { kz: 'Кестедегі сабақ табылмады', ru: 'Урок расписания не найден' },
  forbidden: {
    kz: 'Кестені тек директор мен оның орынбасары өзгерте алады',
    ru: 'Изменять расписание могут только директор и завуч',
  },
  group_archived: {
    kz: 'Сынып мұрағатта: оның кестесін өзгертуге болмайды',
    ru: 'Класс в архиве: его расписание изменить нельзя',
  },
  subject_unknown: { kz: 'Мұндай пән жоқ', ru: 'Такого предмета нет' },
  subgroup_wrong: {
    kz: 'Топша осы сынып пен пәнге жатпайды',
    ru: 'Подгруппа не относится к этому классу и предмету',
  },
  teacher_wrong: {
    kz: 'Мұғалім осы мектепте жұмыс істемейді',
    ru: 'Учитель не работает в этой школе',
  },
  bell_missing: {
    kz: 'Мектепте {shift}-ауысымда {count} сабақ қоңырауы бар: {n}-сабақ жоқ',
    ru: 'В {shift}-й смене школы {count} звонков: {n}-го урока нет',
  },
  shift_mixed: {
    kz: 'Бұл тоқсанда сынып {shift}-ауысымда оқиды: барлық сабағы бір ауысымда болуы керек',
    ru: 'В этой четверти класс учится в {shift}-й смене: все его уроки в одной смене',
  },
  same_period: {
    kz: 'Басқа тоқсанды таңдаңыз',
    ru: 'Выберите другую четверть',
  },
  target_not_empty: {
    kz: 'Таңдалған тоқсанда {count} сабақ бар. Оларды ауыстыру үшін «Ауыстыру» белгісін қойыңыз',
    ru: 'В выбранной четверти уже {count} уроков. Чтобы заменить их, отметьте «Заменить»',
  },
  source_empty: {
    kz: 'Көшіретін тоқсанда сабақ жоқ',
    ru: 'В четверти, откуда копировать, нет уроков',
  },
  lessons_have_work: {
    kz: 'Бұл сабақтардың {count} күнінде баға, үй жұмысы немесе тақырып бар: оларды алып тастауға не жылжытуға болмайды (мұғалімін не кабинетін ғана ауыстыруға болады)',
    ru: 'В {count} датах этих уроков уже есть оценки, домашние задания или темы: их нельзя убрать или передвинуть (можно сменить только учителя или кабинет)',
  },
  clash: { kz: 'Кестеде қайшылық бар: {what}', ru: 'Конфликт в расписании: {what}' },
} as const satisfies Record<string, Readonly<Record<Locale, string>>>;

export type TimetableMessageKey = keyof typeof TIMETABLE_MESSAGES;

export class TimetableError extends CatalogueError {
  constructor(
    status: number,
    readonly timetableKey: TimetableMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(
      status,
      status === 404 ? 'not_found' : status === 403 ? 'forbidden' : 'validation_failed',
      TIMETABLE_MESSAGES[timetableKey],
      field,
      params,
    );
  }
}

const WEEKDAYS: Record<Locale, readonly string[]> = {
  kz: ['дүйсенбі', 'сейсенбі', 'сәрсенбі', 'бейсенбі', 'жұма', 'сенбі'],
  ru: ['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'],
};

export function weekdayName(weekday: number, locale: Locale): string {
  return WEEKDAYS[locale][weekday - 1] ?? String(weekday);
}

/** The other lesson of a clash, named for the message. */
export interface ClashedLesson {
  groupName: string;
  weekday: number;
  lessonNo: number;
  subjectName: string;
  subgroupName: string | null;
  teacherName: string | null;
  room: string;
}

const CLASH_TEXTS: Record<ClashKind, Record<Locale, string>> = {
  teacher: {
    kz: '{teacher} мұғалімі бұл уақытта {group} сыныбында сабақ береді ({at}, {subject})',
    ru: 'учитель {teacher} в это время ведёт урок в {group} ({at}, {subject})',
  },
  room: {
    kz: '{room} кабинеті бұл уақытта бос емес: {group}, {subject} ({at})',
    ru: 'кабинет {room} в это время занят: {group}, {subject} ({at})',
  },
  class: {
    kz: '{group} сыныбында бұл уақытта сабақ бар: {subject} ({at})',
    ru: 'у {group} в это время уже урок: {subject} ({at})',
  },
  wholeClass: {
    kz: '{group} сыныбында бұл уақытта бүкіл сыныптың сабағы бар: {subject} ({at})',
    ru: 'у {group} в это время урок всего класса: {subject} ({at})',
  },
  subgroupLesson: {
    kz: '{group} сыныбының «{subgroup}» топшасында бұл уақытта сабақ бар: {subject} ({at})',
    ru: 'у подгруппы «{subgroup}» класса {group} в это время урок: {subject} ({at})',
  },
  sameSubgroup: {
    kz: '«{subgroup}» топшасында бұл уақытта сабақ бар: {subject} ({at})',
    ru: 'у подгруппы «{subgroup}» в это время уже урок: {subject} ({at})',
  },
  sharedPupils: {
    kz: '«{subgroup}» топшасының ({subject}, {at}) оқушылары осы топшада да оқиды',
    ru: 'ученики подгруппы «{subgroup}» ({subject}, {at}) есть и в этой подгруппе',
  },
};

export function clashText(kind: ClashKind, other: ClashedLesson, locale: Locale): string {
  const at =
    locale === 'kz'
      ? `${weekdayName(other.weekday, locale)}, ${other.lessonNo}-сабақ`
      : `${weekdayName(other.weekday, locale)}, ${other.lessonNo}-й урок`;
  return withParams(CLASH_TEXTS[kind][locale], {
    teacher: other.teacherName ?? '',
    room: other.room,
    group: other.groupName,
    subject: other.subgroupName
      ? `${other.subjectName} (${other.subgroupName})`
      : other.subjectName,
    subgroup: other.subgroupName ?? '',
    at,
  });
}

/** 409: the lesson clashes; the message names every clash in the reader's language. */
export class TimetableClashError extends TimetableError {
  constructor(readonly clashes: readonly { kind: ClashKind; other: ClashedLesson; of?: string }[]) {
    super(409, 'clash');
  }

  override toBody(locale: Locale) {
    const texts = this.clashes.map(
      (c) => `${c.of ? `${c.of}: ` : ''}${clashText(c.kind, c.other, locale)}`,
    );
    return {
      message: withParams(TIMETABLE_MESSAGES.clash[locale], { what: texts.join('; ') }),
      conflicts: texts,
    };
  }
}
