import type { ApiError, Locale } from '@sabaq/platform';
import { CatalogueError, HttpError, withParams } from '../http/errors';

/**
 * Messages of the teaching core in Kazakh and Russian. They live here rather than in the shared
 * catalogue so this feature can ship without editing the server's catalogue; the bodies are the
 * same spec §8 shape, produced by the same error handler (TeachingError is an HttpError, a CatalogueError).
 */
export const TEACHING_MESSAGES = {
  lesson_not_found: { kz: 'Сабақ табылмады', ru: 'Урок не найден' },
  not_your_lesson: {
    kz: 'Бұл сабақты басқа мұғалім жүргізеді',
    ru: 'Этот урок ведёт другой учитель',
  },
  content_not_found: { kz: 'Сабақ материалы табылмады', ru: 'Материал урока не найден' },
  draft_not_published: {
    kz: 'Тек жарияланған материалды сабаққа қосуға болады',
    ru: 'К уроку можно прикрепить только опубликованный материал',
  },
  exam_not_on_lesson: {
    kz: 'Бұл жұмыс осы сабаққа берілмеген',
    ru: 'Эта работа не назначена на этот урок',
  },
  exam_not_open: {
    kz: 'Жұмыс әлі ашылған жоқ: жауаптар {from} бастап қабылданады',
    ru: 'Работа ещё не открыта: ответы принимаются с {from}',
  },
  exam_closed: {
    kz: 'Жұмысты тапсыру уақыты {to} аяқталды: жауап қабылданбайды',
    ru: 'Время сдачи работы закончилось {to}: ответ не принят',
  },
  exam_window_incomplete: {
    kz: 'Жұмыстың басталу және аяқталу уақытын бірге көрсетіңіз (немесе екеуін де алып тастаңыз)',
    ru: 'Укажите начало и конец работы вместе (или уберите оба)',
  },
  exam_window_order: {
    kz: 'Жұмыстың аяқталу уақыты басталу уақытынан кейін болуы керек',
    ru: 'Конец работы должен быть позже её начала',
  },
  exam_already_finished: {
    kz: 'Жұмыс тапсырылып қойған, оны қайта жіберуге болмайды',
    ru: 'Работа уже сдана, повторно отправить её нельзя',
  },
  answer_unknown_module: {
    kz: 'Жауап жұмыста жоқ тапсырмаға берілген',
    ru: 'Ответ дан на задание, которого нет в работе',
  },
  answer_wrong_kind: {
    kz: 'Жауап түрі тапсырма түріне сәйкес емес',
    ru: 'Тип ответа не соответствует типу задания',
  },
  module_not_gradable: {
    kz: 'Бұл тапсырманы мұғалім бағаламайды: ол автоматты түрде тексеріледі',
    ru: 'Это задание проверяется автоматически, учитель его не оценивает',
  },
  points_over_max: {
    kz: 'Балл тапсырманың ең жоғары балынан аспауы керек',
    ru: 'Балл не может превышать максимальный балл задания',
  },
  student_not_in_group: {
    kz: 'Оқушы бұл сыныпта оқымайды',
    ru: 'Ученик не учится в этом классе',
  },
  student_not_in_subgroup: {
    kz: 'Оқушы бұл топшада оқымайды',
    ru: 'Ученик не входит в эту подгруппу',
  },
  subgroup_not_found: {
    kz: 'Бұл пән бойынша мұндай топша жоқ',
    ru: 'У этого предмета нет такой подгруппы',
  },
  deadline_past: {
    kz: 'Тапсыру мерзімі болашақта болуы керек',
    ru: 'Срок сдачи должен быть в будущем',
  },
  deadline_passed: {
    kz: 'Тапсыру мерзімі өтіп кетті',
    ru: 'Срок сдачи истёк',
  },
  homework_not_found: { kz: 'Үй тапсырмасы табылмады', ru: 'Домашнее задание не найдено' },
  answer_not_found: { kz: 'Жауап табылмады', ru: 'Ответ не найден' },
  answer_already_checked: {
    kz: 'Жауап тексерілген, оны өзгертуге болмайды',
    ru: 'Ответ уже проверен, изменить его нельзя',
  },
  answer_not_sent: {
    kz: 'Оқушы жауабын әлі жібермеген',
    ru: 'Ученик ещё не отправил ответ',
  },
  answer_empty: {
    kz: 'Жауап мәтінін жазыңыз, файл тіркеңіз немесе жаттығуды орындаңыз',
    ru: 'Напишите ответ, прикрепите файл или выполните упражнение',
  },
  file_not_found: { kz: 'Файл табылмады', ru: 'Файл не найден' },
  file_too_large: { kz: 'Файл 5 МБ-тан аспауы керек', ru: 'Файл не должен превышать 5 МБ' },
  file_bad_data: {
    kz: 'Файл мазмұны base64 түрінде болуы керек',
    ru: 'Содержимое файла должно быть в формате base64',
  },
  group_not_found: { kz: 'Сынып табылмады', ru: 'Класс не найден' },
  subject_not_taught: {
    kz: 'Бұл пән осы сыныпта оқытылмайды',
    ru: 'Этот предмет не преподаётся в этом классе',
  },
  journal_forbidden: {
    kz: 'Бұл журналды жүргізуге құқығыңыз жоқ',
    ru: 'У вас нет права вести этот журнал',
  },
  journal_archived: {
    kz: 'Сынып мұрағатта: оның журналына баға қоюға болмайды',
    ru: 'Класс в архиве: в его журнал нельзя ставить оценки',
  },
  attendance_archived: {
    kz: 'Сынып мұрағатта: оның сабақтарына қатысу белгіленбейді',
    ru: 'Класс в архиве: посещаемость его уроков не отмечается',
  },
  homework_archived: {
    kz: 'Сынып мұрағатта: оған үй тапсырмасы берілмейді және тексерілмейді',
    ru: 'Класс в архиве: ему не задают и не проверяют домашние задания',
  },
  period_not_found: { kz: 'Оқу кезеңі табылмады', ru: 'Учебный период не найден' },
  lesson_not_in_journal: {
    kz: 'Сабақ бұл журналға жатпайды',
    ru: 'Урок не относится к этому журналу',
  },
  assessment_not_in_journal: {
    kz: 'Бұл жиынтық бағалау басқа топшаға берілген',
    ru: 'Это суммативное оценивание назначено другой подгруппе',
  },
  assessment_not_found: {
    kz: 'Жиынтық бағалау табылмады',
    ru: 'Суммативное оценивание не найдено',
  },
  assessment_date_outside: {
    kz: 'Күн таңдалған тоқсанның ішінде болуы керек',
    ru: 'Дата должна быть внутри выбранной четверти',
  },
  chat_peer_unknown: {
    kz: 'Бұл пайдаланушыға жазуға болмайды',
    ru: 'Этому пользователю нельзя написать',
  },
  mark_empty: {
    kz: 'Баға немесе қатысу белгісін көрсетіңіз',
    ru: 'Укажите оценку или отметку о посещении',
  },
  journal_conflict: {
    kz: 'Бұл ұяшықты сіз желісіз жұмыс істеп жатқанда {by} өзгертті: қазір «{current}»',
    ru: 'Пока вы работали без сети, эту ячейку изменил(а) {by}: сейчас «{current}»',
  },
  mark_future: {
    kz: '{date} сабағы әлі өткен жоқ: баға мен қатыспауды сабақ күні немесе одан кейін қойыңыз',
    ru: 'Урок {date} ещё не прошёл: оценку и пропуск ставят в день урока или позже',
  },
  column_target: {
    kz: 'Бағанды көрсетіңіз: не сабақ (lessonId), не БЖБ/ТЖБ (assessmentId)',
    ru: 'Укажите столбец: либо урок (lessonId), либо СОР/СОЧ (assessmentId)',
  },
  column_rows_failed: {
    kz: 'Бағанның {rows} жолын сақтау мүмкін емес: ештеңе жазылған жоқ',
    ru: 'Не удалось сохранить строк столбца: {rows}; ничего не записано',
  },
  column_student_twice: {
    kz: 'Бұл оқушы бағанда екі рет көрсетілген',
    ru: 'Этот ученик указан в столбце дважды',
  },
  column_points_on_lesson: {
    kz: 'Сабақ бағанына балл емес, баға қойылады',
    ru: 'В столбец урока ставится оценка, а не баллы',
  },
  column_mark_on_assessment: {
    kz: 'БЖБ/ТЖБ бағанына баға емес, балл қойылады',
    ru: 'В столбец СОР/СОЧ ставятся баллы, а не оценка',
  },
  points_empty: {
    kz: 'Балл көрсетіңіз (немесе тазалау үшін бос қалдырыңыз)',
    ru: 'Укажите баллы (или null, чтобы очистить)',
  },
  homework_not_scorable: {
    kz: 'Бұл жауапта бағаланатын ашық тапсырма жоқ',
    ru: 'В этом ответе нет открытых заданий для оценки',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type TeachingMessageKey = keyof typeof TEACHING_MESSAGES;

export function teachingMessage(key: TeachingMessageKey, locale: Locale): string {
  return TEACHING_MESSAGES[key][locale];
}

/** An HttpError whose message comes from the teaching catalogue; 422s name the field too. */
export class TeachingError extends CatalogueError {
  constructor(
    status: number,
    readonly teachingKey: TeachingMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(
      status,
      status === 404 ? 'not_found' : status === 403 ? 'forbidden' : 'validation_failed',
      TEACHING_MESSAGES[teachingKey],
      field,
      params,
    );
  }
}

/**
 * A column (PUT journal/columns) whose rows cannot all be written: every failing row is named
 * (`cells.<i>.<field>`) in the user's language and nothing is written (422).
 */
export class JournalColumnError extends HttpError {
  constructor(
    readonly rows: {
      field: string;
      key: TeachingMessageKey;
      params?: Record<string, string | number>;
    }[],
  ) {
    super(422, 'validation_failed');
  }

  override toBody(locale: Locale): ApiError & Record<string, unknown> {
    const errors: Record<string, string[]> = {};
    for (const row of this.rows)
      (errors[row.field] ??= []).push(withParams(TEACHING_MESSAGES[row.key][locale], row.params));
    const failed = new Set(this.rows.map((row) => row.field.split('.').slice(0, 2).join('.')));
    const message = withParams(TEACHING_MESSAGES.column_rows_failed[locale], { rows: failed.size });
    return { message, errors };
  }
}

/**
 * An offline journal write (issue 31) whose cell someone else changed meanwhile: 409 with the
 * cell as it is now and who wrote it, so the teacher sees both values and chooses.
 */
export class JournalConflictError extends HttpError {
  constructor(readonly current: { mark: number | null; absent: boolean; by: string }) {
    super(409, 'validation_failed');
  }

  override toBody(locale: Locale): ApiError & Record<string, unknown> {
    // The journal's own absence letter (the same in both languages).
    const shown =
      `${this.current.mark ?? ''}${this.current.absent ? 'н' : ''}` ||
      (locale === 'ru' ? 'пусто' : 'бос');
    const message = withParams(TEACHING_MESSAGES.journal_conflict[locale], {
      by: this.current.by,
      current: shown,
    });
    return { message, conflict: this.current };
  }
}
