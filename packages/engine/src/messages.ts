/** Kazakh and Russian messages for publishing problems and command rejections. */
import type { Lang } from './model.js';
import type { Rejection, RejectionCode } from './reducer/context.js';
import type { Problem, ProblemCode } from './validate.js';

type Catalogue<C extends string> = Record<C, { kz: string; ru: string }>;

const PROBLEMS: Catalogue<ProblemCode> = {
  title_empty: { kz: 'Атауын енгізіңіз.', ru: 'Укажите название.' },
  duration_out_of_range: {
    kz: 'Ұзақтығы {min} минуттан {max} минутқа дейін болуы керек.',
    ru: 'Продолжительность должна быть от {min} до {max} минут.',
  },
  no_modules: { kz: 'Кемінде бір модуль қосыңыз.', ru: 'Добавьте хотя бы один модуль.' },
  task_without_question: {
    kz: '{number}-тапсырма: тапсырманың атауы да, мәтіні де жоқ.',
    ru: 'Задание {number}: нет ни названия, ни текста задания.',
  },
  task_without_options: {
    kz: '{number}-тапсырма: жауап түрін таңдап, нұсқалар қосыңыз.',
    ru: 'Задание {number}: выберите тип ответа и добавьте варианты.',
  },
  select_too_few_options: {
    kz: '{number}-тапсырма: жауап нұсқалары кемінде {min} болуы керек (қазір {count}).',
    ru: 'Задание {number}: нужно не меньше {min} вариантов ответа (сейчас {count}).',
  },
  choice_too_few_options: {
    kz: '{number}-тапсырма: жауап нұсқалары кемінде {min} болуы керек (қазір {count}).',
    ru: 'Задание {number}: нужно не меньше {min} вариантов ответа (сейчас {count}).',
  },
  option_empty: {
    kz: '{number}-тапсырма: {position}-жауап нұсқасы бос.',
    ru: 'Задание {number}: вариант ответа {position} пустой.',
  },
  task_without_right_answer: {
    kz: '{number}-тапсырма: дұрыс жауапты белгілеңіз.',
    ru: 'Задание {number}: отметьте правильный ответ.',
  },
  connection_too_few_items: {
    kz: '{number}-тапсырма: әр бағанда кемінде {min} элемент болуы керек.',
    ru: 'Задание {number}: в каждом столбце нужно не меньше {min} элементов.',
  },
  connection_without_links: {
    kz: '{number}-тапсырма: дұрыс жұптарды көрсетіп, элементтерді сәйкестендіріңіз.',
    ru: 'Задание {number}: соедините элементы — укажите правильные пары.',
  },
  mark_invalid: {
    kz: '{number}-тапсырма: дескриптор балы бүтін оң сан болуы керек (қазір {mark}).',
    ru: 'Задание {number}: балл дескриптора должен быть целым положительным числом (сейчас {mark}).',
  },
  descriptor_title_empty: {
    kz: '{number}-тапсырма: {position}-дескриптордың мәтіні жоқ.',
    ru: 'Задание {number}: у дескриптора {position} нет текста.',
  },
  descriptors_missing: {
    kz: '{number}-тапсырма: балдары бар дескрипторлар қосыңыз.',
    ru: 'Задание {number}: добавьте дескрипторы с баллами.',
  },
  criterion_empty: {
    kz: '{number}-тапсырма: бағалау критерийін көрсетіңіз.',
    ru: 'Задание {number}: укажите критерий оценивания.',
  },
  purposes_missing: { kz: 'Оқу мақсаттарын қосыңыз.', ru: 'Добавьте цели обучения.' },
  module_purposes_missing: {
    kz: '{number}-тапсырма: кемінде бір оқу мақсатын байланыстырыңыз.',
    ru: 'Задание {number}: привяжите хотя бы одну цель обучения.',
  },
  max_numbers_invalid: {
    kz: '{number}-тапсырма: ең жоғары балл бүтін оң сан болуы керек.',
    ru: 'Задание {number}: максимальный балл должен быть целым положительным числом.',
  },
  purpose_title_empty: {
    kz: '{position}-оқу мақсатының мәтіні жоқ.',
    ru: 'У цели обучения {position} нет текста.',
  },
  unknown_reference: {
    kz: '«{id}» мәні анықтамалықта жоқ.',
    ru: 'Значения «{id}» нет в справочнике.',
  },
};

const REJECTIONS: Catalogue<RejectionCode> = {
  invalid_payload: { kz: 'Өзгеріс деректері қате.', ru: 'Некорректные данные изменения.' },
  unknown_id: {
    kz: 'Элемент табылмады: мүмкін, оны біреу жойып жіберген.',
    ru: 'Элемент не найден: возможно, его уже удалили.',
  },
  out_of_range: { kz: 'Көрсетілген орын тізімнен тыс.', ru: 'Указанная позиция вне списка.' },
  duplicate_id: {
    kz: 'Мұндай идентификаторы бар элемент бұрыннан бар.',
    ru: 'Элемент с таким идентификатором уже существует.',
  },
  wrong_kind: {
    kz: 'Бұл әрекет осы жауап түріне сәйкес келмейді.',
    ru: 'Это действие не подходит для данного типа ответа.',
  },
  conflict: {
    kz: 'Әрекет орындалып қойған немесе ағымдағы күйге қайшы келеді.',
    ru: 'Действие уже выполнено или противоречит текущему состоянию.',
  },
  not_allowed: { kz: 'Бұл әрекет қолжетімсіз.', ru: 'Это действие недоступно.' },
  internal_error: {
    kz: 'Редактордың ішкі қатесі. Кейінірек қайталап көріңіз.',
    ru: 'Внутренняя ошибка редактора. Попробуйте позднее.',
  },
};

function fill(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const v = params[key];
    return v === undefined || v === null ? (whole === '{number}' ? '?' : '') : String(v);
  });
}

/** A person-readable message for a publishing problem. */
export function problemMessage(problem: Problem, lang: Lang): string {
  const entry = PROBLEMS[problem.code];
  return entry ? fill(entry[lang], problem.params) : problem.code;
}

/** A person-readable message for a rejected command. */
export function rejectionMessage(rejection: Rejection, lang: Lang): string {
  const entry = REJECTIONS[rejection.code];
  return entry ? fill(entry[lang], rejection.params) : rejection.message;
}
