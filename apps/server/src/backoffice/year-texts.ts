import type { Locale, YearConflictCode } from '@sabaq/platform';
import { CatalogueError, withParams } from '../http/errors';

/** The year transition's and the archived journal's own kz/ru answers. */
export const YEAR_MESSAGES = {
  year_stale: {
    kz: 'Алдын ала қарау ескірді: мектептің оқу жылы енді {year}. Қайта қараңыз',
    ru: 'Предпросмотр устарел: учебный год школы теперь {year}. Посмотрите заново',
  },
  year_waiting: {
    kz: '{year} оқу жылы әлі басталған жоқ: келесі көшіру {date} бастап',
    ru: '{year} учебный год ещё не начался: следующий перевод с {date}',
  },
  year_conflicts: {
    kz: 'Жаңа оқу жылына көшіру мүмкін емес: {what}',
    ru: 'Перевод на новый учебный год невозможен: {what}',
  },
  year_kindergarten: {
    kz: 'Балабақшада сыныптар жоғары көшірілмейді: топтарды «Топтар мен балалар» бетінде өзгертіңіз',
    ru: 'В детском саду классы не переводятся: группы меняются на странице «Группы и дети»',
  },
  lang_unknown: { kz: 'Мұндай оқыту тілі жоқ', ru: 'Такого языка обучения нет' },
  school_required: {
    kz: 'Бұл әрекет мектеп қызметкеріне ғана қолжетімді',
    ru: 'Это действие доступно только сотруднику школы',
  },
  group_not_found: { kz: 'Мұрағатта мұндай сынып жоқ', ru: 'Такого класса в архиве нет' },
  subject_not_found: {
    kz: 'Бұл сыныпта мұндай пән оқытылмаған',
    ru: 'Этот предмет в классе не преподавался',
  },
  period_not_found: {
    kz: 'Сыныптың оқу жылында мұндай тоқсан жоқ',
    ru: 'В учебном году класса нет такой четверти',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type YearMessageKey = keyof typeof YEAR_MESSAGES;

/** Why a first class cannot open, as the preview lists it and the 409 names it. */
export const YEAR_CONFLICT_TEXTS = {
  new_class_taken: {
    kz: '{name} сыныбы бар болады: оған 0-сыныптан көшетін сынып келеді',
    ru: 'Класс {name} уже будет: в него переходит класс из нулевой параллели',
  },
  new_class_repeated: {
    kz: '{name} сыныбы екі рет аталған',
    ru: 'Класс {name} назван дважды',
  },
  lang_unknown: {
    kz: '{name} сыныбының оқыту тілі белгісіз',
    ru: 'У класса {name} неизвестный язык обучения',
  },
} as const satisfies Record<YearConflictCode, Record<Locale, string>>;

export function conflictText(code: YearConflictCode, name: string, locale: Locale): string {
  return withParams(YEAR_CONFLICT_TEXTS[code][locale], { name });
}

export class YearError extends CatalogueError {
  constructor(
    status: 403 | 404 | 409 | 422,
    readonly yearKey: YearMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(
      status,
      status === 404 ? 'not_found' : status === 403 ? 'forbidden' : 'validation_failed',
      YEAR_MESSAGES[yearKey],
      field,
      params,
    );
  }
}

/** 409 naming every conflict of the plan in the reader's language. */
export class YearConflictError extends YearError {
  constructor(readonly conflicts: readonly { code: YearConflictCode; name: string }[]) {
    super(409, 'year_conflicts');
  }

  override toBody(locale: Locale) {
    const what = this.conflicts.map((c) => conflictText(c.code, c.name, locale)).join('; ');
    return { message: withParams(YEAR_MESSAGES.year_conflicts[locale], { what }) };
  }
}
