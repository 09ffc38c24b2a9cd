/**
 * The error and notice catalogue (spec §8): every message a person may read from the API, in
 * Kazakh and Russian. The server answers in the request's X-Localization language; the web app
 * uses the same keys for its own client-side checks so both say the same words.
 */
export const LOCALES = ['kz', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'kz';

/**
 * Header/URL locale → catalogue locale. Missing means the default (kz); kk and kz mean kz;
 * anything else is Russian (spec §1).
 */
export function normalizeLocale(value: string | null | undefined): Locale {
  if (value === undefined || value === null || value.trim() === '') return DEFAULT_LOCALE;
  const v = value.trim().toLowerCase();
  return v === 'kz' || v === 'kk' ? 'kz' : 'ru';
}

export const MESSAGES = {
  generic: { kz: 'Қате орын алды, кейінірек көріңіз', ru: 'Произошла ошибка, попробуйте позднее' },
  server_unavailable: {
    kz: 'Сервер уақытша қолжетімсіз, кейінірек көріңіз',
    ru: 'Сервер временно недоступен, попробуйте позднее',
  },
  success: { kz: 'Барлығы сәтті өтті', ru: 'Все прошло успешно' },
  validation_failed: {
    kz: 'Өрістердің дұрыс толтырылуын тексеріңіз',
    ru: 'Проверьте правильность заполнения полей',
  },
  invalid_json: {
    kz: 'Сұрау денесі дұрыс JSON емес',
    ru: 'Тело запроса не является корректным JSON',
  },
  field_required: { kz: 'Міндетті өріс', ru: 'Обязательное поле' },
  field_invalid: { kz: 'Жарамсыз мән', ru: 'Недопустимое значение' },
  field_too_long: { kz: 'Мән тым ұзын', ru: 'Слишком длинное значение' },
  field_unknown: { kz: 'Белгісіз өріс', ru: 'Неизвестное поле' },
  password_space: {
    kz: 'Құпиясөзде бос орын болмауы керек',
    ru: 'Пароль не должен содержать пробелов',
  },
  password_min: {
    kz: 'Құпиясөз кемінде 8 таңбадан тұруы керек',
    ru: 'Пароль должен содержать не менее 8 символов',
  },
  password_max: {
    kz: 'Құпиясөз 120 таңбадан аспауы керек',
    ru: 'Пароль должен содержать не более 120 символов',
  },
  password_invalid: {
    kz: 'Құпиясөзде кіші және бас әріп, сан және арнайы таңба болуы керек',
    ru: 'Пароль должен содержать строчную и заглавную буквы, цифру и специальный символ',
  },
  password_mismatch: { kz: 'Құпиясөздер сәйкес келмейді', ru: 'Пароли не совпадают' },
  password_same: {
    kz: 'Жаңа құпиясөз ағымдағыдан өзгеше болуы керек',
    ru: 'Новый пароль должен отличаться от текущего',
  },
  old_password_wrong: { kz: 'Ағымдағы құпиясөз қате', ru: 'Текущий пароль указан неверно' },
  password_changed: { kz: 'Құпиясөз сәтті өзгертілді', ru: 'Пароль успешно изменён' },
  email_invalid: { kz: 'Электрондық пошта мекенжайы қате', ru: 'Неверный адрес электронной почты' },
  email_taken: {
    kz: 'Бұл электрондық пошта тіркелген',
    ru: 'Этот адрес электронной почты уже зарегистрирован',
  },
  iin_invalid: { kz: 'ЖСН қате', ru: 'Неверный ИИН' },
  iin_taken: {
    kz: 'Бұл ЖСН-мен пайдаланушы тіркелген',
    ru: 'Пользователь с таким ИИН уже зарегистрирован',
  },
  bin_invalid: { kz: 'БСН қате', ru: 'Неверный БИН' },
  name_invalid: {
    kz: 'Тек кирилл және латын әріптері, бос орын және дефис рұқсат етіледі',
    ru: 'Допустимы только буквы кириллицы и латиницы, пробел и дефис',
  },
  date_invalid: {
    kz: 'Күн КК.АА.ЖЖЖЖ форматында болуы керек',
    ru: 'Дата должна быть в формате ДД.ММ.ГГГГ',
  },
  login_failed: { kz: 'Логин немесе құпиясөз қате', ru: 'Неверный логин или пароль' },
  too_many_attempts: {
    kz: 'Тым көп сәтсіз әрекет. {minutes} минуттан кейін қайталаңыз',
    ru: 'Слишком много неудачных попыток. Повторите через {minutes} мин.',
  },
  rate_limited: {
    kz: 'Сұраулар тым көп. Сәлден кейін қайталаңыз',
    ru: 'Слишком много запросов. Повторите немного позже',
  },
  unauthorized: { kz: 'Жүйеге кіру қажет', ru: 'Требуется вход в систему' },
  token_invalid: {
    kz: 'Сессия жарамсыз, жүйеге қайта кіріңіз',
    ru: 'Сессия недействительна, войдите снова',
  },
  token_expired: { kz: 'Токеннің мерзімі өтті', ru: 'Срок действия токена истёк' },
  refresh_invalid: {
    kz: 'Сессияның мерзімі өтті, жүйеге қайта кіріңіз',
    ru: 'Сессия истекла, войдите снова',
  },
  refresh_reused: {
    kz: 'Жаңарту токені қайта қолданылды: қауіпсіздік үшін бұл сессия жабылды',
    ru: 'Токен обновления использован повторно: сессия закрыта в целях безопасности',
  },
  forbidden: {
    kz: 'Бұл әрекетке құқығыңыз жеткіліксіз',
    ru: 'Недостаточно прав для этого действия',
  },
  not_found: { kz: 'Табылмады', ru: 'Не найдено' },
  route_not_found: { kz: 'Мұндай мекенжай жоқ', ru: 'Такого адреса не существует' },
  subscription_locked: {
    kz: 'Жазылым бұғатталған',
    ru: 'Подписка заблокирована',
  },
  group_max_personnel: {
    kz: 'Сыныпқа ең көбі 2 мұғалім таңдауға болады',
    ru: 'Для класса можно выбрать не более 2 учителей',
  },
  group_exists: { kz: 'Мұндай сынып бар', ru: 'Такой класс уже существует' },
  group_personnel_unknown: {
    kz: 'Мұғалім осы мектептің қызметкері емес',
    ru: 'Учитель не является сотрудником этой школы',
  },
  reset_sent: {
    kz: 'Егер мекенжай тіркелген болса, оған құпиясөзді қалпына келтіру хаты жіберілді',
    ru: 'Если адрес зарегистрирован, на него отправлено письмо для восстановления пароля',
  },
  reset_token_invalid: {
    kz: 'Қалпына келтіру сілтемесі жарамсыз немесе мерзімі өткен',
    ru: 'Ссылка для восстановления недействительна или устарела',
  },
  register_code_sent: {
    kz: 'Растау коды электрондық поштаға жіберілді',
    ru: 'Код подтверждения отправлен на электронную почту',
  },
  register_code_invalid: {
    kz: 'Растау коды қате немесе мерзімі өткен',
    ru: 'Код подтверждения неверен или устарел',
  },
  behalf_forbidden: {
    kz: 'Бұл пайдаланушының атынан кіруге болмайды',
    ru: 'Нельзя войти от имени этого пользователя',
  },
  oauth_not_configured: {
    kz: 'Сыртқы жүйе арқылы кіру бапталмаған',
    ru: 'Вход через внешнюю систему не настроен',
  },
  oauth_failed: {
    kz: 'Сыртқы жүйе арқылы кіру сәтсіз аяқталды',
    ru: 'Не удалось войти через внешнюю систему',
  },
  oauth_no_account: {
    kz: 'Бұл ЖСН немесе электрондық поштамен аккаунт табылмады',
    ru: 'Аккаунт с таким ИИН или адресом электронной почты не найден',
  },
  draft_stale: {
    kz: 'Жобаны басқа пайдаланушы өзгертті. Соңғы нұсқаны жүктеңіз',
    ru: 'Черновик изменён другим пользователем. Загрузите последнюю версию',
  },
  draft_rejected: { kz: 'Өзгеріс қабылданбады', ru: 'Изменение отклонено' },
  draft_not_publishable: {
    kz: 'Жоба жариялауға дайын емес',
    ru: 'Черновик не готов к публикации',
  },
  draft_published: { kz: 'Жоба жарияланды', ru: 'Черновик опубликован' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** A catalogue message in a locale, with `{name}` placeholders filled from `params`. */
export function message(
  key: MessageKey,
  locale: Locale,
  params?: Record<string, string | number>,
): string {
  let text: string = MESSAGES[key][locale];
  if (params) {
    for (const [name, value] of Object.entries(params)) {
      text = text.replaceAll(`{${name}}`, String(value));
    }
  }
  return text;
}
