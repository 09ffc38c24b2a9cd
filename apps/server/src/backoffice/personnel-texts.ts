import type { Locale, MessageKey } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** The personnel screen's own kz/ru answers (the platform catalogue has the general ones). */
export const PERSONNEL_MESSAGES = {
  not_staff_manager: {
    kz: 'Директордың орынбасары тек мұғалімдерді басқарады',
    ru: 'Заместитель директора управляет только учителями',
  },
  not_self: {
    kz: 'Өз есептік жазбаңызды мұнда өзгертуге болмайды',
    ru: 'Свою учётную запись здесь менять нельзя',
  },
  dismissed: {
    kz: 'Бұл қызметкер жұмыстан шығарылған',
    ru: 'Этот сотрудник уволен',
  },
  iin_taken_elsewhere: {
    kz: 'Бұл ЖСН-мен басқа пайдаланушы тіркелген',
    ru: 'С этим ИИН зарегистрирован другой пользователь',
  },
  email_taken: {
    kz: 'Бұл электрондық пошта басқа пайдаланушыда',
    ru: 'Этот адрес электронной почты у другого пользователя',
  },
  subject_unknown: { kz: 'Мұндай пән жоқ', ru: 'Такого предмета нет' },
  import_unreadable: {
    kz: '.xlsx файлын оқу мүмкін емес',
    ru: 'Не удалось прочитать файл .xlsx',
  },
  import_empty: {
    kz: 'Файлда бірде-бір қызметкер жоқ',
    ru: 'В файле нет ни одного сотрудника',
  },
  import_too_long: {
    kz: 'Файл тым ұзын: ең көбі {n} жол',
    ru: 'Файл слишком длинный: не больше {n} строк',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type PersonnelMessageKey = keyof typeof PERSONNEL_MESSAGES;

const STATUS_KEYS: Record<number, MessageKey> = {
  403: 'forbidden',
  404: 'not_found',
  409: 'validation_failed',
  422: 'validation_failed',
};

export class PersonnelError extends CatalogueError {
  constructor(
    status: 403 | 404 | 409 | 422,
    readonly personnelKey: PersonnelMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(
      status,
      STATUS_KEYS[status] ?? 'validation_failed',
      PERSONNEL_MESSAGES[personnelKey],
      field,
      params,
    );
  }
}
