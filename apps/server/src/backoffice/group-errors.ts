import type { Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/**
 * Messages of the backoffice classes, pupils and subgroups in Kazakh and Russian (the same spec
 * §8 body as every error; see teaching/errors.ts for why a feature keeps its own catalogue).
 */
export const GROUP_MESSAGES = {
  group_not_found: { kz: 'Сынып табылмады', ru: 'Класс не найден' },
  group_not_empty: {
    kz: 'Сыныпты жоюға болмайды: онда {what} бар. Алдымен оларды ауыстырыңыз немесе мұрағатқа жіберіңіз',
    ru: 'Класс нельзя удалить: в нём есть {what}. Сначала переведите их или отправьте в архив',
  },
  group_forbidden: {
    kz: 'Сыныпты тек директор мен оның орынбасары өзгерте алады',
    ru: 'Изменять класс могут только директор и завуч',
  },
  group_archived: {
    kz: 'Сынып мұрағатта: оны өзгертуге болмайды',
    ru: 'Класс в архиве: его нельзя изменить',
  },
  pupil_not_found: {
    kz: 'Бұл ЖСН бойынша мектептің оқушысы табылмады',
    ru: 'Ученик школы с таким ИИН не найден',
  },
  pupil_not_in_group: { kz: 'Оқушы бұл сыныпта оқымайды', ru: 'Ученик не учится в этом классе' },
  pupil_already_here: { kz: 'Оқушы осы сыныпта оқиды', ru: 'Ученик уже в этом классе' },
  iin_taken: {
    kz: 'Бұл ЖСН-мен тіркелгі бар: оны «Бар оқушы» арқылы қосыңыз',
    ru: 'Учётная запись с этим ИИН уже есть: добавьте её как «Существующий ученик»',
  },
  target_group_invalid: {
    kz: 'Мектептің басқа белсенді сыныбын таңдаңыз',
    ru: 'Выберите другой действующий класс школы',
  },
  subject_not_taught: {
    kz: 'Бұл пән осы сыныпта оқытылмайды',
    ru: 'Этот предмет не преподаётся в этом классе',
  },
  subgroup_not_found: { kz: 'Топша табылмады', ru: 'Подгруппа не найдена' },
  subgroup_exists: {
    kz: 'Бұл пәнде осындай атаулы топша бар',
    ru: 'Подгруппа с таким названием по этому предмету уже есть',
  },
  subgroup_in_use: {
    kz: 'Топшаны жоюға болмайды: оның кестесі, сабақтары немесе жиынтық бағалаулары бар',
    ru: 'Подгруппу нельзя удалить: у неё есть расписание, уроки или суммативные оценивания',
  },
  subgroup_wrong: {
    kz: 'Топша осы сынып пен пәнге жатпайды',
    ru: 'Подгруппа не относится к этому классу и предмету',
  },
} as const satisfies Record<string, Readonly<Record<Locale, string>>>;

export type GroupMessageKey = keyof typeof GROUP_MESSAGES;

/** The parts of a class that keep it from being deleted, named in the message. */
export const GROUP_PARTS = {
  pupils: { kz: 'оқушылар', ru: 'ученики' },
  timetable: { kz: 'сабақ кестесі мен сабақтар', ru: 'расписание и уроки' },
  assessments: { kz: 'жиынтық бағалаулар', ru: 'суммативные оценивания' },
  plans: { kz: 'күнтізбелік жоспарлар', ru: 'календарные планы' },
} as const satisfies Record<string, Readonly<Record<Locale, string>>>;

export type GroupPart = keyof typeof GROUP_PARTS;

export class GroupError extends CatalogueError {
  constructor(
    status: number,
    readonly groupKey: GroupMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(
      status,
      status === 404 ? 'not_found' : status === 403 ? 'forbidden' : 'validation_failed',
      GROUP_MESSAGES[groupKey],
      field,
      params,
    );
  }
}

/** 409: the class still holds `parts`; the message names them in the reader's language. */
export class GroupNotEmptyError extends GroupError {
  constructor(readonly parts: readonly GroupPart[]) {
    super(409, 'group_not_empty');
  }

  override toBody(locale: Locale) {
    const what = this.parts.map((part) => GROUP_PARTS[part][locale]).join(', ');
    return { message: GROUP_MESSAGES.group_not_empty[locale].replace('{what}', what) };
  }
}
