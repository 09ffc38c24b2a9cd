/**
 * Demo data in Kazakh and Russian: one school in Astana with groups 1–11, one kindergarten,
 * a user for every role (login = role name, password DEMO_PASSWORD) and class lists.
 * Names, addresses and identification numbers are made up; the numbers pass the check-digit rule.
 */
import { withCheckDigit } from '@sabaq/platform';
export const DEMO_PASSWORD = 'Sabaq-Demo-2026';
/** The employee who still has the password the school handed out (forced change on login). */
export const DEFAULT_PASSWORD_EMPLOYEE = {
  login: 'new-teacher',
  password: 'Mektep-2026!',
} as const;

/** An IIN for a birth date (YYYY-MM-DD), gender and serial. */
export function makeIin(born: string, gender: 'm' | 'w', serial: number): string {
  const [y, m, d] = born.split('-');
  const year = Number(y);
  const centuryBase = year >= 2000 ? 5 : year >= 1900 ? 3 : 1;
  const centuryDigit = centuryBase + (gender === 'w' ? 1 : 0);
  return withCheckDigit(`${y?.slice(2)}${m}${d}${centuryDigit}${String(serial).padStart(4, '0')}`);
}

export const REGION = { name_kz: 'Астана қаласы', name_ru: 'город Астана' };
export const DEPARTMENT = {
  name_kz: 'Астана қаласы Білім басқармасы',
  name_ru: 'Управление образования города Астаны',
};
export const LOCALITY = { name_kz: 'Есіл ауданы', name_ru: 'район Есиль' };

export const SCHOOL = {
  kind: 'school',
  name_kz: 'Астана қаласының № 54 мектеп-лицейі',
  name_ru: 'Школа-лицей № 54 города Астаны',
  address_kz: 'Астана қ., Есіл ауданы, Тұран даңғылы, 37',
  address_ru: 'г. Астана, район Есиль, проспект Туран, 37',
  // registered 2006-09, resident legal entity
  bin: withCheckDigit('06094001234'),
} as const;

export const KINDERGARTEN = {
  kind: 'kindergarten',
  name_kz: '«Балбөбек» балабақшасы',
  name_ru: 'Детский сад «Балбобек»',
  address_kz: 'Астана қ., Есіл ауданы, Қабанбай батыр даңғылы, 21',
  address_ru: 'г. Астана, район Есиль, проспект Кабанбай батыра, 21',
  bin: withCheckDigit('11034005731'),
} as const;

export const EDU_LANGS = [
  { code: 'kz', name_kz: 'Қазақ тілі', name_ru: 'Казахский язык' },
  { code: 'ru', name_kz: 'Орыс тілі', name_ru: 'Русский язык' },
  { code: 'en', name_kz: 'Ағылшын тілі', name_ru: 'Английский язык' },
] as const;

export const SUBJECTS = [
  { code: 'kazakh', name_kz: 'Қазақ тілі', name_ru: 'Казахский язык' },
  { code: 'kazakh-lit', name_kz: 'Қазақ әдебиеті', name_ru: 'Казахская литература' },
  { code: 'russian', name_kz: 'Орыс тілі', name_ru: 'Русский язык' },
  { code: 'english', name_kz: 'Ағылшын тілі', name_ru: 'Английский язык' },
  { code: 'math', name_kz: 'Математика', name_ru: 'Математика' },
  { code: 'algebra', name_kz: 'Алгебра', name_ru: 'Алгебра' },
  { code: 'geometry', name_kz: 'Геометрия', name_ru: 'Геометрия' },
  { code: 'physics', name_kz: 'Физика', name_ru: 'Физика' },
  { code: 'chemistry', name_kz: 'Химия', name_ru: 'Химия' },
  { code: 'biology', name_kz: 'Биология', name_ru: 'Биология' },
  { code: 'geography', name_kz: 'География', name_ru: 'География' },
  { code: 'history-kz', name_kz: 'Қазақстан тарихы', name_ru: 'История Казахстана' },
  { code: 'informatics', name_kz: 'Информатика', name_ru: 'Информатика' },
  { code: 'pe', name_kz: 'Дене шынықтыру', name_ru: 'Физическая культура' },
] as const;

/** Letters of the parallels: А and Ә teach in Kazakh, Б in Russian. */
export const GROUP_LETTERS = [
  { letter: 'А', lang: 'kz' },
  { letter: 'Ә', lang: 'kz' },
  { letter: 'Б', lang: 'ru' },
] as const;

export const KINDERGARTEN_GROUPS = [
  { letter: 'А', lang: 'kz' },
  { letter: 'Б', lang: 'ru' },
] as const;

export const PERIODS = [
  { quarter: 1, start: '2026-09-01', end: '2026-10-26', kz: 'I тоқсан', ru: 'I четверть' },
  { quarter: 2, start: '2026-11-03', end: '2026-12-28', kz: 'II тоқсан', ru: 'II четверть' },
  { quarter: 3, start: '2027-01-08', end: '2027-03-18', kz: 'III тоқсан', ru: 'III четверть' },
  { quarter: 4, start: '2027-03-30', end: '2027-05-25', kz: 'IV тоқсан', ru: 'IV четверть' },
] as const;

export interface DemoUser {
  login: string;
  role: string;
  subrole?: string;
  firstname: string;
  surname: string;
  lastname?: string;
  gender: 'm' | 'w';
  born: string;
  position?: string;
  email: string;
  phone: string;
  place: 'school' | 'kindergarten' | 'department' | 'region' | 'country' | 'none';
  /** Student's group, as parallel + letter. */
  group?: string;
  subscription?: {
    type: 'kindergarden' | 'personal';
    tariff: string;
    demo?: boolean;
    locked?: boolean;
  };
  balance?: number;
  password?: string;
  defaultPass?: boolean;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    login: 'student',
    role: 'student',
    firstname: 'Әлихан',
    surname: 'Серікбаев',
    lastname: 'Нұрланұлы',
    gender: 'm',
    born: '2013-04-15',
    email: 'alikhan.serikbayev@demo.sabaq.kz',
    phone: '77011234501',
    place: 'school',
    group: '7А',
  },
  {
    login: 'teacher',
    role: 'teacher',
    firstname: 'Гүлнар',
    surname: 'Ахметова',
    lastname: 'Қайратқызы',
    gender: 'w',
    born: '1985-02-11',
    position: 'Математика пәнінің мұғалімі',
    email: 'gulnar.akhmetova@demo.sabaq.kz',
    phone: '77011234502',
    place: 'school',
  },
  {
    login: 'group-lead',
    role: 'teacher',
    subrole: 'DCR',
    firstname: 'Сәуле',
    surname: 'Жұмабаева',
    lastname: 'Ерланқызы',
    gender: 'w',
    born: '1988-07-23',
    position: 'Сынып жетекшісі, қазақ тілі мұғалімі',
    email: 'saule.zhumabayeva@demo.sabaq.kz',
    phone: '77011234503',
    place: 'school',
  },
  {
    login: 'zavuch',
    role: 'zavuch',
    firstname: 'Ерлан',
    surname: 'Тоқтаров',
    lastname: 'Болатұлы',
    gender: 'm',
    born: '1979-11-02',
    position: 'Директордың оқу ісі жөніндегі орынбасары',
    email: 'erlan.toktarov@demo.sabaq.kz',
    phone: '77011234504',
    place: 'school',
  },
  {
    login: 'director',
    role: 'director',
    firstname: 'Мәдина',
    surname: 'Қасымова',
    lastname: 'Әбдірахманқызы',
    gender: 'w',
    born: '1974-03-30',
    position: 'Мектеп директоры',
    email: 'madina.kassymova@demo.sabaq.kz',
    phone: '77011234505',
    place: 'school',
  },
  {
    login: 'methodist',
    role: 'methodist',
    firstname: 'Дина',
    surname: 'Оспанова',
    lastname: 'Серікқызы',
    gender: 'w',
    born: '1982-09-14',
    position: 'Әдіскер',
    email: 'dina.ospanova@demo.sabaq.kz',
    phone: '77011234506',
    place: 'school',
  },
  {
    login: 'individual',
    role: 'individual',
    firstname: 'Арман',
    surname: 'Бекболатов',
    lastname: 'Тимурұлы',
    gender: 'm',
    born: '1990-05-08',
    position: 'Жеке оқытушы',
    email: 'arman.bekbolatov@demo.sabaq.kz',
    phone: '77011234507',
    place: 'none',
    subscription: { type: 'personal', tariff: 'personal-year' },
    balance: 5990,
  },
  {
    login: 'department_worker',
    role: 'department_worker',
    firstname: 'Бауыржан',
    surname: 'Әбілов',
    lastname: 'Қанатұлы',
    gender: 'm',
    born: '1981-01-19',
    position: 'Білім бөлімінің бас маманы',
    email: 'bauyrzhan.abilov@demo.sabaq.kz',
    phone: '77011234508',
    place: 'department',
  },
  {
    login: 'region_worker',
    role: 'region_worker',
    firstname: 'Жанар',
    surname: 'Мұқанова',
    lastname: 'Асқарқызы',
    gender: 'w',
    born: '1977-06-27',
    position: 'Білім басқармасының әдіскері',
    email: 'zhanar.mukanova@demo.sabaq.kz',
    phone: '77011234509',
    place: 'region',
  },
  {
    login: 'country_worker',
    role: 'country_worker',
    firstname: 'Асқар',
    surname: 'Исмаилов',
    lastname: 'Маратұлы',
    gender: 'm',
    born: '1976-12-05',
    position: 'Министрліктің сарапшысы',
    email: 'askar.ismailov@demo.sabaq.kz',
    phone: '77011234510',
    place: 'country',
  },
  {
    login: 'guest',
    role: 'guest',
    firstname: 'Ольга',
    surname: 'Ким',
    lastname: 'Сергеевна',
    gender: 'w',
    born: '1995-10-10',
    email: 'olga.kim@demo.sabaq.kz',
    phone: '77011234511',
    place: 'none',
  },
  {
    login: 'kindergarten',
    role: 'teacher',
    firstname: 'Айнұр',
    surname: 'Сапарова',
    lastname: 'Нұржанқызы',
    gender: 'w',
    born: '1992-08-17',
    position: 'Тәрбиеші',
    email: 'ainur.saparova@demo.sabaq.kz',
    phone: '77011234512',
    place: 'kindergarten',
    subscription: { type: 'kindergarden', tariff: 'kindergarden-year' },
  },
  {
    login: 'locked',
    role: 'individual',
    firstname: 'Тимур',
    surname: 'Жақсылықов',
    gender: 'm',
    born: '1993-02-02',
    position: 'Жеке оқытушы',
    email: 'timur.zhaksylykov@demo.sabaq.kz',
    phone: '77011234513',
    place: 'none',
    subscription: { type: 'personal', tariff: 'personal-month', locked: true },
  },
  {
    login: DEFAULT_PASSWORD_EMPLOYEE.login,
    role: 'teacher',
    firstname: 'Қуаныш',
    surname: 'Омаров',
    lastname: 'Бекұлы',
    gender: 'm',
    born: '1998-04-04',
    position: 'Физика пәнінің мұғалімі',
    email: 'kuanysh.omarov@demo.sabaq.kz',
    phone: '77011234514',
    place: 'school',
    password: DEFAULT_PASSWORD_EMPLOYEE.password,
    defaultPass: true,
  },
  // The kindergarten's director (issue 15): reads every group's developmental cards.
  {
    login: 'kindergarten-director',
    role: 'director',
    firstname: 'Гүлнар',
    surname: 'Жақыпова',
    lastname: 'Серікқызы',
    gender: 'w',
    born: '1978-06-12',
    position: 'Балабақша меңгерушісі',
    email: 'gulnar.zhakypova@demo.sabaq.kz',
    phone: '77011234515',
    place: 'kindergarten',
    subscription: { type: 'kindergarden', tariff: 'kindergarden-year' },
  },
  // The kindergarten's methodist (issue 15): writes the document sections and reaches their
  // screens (the route table asks for the kindergarden subscription), edits the katalog.
  {
    login: 'kindergarten-methodist',
    role: 'methodist',
    firstname: 'Әсел',
    surname: 'Нұрланова',
    lastname: 'Қайратқызы',
    gender: 'w',
    born: '1986-02-19',
    position: 'Балабақша әдіскері',
    email: 'assel.nurlanova@demo.sabaq.kz',
    phone: '77011234526',
    place: 'kindergarten',
    subscription: { type: 'kindergarden', tariff: 'kindergarden-year' },
  },
];

/** Pupils of 7А beside the demo student: real Kazakh and Russian names. */
export const CLASS_7A = [
  ['Айару', 'Нұрланова', 'w'],
  ['Бекзат', 'Оразов', 'm'],
  ['Дана', 'Смағұлова', 'w'],
  ['Ерасыл', 'Қайратов', 'm'],
  ['Жасмин', 'Әлиева', 'w'],
  ['Ислам', 'Мұратов', 'm'],
  ['Камила', 'Төлегенова', 'w'],
  ['Мирас', 'Байжанов', 'm'],
  ['Нұрай', 'Серікова', 'w'],
  ['Санжар', 'Есенов', 'm'],
  ['Томирис', 'Жанболатова', 'w'],
  ['Даниил', 'Петров', 'm'],
  ['Алина', 'Ким', 'w'],
] as const;

export const FEATURE_FLAG_VALUES = {
  'landing-feature': true,
  // Served as on only while the server has an assistant connected (SABAQ_AI_URL, ai/config.ts).
  'gpt-feature': true,
  'individual-card': true,
  'methodical-cabinet': true,
  'tariff-b2c': true,
  'tariff-versian-b2c': false,
} as const;

export const TRANSLATIONS: Record<string, { kz: string; ru: string }> = {
  'footer.support_email': { kz: 'support@sabaq.kz', ru: 'support@sabaq.kz' },
  'footer.support_phone': { kz: '+7 (7172) 55-44-33', ru: '+7 (7172) 55-44-33' },
  'footer.copyright': {
    kz: '© Sabaq, барлық құқықтар қорғалған',
    ru: '© Sabaq, все права защищены',
  },
  'footer.agreement': { kz: 'Пайдаланушы келісімі', ru: 'Пользовательское соглашение' },
  'consultation.link': { kz: 'https://wa.me/77172554433', ru: 'https://wa.me/77172554433' },
  'consultation.title': { kz: 'Кеңес алу', ru: 'Получить консультацию' },
  'main.title': {
    kz: 'Мектеп пен балабақшаға арналған онлайн білім беру платформасы',
    ru: 'Онлайн-платформа обучения для школ и детских садов',
  },
  'main.subtitle': {
    kz: 'Сабақ кестесі, үй тапсырмасы, журнал және сабақ құрастырушы бір жерде',
    ru: 'Расписание, домашние задания, журнал и конструктор уроков в одном месте',
  },
};

export const BANNERS = [
  {
    image: '/banners/contest-2026.svg',
    link: '/kk/contest/list',
    kz: '«Үздік сабақ – 2026» байқауы',
    ru: 'Конкурс «Лучший урок – 2026»',
  },
  {
    image: '/banners/methodical-cabinet.svg',
    link: '/kk/methodical_cabinet',
    kz: 'Әдістемелік кабинет: жаңа материалдар',
    ru: 'Методический кабинет: новые материалы',
  },
  {
    image: '/banners/tariffs.svg',
    link: null,
    kz: 'Жеке тарифке 5 990 ₸-ден бастап жазылыңыз',
    ru: 'Личный тариф от 5 990 ₸',
  },
] as const;

export const DOMAINS = [
  { domain: 'sabaq.kz', kind: 'platform', kz: 'Sabaq платформасы', ru: 'Платформа Sabaq' },
  { domain: 'mektep.sabaq.kz', kind: 'school', kz: 'Мектептер', ru: 'Школы' },
  { domain: 'balabaqsha.sabaq.kz', kind: 'kindergarten', kz: 'Балабақшалар', ru: 'Детские сады' },
] as const;

const M = (path: string, kz: string, ru: string) => ({ path, kz, ru });
const SCHEDULE = M('schedule', 'Сабақ кестесі', 'Расписание');
const PROFILE = M('profile', 'Профиль', 'Профиль');
const CONTENT = [
  M('content/lessons', 'Сабақтар', 'Уроки'),
  M('content/lectures', 'Дәрістер', 'Лекции'),
];
const MONITORING = M('monitoring', 'Мониторинг', 'Мониторинг');
const STAFF = [
  SCHEDULE,
  M('homework/control/list', 'Үй тапсырмасы', 'Домашние задания'),
  M('control/journal/groups', 'Журнал', 'Журнал'),
  M('control/chat', 'Чат', 'Чат'),
  ...CONTENT,
  MONITORING,
];
const BACKOFFICE = [
  M('backoffice/groups', 'Сыныптар', 'Классы'),
  M('backoffice/personnel', 'Қызметкерлер', 'Персонал'),
  M('backoffice/schedules', 'Кестелер', 'Расписания'),
  M('backoffice/ktp', 'КТЖ', 'КТП'),
  M('statistics', 'Статистика', 'Статистика'),
];
const WORKER = [M('statistics/country', 'Статистика', 'Статистика'), MONITORING];

/** B2B menu by role (GET permissions). */
export const MENU: Record<string, readonly { path: string; kz: string; ru: string }[]> = {
  student: [
    SCHEDULE,
    M('homework/list', 'Үй тапсырмасы', 'Домашние задания'),
    M('diary', 'Күнделік', 'Дневник'),
    M('chat', 'Чат', 'Чат'),
    PROFILE,
  ],
  teacher: [...STAFF, M('backoffice/ktp', 'КТЖ', 'КТП'), PROFILE],
  'group-lead': [
    ...STAFF,
    M('backoffice/groups', 'Сыныптар', 'Классы'),
    M('statistics', 'Статистика', 'Статистика'),
    PROFILE,
  ],
  zavuch: [...STAFF, ...BACKOFFICE, PROFILE],
  director: [
    ...STAFF,
    ...BACKOFFICE,
    M('backoffice/school-settings', 'Мектеп баптаулары', 'Настройки школы'),
    PROFILE,
  ],
  methodist: [
    ...CONTENT,
    M('methodical_cabinet', 'Әдістемелік кабинет', 'Методический кабинет'),
    M('backoffice/archive', 'Мұрағат', 'Архив'),
    PROFILE,
  ],
  department_worker: [...WORKER, PROFILE],
  region_worker: [...WORKER, PROFILE],
  country_worker: [...WORKER, PROFILE],
  individual: [
    M('content/lectures', 'Менің дәрістерім', 'Мои лекции'),
    M('correction_work', 'Түзету жұмысы', 'Коррекционная работа'),
    M('payment', 'Төлем', 'Оплата'),
    PROFILE,
  ],
  guest: [
    M('catalog/lectures', 'Дәрістер каталогы', 'Каталог лекций'),
    M('tariffs', 'Тарифтер', 'Тарифы'),
    PROFILE,
  ],
};
