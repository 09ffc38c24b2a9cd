import type { Role } from '../roles/roles';
import type { UiLang } from '../routes/lang';

/**
 * Names a person reads for the codes the platform stores: roles and builder content types. A
 * screen never shows `zavuch` or `sor`; it shows these, in the interface's language.
 */
export const ROLE_LABELS: Record<Role, Record<UiLang, string>> = {
  student: { kz: 'Оқушы', ru: 'Ученик' },
  teacher: { kz: 'Мұғалім', ru: 'Учитель' },
  zavuch: { kz: 'Директордың орынбасары', ru: 'Заместитель директора' },
  methodist: { kz: 'Әдіскер', ru: 'Методист' },
  director: { kz: 'Директор', ru: 'Директор' },
  'group-lead': { kz: 'Сынып жетекшісі', ru: 'Классный руководитель' },
  department_worker: { kz: 'Білім бөлімінің қызметкері', ru: 'Сотрудник отдела образования' },
  region_worker: { kz: 'Облыстық басқарма қызметкері', ru: 'Сотрудник областного управления' },
  country_worker: { kz: 'Министрлік қызметкері', ru: 'Сотрудник министерства' },
  individual: { kz: 'Жеке мұғалім', ru: 'Независимый учитель' },
  guest: { kz: 'Қонақ', ru: 'Гость' },
  admin: { kz: 'Әкімші', ru: 'Администратор' },
};

/** Builder content types (the engine's DRAFT_TYPES). */
export const CONTENT_TYPE_LABELS: Record<string, Record<UiLang, string>> = {
  sor: { kz: 'БЖБ', ru: 'СОР' },
  soch: { kz: 'ТЖБ', ru: 'СОЧ' },
  customLesson: { kz: 'Сабақ', ru: 'Урок' },
  lesson: { kz: 'Сабақ', ru: 'Урок' },
  lecture: { kz: 'Дәріс', ru: 'Лекция' },
  homework: { kz: 'Үй тапсырмасы', ru: 'Домашнее задание' },
  olympiad: { kz: 'Олимпиада', ru: 'Олимпиада' },
};

export function roleLabel(role: string, lang: UiLang): string {
  return (ROLE_LABELS as Record<string, Record<UiLang, string>>)[role]?.[lang] ?? role;
}

/** The type's name, or a neutral word for an unknown type (never the raw code). */
export function contentTypeLabel(type: string, lang: UiLang): string {
  return CONTENT_TYPE_LABELS[type]?.[lang] ?? (lang === 'kz' ? 'Материал' : 'Материал');
}
