import type { ApiError, Locale, MessageKey } from '@sabaq/platform';
import { CatalogueError, HttpError } from '../http/errors';

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
  no_test: {
    kz: 'Бұл курстың қорытынды тесті әлі жоқ',
    ru: 'У этого курса пока нет итогового теста',
  },
  // Authoring.
  not_author: {
    kz: 'Бұл курсты оның авторы ғана өзгерте алады',
    ru: 'Изменять этот курс может только его автор',
  },
  subject_unknown: { kz: 'Мұндай пән жоқ', ru: 'Такого предмета нет' },
  module_item_unknown: {
    kz: 'Модуль каталогта жарияланған сабақ немесе дәріс болуы керек',
    ru: 'Модулем может быть только опубликованный в каталоге урок или лекция',
  },
  module_item_twice: {
    kz: 'Бұл материал курста бұрыннан бар',
    ru: 'Этот материал уже есть в курсе',
  },
  modules_too_many: {
    kz: 'Курста {max} модульден артық болмайды',
    ru: 'В курсе не больше {max} модулей',
  },
  module_order_mismatch: {
    kz: 'Курстың әр модулін бір реттен атаңыз',
    ru: 'Перечислите каждый модуль курса по одному разу',
  },
  module_studied: {
    kz: 'Бұл модульді {count} педагог оқыды деп белгіледі: оны курстан алып тастауға болмайды, олардың үлгерімі жоғалады',
    ru: 'Этот модуль уже отметили изученным педагоги ({count}): его нельзя убрать из курса, иначе пропадёт их прогресс',
  },
  last_module: {
    kz: 'Жарияланған курста кемінде бір модуль болуы керек: алдымен жариялауды тоқтатыңыз',
    ru: 'В опубликованном курсе должен остаться хотя бы один модуль: сначала снимите его с публикации',
  },
  test_item_unknown: {
    kz: 'Қорытынды тест каталогта жарияланған БЖБ немесе ТЖБ болуы керек',
    ru: 'Итоговым тестом может быть только опубликованный в каталоге СОР или СОЧ',
  },
  test_not_scored: {
    kz: 'Қорытынды тест автоматты түрде тексеріледі: онда кемінде бір тапсырма болуы керек және ашық жауапты тапсырма болмауы керек',
    ru: 'Итоговый тест проверяется автоматически: в нём должно быть хотя бы одно задание и не должно быть заданий с открытым ответом',
  },
  test_required: {
    kz: 'Жарияланған курстың қорытынды тесті болуы керек: алдымен жариялауды тоқтатыңыз',
    ru: 'У опубликованного курса должен быть итоговый тест: сначала снимите его с публикации',
  },
  publish_modules: {
    kz: 'Кемінде бір модуль қосыңыз',
    ru: 'Добавьте хотя бы один модуль',
  },
  publish_test: {
    kz: 'Қорытынды тестті таңдаңыз',
    ru: 'Выберите итоговый тест',
  },
  cannot_publish: {
    kz: 'Курсты әзірге жариялауға болмайды',
    ru: 'Курс пока нельзя опубликовать',
  },
  course_has_learners: {
    kz: 'Курсқа {count} педагог жазылған: оны жоюға болмайды, жариялауды тоқтатуға болады',
    ru: 'На курс записаны педагоги ({count}): его нельзя удалить, можно снять с публикации',
  },
  // The work a certificate needs (issue 28).
  study_time_left: {
    kz: 'Қорытынды тест курсты оқуға кемінде {minutes} минут өткеннен кейін ашылады: {at} бастап',
    ru: 'Итоговый тест откроется, когда с начала изучения курса пройдёт не меньше {minutes} мин.: с {at}',
  },
  module_by_work: {
    kz: 'Біліктілікті арттыру курсының модулі өзі белгіленеді: оны ашып, тексеруінен өтіңіз',
    ru: 'Модуль курса повышения квалификации отмечается сам: откройте его и пройдите его проверку',
  },
  module_not_opened: {
    kz: 'Алдымен модульді ашып, мазмұнымен танысыңыз',
    ru: 'Сначала откройте модуль и изучите его содержание',
  },
  module_no_checks: {
    kz: 'Бұл модульде тексерілетін тапсырма жоқ: оны ашу жеткілікті',
    ru: 'В этом модуле нет заданий для проверки: достаточно его открыть',
  },
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

/** Problems of a course (field → message keys) in the request's language. */
export function problemTexts(
  problems: Partial<Record<string, readonly CourseMessageKey[]>>,
  locale: Locale,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(problems))
    if (keys && keys.length > 0) out[field] = keys.map((key) => COURSE_MESSAGES[key][locale]);
  return out;
}

/** 422 on publishing: every problem at its field, in the request's language. */
export class CoursePublishError extends HttpError {
  constructor(readonly problems: Partial<Record<string, readonly CourseMessageKey[]>>) {
    super(422, 'validation_failed');
  }

  override toBody(locale: Locale): ApiError & Record<string, unknown> {
    return {
      message: COURSE_MESSAGES.cannot_publish[locale],
      errors: problemTexts(this.problems, locale),
    };
  }
}
