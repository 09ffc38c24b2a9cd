import type { Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** Messages of exam results (override, re-grade) in Kazakh and Russian (spec §8 body). */
export const RESULT_MESSAGES = {
  override_comment_required: {
    kz: 'Бағаны өзгерткенде түсініктеме жазыңыз',
    ru: 'При изменении баллов напишите комментарий',
  },
  override_points_over: {
    kz: 'Балл 0 мен {max} аралығында болуы керек',
    ru: 'Баллы должны быть от 0 до {max}',
  },
  override_forbidden: {
    kz: 'Бағаны тек сабақтың мұғалімі немесе мектеп басшылығы өзгерте алады',
    ru: 'Изменить баллы может только учитель этого урока или руководство школы',
  },
  override_nothing_handed_in: {
    kz: 'Оқушы бұл жұмысты әлі тапсырған жоқ',
    ru: 'Ученик ещё не сдал эту работу',
  },
  regrade_not_published: {
    kz: 'Қайта бағалау тек жарияланған нұсқа бойынша жасалады',
    ru: 'Перепроверить можно только по опубликованной версии',
  },
  regrade_version_stale: {
    kz: 'Материалдың {version} нұсқасы енді жаңа емес: қайта бағалауды қайта қараңыз',
    ru: 'Версия {version} уже не последняя: посмотрите перепроверку заново',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ResultMessageKey = keyof typeof RESULT_MESSAGES;

export class ResultError extends CatalogueError {
  constructor(
    status: number,
    key: ResultMessageKey,
    params: Record<string, string | number> = {},
    field?: string,
  ) {
    super(
      status,
      status === 403 ? 'forbidden' : 'validation_failed',
      RESULT_MESSAGES[key],
      field,
      params,
    );
  }
}
