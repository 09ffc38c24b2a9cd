import type { Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** Messages of timed SOR/SOCh sittings in Kazakh and Russian (spec §8 body, like every error). */
export const SITTING_MESSAGES = {
  sitting_time_over: {
    kz: 'Жұмыс уақыты {at} аяқталды, жауаптар {until} дейін қабылданды: соңғы сақталған жауаптарыңыз тапсырылды, кейінгілері қабылданбайды',
    ru: 'Время работы истекло в {at}, ответы принимались до {until}: сданы последние сохранённые ответы, более поздние не приняты',
  },
  sitting_not_started: {
    kz: 'Алдымен жұмысты бастаңыз: уақыт басталған сәттен есептеледі',
    ru: 'Сначала начните работу: время считается с начала',
  },
  retake_nothing_handed_in: {
    kz: 'Оқушы бұл жұмысты әлі тапсырған жоқ: қайта тапсыруға рұқсат керек емес',
    ru: 'Ученик ещё не сдал эту работу: разрешение на пересдачу не нужно',
  },
  retake_not_exam: {
    kz: 'Қайта тапсыруға тек сабаққа қосылған БЖБ/ТЖБ үшін рұқсат беріледі',
    ru: 'Пересдачу можно разрешить только для СОР/СОЧ, прикреплённого к уроку',
  },
  exam_grace_range: {
    kz: 'Кешігіп тапсыруға берілетін уақыт 0-ден {max} минутқа дейінгі бүтін сан болуы керек',
    ru: 'Время на позднюю сдачу должно быть целым числом минут от 0 до {max}',
  },
  conference_not_participant: {
    kz: 'Бейнесабаққа тек сабақтың мұғалімі мен оқушылары қосыла алады',
    ru: 'К видеоуроку могут подключиться только учитель и ученики этого урока',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type SittingMessageKey = keyof typeof SITTING_MESSAGES;

export class SittingError extends CatalogueError {
  constructor(
    status: number,
    key: SittingMessageKey,
    params: Record<string, string | number> = {},
    field?: string,
  ) {
    super(
      status,
      status === 403 ? 'forbidden' : 'validation_failed',
      SITTING_MESSAGES[key],
      field,
      params,
    );
  }
}
