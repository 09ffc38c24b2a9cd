import type { Locale, MessageKey } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** The courses' own kz/ru answers. */
export const COURSE_MESSAGES = {
  not_found: { kz: 'Мұндай курс табылмады', ru: 'Такой курс не найден' },
  module_not_found: { kz: 'Курста мұндай модуль жоқ', ru: 'В курсе нет такого модуля' },
  certificate_not_found: {
    kz: 'Мұндай кодпен сертификат берілмеген',
    ru: 'Сертификат с таким кодом не выдавался',
  },
  no_certificate: {
    kz: 'Сертификат қорытынды тесттен өткеннен кейін беріледі',
    ru: 'Сертификат выдаётся после успешного итогового теста',
  },
  not_teacher_course: {
    kz: 'Бұл курсқа жазылу қажет емес',
    ru: 'На этот курс записываться не нужно',
  },
  not_correction: {
    kz: 'Оқушылар үлгерімі түзету курстарында ғана көрсетіледі',
    ru: 'Прогресс учеников ведётся только в коррекционных курсах',
  },
  not_enrolled: { kz: 'Алдымен курсқа жазылыңыз', ru: 'Сначала запишитесь на курс' },
  not_learner: {
    kz: 'Біліктілікті арттыру курстары педагогтерге арналған',
    ru: 'Курсы повышения квалификации предназначены для педагогов',
  },
  already_enrolled: { kz: 'Сіз бұл курсқа жазылғансыз', ru: 'Вы уже записаны на этот курс' },
  modules_left: {
    kz: 'Қорытынды тест барлық модуль оқылғаннан кейін ашылады (қалғаны: {count})',
    ru: 'Итоговый тест откроется после изучения всех модулей (осталось: {count})',
  },
  answer_missing: { kz: 'Әр сұраққа жауап беріңіз', ru: 'Ответьте на каждый вопрос' },
  answer_unknown: { kz: 'Мұндай жауап нұсқасы жоқ', ru: 'Такого варианта ответа нет' },
  font_missing: {
    kz: 'Сертификат жасау мүмкін болмады: серверде қаріп табылмады',
    ru: 'Не удалось сформировать сертификат: на сервере нет шрифта',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type CourseMessageKey = keyof typeof COURSE_MESSAGES;

const STATUS_KEY: Record<number, MessageKey> = {
  403: 'forbidden',
  404: 'not_found',
  409: 'validation_failed',
  422: 'validation_failed',
  503: 'generic',
};

export class CourseError extends CatalogueError {
  constructor(
    status: 403 | 404 | 409 | 422 | 503,
    key: CourseMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(status, STATUS_KEY[status]!, COURSE_MESSAGES[key], field, params);
  }
}
