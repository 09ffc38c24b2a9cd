import { CatalogueError } from '../http/errors';

/** Sharing an exam in the catalogue (issue 28): why it cannot be done, in Kazakh and Russian. */
const SHARE_MESSAGES = {
  share_author_only: {
    kz: 'Жұмысты каталогта бөлісуді тек оның авторы шеше алады',
    ru: 'Делиться работой в каталоге может решить только её автор',
  },
  share_exam_only: {
    kz: 'Каталогта бөлісу таңдауы тек БЖБ мен ТЖБ-ға қатысты: сабақтар мен дәрістер жарияланғанда каталогқа түседі',
    ru: 'Выбор «делиться в каталоге» есть только у СОР и СОЧ: уроки и лекции попадают в каталог при публикации',
  },
  share_published_only: {
    kz: 'Алдымен жұмысты жариялаңыз: каталогта жарияланған нұсқасы көрінеді',
    ru: 'Сначала опубликуйте работу: в каталоге видна опубликованная версия',
  },
} as const;

export class DraftShareError extends CatalogueError {
  constructor(status: 403 | 422, key: keyof typeof SHARE_MESSAGES, field?: string) {
    super(status, status === 403 ? 'forbidden' : 'validation_failed', SHARE_MESSAGES[key], field);
  }
}
