import type { FeatureFlag } from '../contracts/dictionaries';
import { ROLE_GROUPS, type Role } from '../roles/roles';

/** Subscription types of spec §9, plus `any` for routes that only need some subscription (media). */
export const SUBSCRIPTION_NEEDS = ['kindergarden', 'personal', 'any'] as const;
export type SubscriptionNeed = (typeof SUBSCRIPTION_NEEDS)[number];

/** A kz/ru label. `{param}` placeholders are filled from the matched route's params. */
export interface Label {
  readonly kz: string;
  readonly ru: string;
}

/**
 * Who may open a route:
 * - `public`: everybody;
 * - `anonymous`: public, but a logged-in user is sent to the courses list (login);
 * - `auth`: any logged-in user, or only `roles` when given.
 */
export type RouteAccess = 'public' | 'anonymous' | 'auth';

export interface RouteDef {
  /** Stable id; the web maps it to a lazy screen and the menu refers to it. */
  readonly id: string;
  /** Path below `/{lang}` in react-router syntax (`:param`, `:param?`); '' is the main page. */
  readonly path: string;
  readonly access: RouteAccess;
  /** Roles allowed when access is `auth`; absent means every logged-in role. */
  readonly roles?: readonly Role[];
  /** Subscription this route needs; without it the user goes to `subscriptionFallback`. */
  readonly subscription?: SubscriptionNeed;
  readonly subscriptionFallback?: string;
  /** Feature flag that must be on for the route to exist. */
  readonly flag?: FeatureFlag;
  /** Breadcrumb label. */
  readonly label: Label;
  /** Breadcrumb parent (route id); the trail is Home → …parents → this route. */
  readonly parent?: string;
  /**
   * A parent chosen by a param's value instead of `parent` (issue 29: a SOR or SOCh opened from
   * the exam catalogue is under the exam catalogue, a lesson under the lessons' catalogue).
   */
  readonly parentByParam?: {
    readonly param: string;
    readonly values: Readonly<Record<string, string>>;
  };
  /** Spec §2: breadcrumbs are hidden on these routes. */
  readonly hideBreadcrumbs?: boolean;
  /** An alias: opening it redirects to this route id with the same params. */
  readonly redirectTo?: string;
  /**
   * Spec §2 "Named routes seen" (VSchedulePage, VLessonPage, …): the stable name other code
   * builds links from (`namedPath` in named.ts), whatever the path becomes.
   */
  readonly name?: string;
  /**
   * Spec §2: the exam catalogue is a promo for employees and the statistics a promo for
   * employees and students. These roles, outside `roles`, see the site page `page` (a promo
   * the administrator edits) instead of being sent away.
   */
  readonly promo?: {
    readonly page: 'promo-exams' | 'promo-statistics';
    readonly roles: readonly Role[];
  };
}

const { employees, workers, management } = ROLE_GROUPS;
const LESSON_ROLES: readonly Role[] = ['teacher', 'group-lead', 'zavuch', 'director', 'student'];
const STAFF: readonly Role[] = employees;
const STAFF_AND_STUDENT: readonly Role[] = [...employees, 'student'];
const STUDENT: readonly Role[] = ['student'];
const BACKOFFICE: readonly Role[] = [...management, 'group-lead'];
/**
 * Own lessons and lectures are those who build content (the drafts API's `builders`): a guest
 * reads the catalogues instead (spec §6) and is not shown a «Создать» they may not use (issue 30).
 */
const CONTENT: readonly Role[] = [...employees, 'methodist', 'individual'];
const CATALOGUE: readonly Role[] = [...employees, 'methodist', 'individual', 'guest', 'student'];
const STATISTICS: readonly Role[] = [...management, 'group-lead'];
/** Who builds content (the drafts API's `builders`): their own SOR/SOCh list is theirs. */
const BUILDERS: readonly Role[] = [...employees, 'methodist', 'individual'];
/** The exam catalogue (SOR, SOCh) is the staff's: the server shows exams to no one else. */
const EXAM_CATALOGUE: readonly Role[] = [...employees, 'methodist'];
const KINDERGARTEN: readonly Role[] = [...employees, 'methodist'];
/** The kindergarten's document library also opens to an individual holding its subscription. */
const KINDERGARTEN_LIBRARY: readonly Role[] = [...KINDERGARTEN, 'individual'];
const COURSES: readonly Role[] = [...employees, 'individual', 'methodist', 'admin'];

function r<const T extends RouteDef>(def: T): T {
  return def;
}

/**
 * Every route of spec §2. One table for guards, breadcrumbs, the menu and the web's screen registry.
 * Order matters only for readability: react-router ranks static segments above params.
 */
// One route per line keeps the table readable as a table, so Prettier is told to leave it alone.
// prettier-ignore
export const ROUTES = [
  // Public
  r({ id: 'main', path: '', access: 'public', label: { kz: 'Басты бет', ru: 'Главная' }, hideBreadcrumbs: true }),
  r({ id: 'login', path: 'login', access: 'anonymous', label: { kz: 'Кіру', ru: 'Вход' }, hideBreadcrumbs: true }),
  r({ id: 'behalf-auth', path: 'behalf_auth', access: 'public', label: { kz: 'Атынан кіру', ru: 'Вход от имени' } }),
  r({ id: 'oauth', path: 'oauth', access: 'public', label: { kz: 'Сыртқы кіру', ru: 'Внешний вход' } }),
  r({ id: 'registration', path: 'registation', access: 'anonymous', label: { kz: 'Тіркелу', ru: 'Регистрация' }, hideBreadcrumbs: true }),
  r({ id: 'registration-confirm', path: 'registation/confirm', access: 'anonymous', label: { kz: 'Тіркелуді растау', ru: 'Подтверждение регистрации' }, hideBreadcrumbs: true }),
  r({ id: 'forgot-password', path: 'login/forgot', access: 'anonymous', label: { kz: 'Құпиясөзді қалпына келтіру', ru: 'Восстановление пароля' }, hideBreadcrumbs: true }),
  r({ id: 'forgot-password-reset', path: 'login/forgot/reset/:token?', access: 'anonymous', label: { kz: 'Жаңа құпиясөз', ru: 'Новый пароль' }, hideBreadcrumbs: true }),
  r({ id: 'faq', path: 'faq', access: 'public', label: { kz: 'Жиі қойылатын сұрақтар', ru: 'Частые вопросы' } }),
  r({ id: 'tariff', path: 'tariff', access: 'public', label: { kz: 'Тариф', ru: 'Тариф' } }),
  r({ id: 'b2c', path: 'b2c', access: 'public', label: { kz: 'Жеке пайдаланушыларға', ru: 'Для частных лиц' } }),
  r({ id: 'subscribe-locked', path: 'subscribe-locked', access: 'auth', label: { kz: 'Жазылым бұғатталған', ru: 'Подписка заблокирована' } }),
  r({ id: 'tariffs', path: 'tariffs', access: 'public', label: { kz: 'Тарифтер', ru: 'Тарифы' } }),
  r({ id: 'agreement', path: 'agreement', access: 'public', label: { kz: 'Пайдаланушы келісімі', ru: 'Пользовательское соглашение' } }),
  r({ id: 'news', path: 'news', access: 'public', label: { kz: 'Жаңалықтар', ru: 'Новости' } }),
  r({ id: 'news-article', path: 'news/:articleId', access: 'public', parent: 'news', label: { kz: 'Мақала', ru: 'Статья' } }),
  // Not in spec §2: where the administrator edits the public content (issue 19).
  r({ id: 'admin-site', path: 'admin/site/:tab?', access: 'auth', roles: ['admin'], label: { kz: 'Сайт мазмұны', ru: 'Содержимое сайта' } }),
  r({ id: 'contest-list', path: 'contest/list', access: 'public', label: { kz: 'Байқаулар', ru: 'Конкурсы' } }),
  r({ id: 'contest', path: 'contest/:contestId', access: 'public', parent: 'contest-list', label: { kz: 'Байқау', ru: 'Конкурс' } }),

  // Lessons and schedule
  r({ id: 'schedule', path: 'schedule/:date?', access: 'auth', roles: LESSON_ROLES, name: 'VSchedulePage', label: { kz: 'Сабақ кестесі', ru: 'Расписание' } }),
  r({ id: 'lesson', path: 'schedule/lesson/:scheduleId/:tab?', access: 'auth', roles: LESSON_ROLES, name: 'VLessonPage', parent: 'schedule', label: { kz: 'Сабақ', ru: 'Урок' } }),
  r({ id: 'lesson-control', path: 'schedule/control/lesson/:scheduleId/:tab?', access: 'auth', roles: LESSON_ROLES, redirectTo: 'lesson', label: { kz: 'Сабақ', ru: 'Урок' } }),
  r({ id: 'lesson-progress', path: 'schedule/control/lesson/progress/:lessonType/:scheduleId/:lessonId/:userId', access: 'auth', roles: STAFF, parent: 'schedule', label: { kz: 'Оқушы үлгерімі', ru: 'Прогресс ученика' } }),

  // Homework
  r({ id: 'homework-control-list', path: 'homework/control/list', access: 'auth', roles: STAFF, label: { kz: 'Үй тапсырмасы', ru: 'Домашнее задание' } }),
  r({ id: 'homework-control-assigned', path: 'homework/control/assigned/:answerId', access: 'auth', roles: STAFF, parent: 'homework-control-list', label: { kz: 'Оқушы жауабы', ru: 'Ответ ученика' } }),
  r({ id: 'homework-control-answers', path: 'homework/control/:homeworkId', access: 'auth', roles: STAFF, parent: 'homework-control-list', label: { kz: 'Жауаптар', ru: 'Ответы' } }),
  r({ id: 'homework-preview', path: 'homework/control/:homeworkId/preview', access: 'auth', roles: STAFF_AND_STUDENT, parent: 'homework-control-list', label: { kz: 'Алдын ала қарау', ru: 'Предпросмотр' } }),
  r({ id: 'homework-create', path: 'homework/control/:scheduleId/create', access: 'auth', roles: STAFF, parent: 'homework-control-list', label: { kz: 'Тапсырма құру', ru: 'Создание задания' } }),
  r({ id: 'homework-list', path: 'homework/list', access: 'auth', roles: STUDENT, label: { kz: 'Үй тапсырмасы', ru: 'Домашнее задание' } }),
  r({ id: 'homework-assigned', path: 'homework/list/assigned/:answerId', access: 'auth', roles: STUDENT, parent: 'homework-list', label: { kz: 'Тапсырма', ru: 'Задание' } }),
  // Not in spec §2: the pupil's diary (issue 20), their own marks by subject and quarter.
  r({ id: 'diary', path: 'diary', access: 'auth', roles: STUDENT, label: { kz: 'Күнделік', ru: 'Дневник' } }),

  // Journal
  r({ id: 'journal-groups', path: 'control/journal/groups', access: 'auth', roles: employees, label: { kz: 'Электрондық журнал', ru: 'Электронный журнал' } }),
  r({ id: 'journal-group', path: 'control/journal/groups/:groupId', access: 'auth', roles: employees, parent: 'journal-groups', label: { kz: 'Сынып', ru: 'Класс' } }),
  r({ id: 'journal-subject', path: 'control/journal/groups/:groupId/:subjectId/:subgroupId?', access: 'auth', roles: employees, parent: 'journal-group', label: { kz: 'Пән', ru: 'Предмет' } }),

  // Chat
  r({ id: 'chat-control', path: 'control/chat', access: 'auth', roles: STAFF, name: 'VTeacherChatPage', label: { kz: 'Чат', ru: 'Чат' } }),
  r({ id: 'chat-control-dialog', path: 'control/chat/:groupId/:userId', access: 'auth', roles: STAFF, parent: 'chat-control', label: { kz: 'Хат алмасу', ru: 'Переписка' } }),
  r({ id: 'chat', path: 'chat', access: 'auth', roles: STUDENT, name: 'VStudentChatPage', label: { kz: 'Чат', ru: 'Чат' } }),
  r({ id: 'chat-dialog', path: 'chat/:teacherId', access: 'auth', roles: STUDENT, parent: 'chat', label: { kz: 'Хат алмасу', ru: 'Переписка' } }),

  // Backoffice
  r({ id: 'backoffice-groups', path: 'backoffice/groups', access: 'auth', roles: BACKOFFICE, name: 'VStudentsListPage', label: { kz: 'Сыныптар мен оқушылар', ru: 'Классы и ученики' } }),
  r({ id: 'backoffice-group', path: 'backoffice/groups/:groupId', access: 'auth', roles: BACKOFFICE, parent: 'backoffice-groups', label: { kz: 'Сынып', ru: 'Класс' } }),
  r({ id: 'backoffice-subgroups', path: 'backoffice/groups/:groupId/subgroups', access: 'auth', roles: BACKOFFICE, parent: 'backoffice-group', label: { kz: 'Топшалар', ru: 'Подгруппы' } }),
  r({ id: 'backoffice-subgroup-transfer', path: 'backoffice/groups/:groupId/subgroups/:subjectId', access: 'auth', roles: BACKOFFICE, parent: 'backoffice-subgroups', label: { kz: 'Топшаға ауыстыру', ru: 'Перевод в подгруппу' } }),
  r({ id: 'backoffice-archive', path: 'backoffice/archive', access: 'auth', roles: [...management, 'methodist'], label: { kz: 'Мұрағат', ru: 'Архив' } }),
  r({ id: 'backoffice-archive-group', path: 'backoffice/archive/:groupId', access: 'auth', roles: [...management, 'methodist'], parent: 'backoffice-archive', label: { kz: 'Сынып', ru: 'Класс' } }),
  r({ id: 'backoffice-personnel', path: 'backoffice/personnel', access: 'auth', roles: management, label: { kz: 'Қызметкерлер', ru: 'Персонал' } }),
  r({ id: 'backoffice-schedules', path: 'backoffice/schedules', access: 'auth', roles: BACKOFFICE, label: { kz: 'Кестелер', ru: 'Расписания' } }),
  r({ id: 'backoffice-schedule', path: 'backoffice/schedules/:groupId', access: 'auth', roles: BACKOFFICE, parent: 'backoffice-schedules', label: { kz: 'Сынып кестесі', ru: 'Расписание класса' } }),
  r({ id: 'backoffice-ktp', path: 'backoffice/ktp', access: 'auth', roles: [...BACKOFFICE, 'teacher'], label: { kz: 'КТЖ', ru: 'КТП' } }),
  r({ id: 'backoffice-ktp-group', path: 'backoffice/ktp/:groupId', access: 'auth', roles: [...BACKOFFICE, 'teacher'], parent: 'backoffice-ktp', label: { kz: 'Сынып', ru: 'Класс' } }),
  r({ id: 'backoffice-ktp-plan', path: 'backoffice/ktp/:groupId/:calendarPlanId', access: 'auth', roles: [...BACKOFFICE, 'teacher'], parent: 'backoffice-ktp-group', label: { kz: 'Күнтізбелік жоспар', ru: 'Календарный план' } }),
  r({ id: 'backoffice-school-settings', path: 'backoffice/school-settings', access: 'auth', roles: management, label: { kz: 'Мектеп баптаулары', ru: 'Настройки школы' } }),

  // Content
  r({ id: 'content-lectures', path: 'content/lectures', access: 'auth', roles: CONTENT, name: 'VListOfMyLecturesPage', label: { kz: 'Менің дәрістерім', ru: 'Мои лекции' } }),
  r({ id: 'content-lessons', path: 'content/lessons', access: 'auth', roles: CONTENT, label: { kz: 'Менің сабақтарым', ru: 'Мои уроки' } }),
  // Not a path of spec §2, which names the page only (VListOfMyExamsPage): the author's own SOR and
  // SOCh, at the head of their builder paths content/exams/sor|soch/{lessonId} (issue 17).
  r({ id: 'content-exams', path: 'content/exams', access: 'auth', roles: BUILDERS, name: 'VListOfMyExamsPage', label: { kz: 'Менің жиынтық бағалауларым', ru: 'Мои СОР и СОЧ' } }),
  r({ id: 'content-exam-sor', path: 'content/exams/sor/:lessonId', access: 'auth', roles: CONTENT, parent: 'content-exams', label: { kz: 'БЖБ', ru: 'СОР' } }),
  r({ id: 'content-exam-soch', path: 'content/exams/soch/:lessonId', access: 'auth', roles: CONTENT, parent: 'content-exams', label: { kz: 'ТЖБ', ru: 'СОЧ' } }),
  r({ id: 'content-lecture-lesson', path: 'content/lectures/lesson/:lessonId', access: 'auth', roles: CONTENT, parent: 'content-lectures', label: { kz: 'Дәріс', ru: 'Лекция' } }),
  r({ id: 'schedule-content-platform', path: 'schedule/content/platform/:lessonType/:lessonId', access: 'auth', roles: LESSON_ROLES, parent: 'schedule', label: { kz: 'Сабақ мазмұны', ru: 'Содержание урока' } }),
  r({ id: 'schedule-exam-platform', path: 'schedule/exam/platform/:scheduleId/:userId/:lessonType/:lessonId/:finished?', access: 'auth', roles: LESSON_ROLES, parent: 'schedule', label: { kz: 'Бақылау жұмысы', ru: 'Контрольная работа' } }),
  r({ id: 'lecture-control-create', path: 'schedule/lecture/control/create/:calendarPlanLessonUUID', access: 'auth', roles: STAFF, parent: 'schedule', label: { kz: 'Дәріс құру', ru: 'Создание лекции' } }),
  r({ id: 'lecture-control-view', path: 'schedule/lecture/control/view/:calendarPlanLessonUUID', access: 'auth', roles: STAFF, parent: 'schedule', label: { kz: 'Дәріс', ru: 'Лекция' } }),
  r({ id: 'lecture-control-show', path: 'schedule/lecture/control/show/:calendarPlanLessonUUID', access: 'auth', roles: LESSON_ROLES, parent: 'schedule', label: { kz: 'Дәріс', ru: 'Лекция' } }),
  r({ id: 'product-control-view', path: 'schedule/:product/control/view/:calendarPlanLessonUUID', access: 'auth', roles: STAFF, parent: 'schedule', label: { kz: 'Материал', ru: 'Материал' } }),
  r({ id: 'lecture-control-answer', path: 'schedule/lecture/control/answer/:scheduleId/:answerId', access: 'auth', roles: STAFF, parent: 'schedule', label: { kz: 'Оқушы жауабы', ru: 'Ответ ученика' } }),
  r({ id: 'lecture-builder-create', path: 'content/lectures/control/create/:lectureUUID', access: 'auth', roles: CONTENT, parent: 'content-lectures', label: { kz: 'Дәріс құру', ru: 'Создание лекции' } }),
  r({ id: 'lecture-builder-edit', path: 'content/lectures/control/edit/:lectureUUID', access: 'auth', roles: CONTENT, parent: 'content-lectures', label: { kz: 'Дәрісті өңдеу', ru: 'Редактирование лекции' } }),
  r({ id: 'lecture-builder-preview', path: 'content/lectures/control/preview/:lectureUUID', access: 'auth', roles: CONTENT, parent: 'content-lectures', label: { kz: 'Алдын ала қарау', ru: 'Предпросмотр' } }),

  // Profile
  r({ id: 'profile', path: 'profile/:tab?', access: 'auth', label: { kz: 'Жеке кабинет', ru: 'Личный кабинет' } }),

  // Contests and promo
  r({ id: 'contest-promo', path: 'contest/list/lessons/contest/promo', access: 'public', parent: 'contest-list', label: { kz: 'Байқау туралы', ru: 'О конкурсе' } }),
  r({ id: 'promo-om', path: 'promo-om', access: 'public', label: { kz: 'Оқу-әдістемелік кешен', ru: 'Учебно-методический комплекс' } }),
  r({ id: 'promo-teacher-innovator', path: 'promo-teacher-innovator/:tab?', access: 'public', label: { kz: 'Жаңашыл мұғалім', ru: 'Учитель-новатор' } }),
  r({ id: 'contest-lesson-platform', path: 'content/lessons/platform/:lessonType/:lessonId', access: 'auth', roles: CATALOGUE, parent: 'contest-catalog', parentByParam: { param: 'lessonType', values: { sor: 'catalog-exams', soch: 'catalog-exams' } }, label: { kz: 'Сабақ', ru: 'Урок' } }),
  r({ id: 'contest-catalog', path: 'content/lessons/contest/catalog', access: 'auth', roles: CATALOGUE, label: { kz: 'Байқау сабақтарының каталогы', ru: 'Каталог конкурсных уроков' } }),
  r({ id: 'contest-catalog-lesson', path: 'content/lessons/contest/catalog/:lessonId', access: 'auth', roles: CATALOGUE, parent: 'contest-catalog', label: { kz: 'Сабақ', ru: 'Урок' } }),
  r({ id: 'catalog-lectures', path: 'catalog/lectures', access: 'auth', roles: CATALOGUE, label: { kz: 'Дәрістер каталогы', ru: 'Каталог лекций' } }),
  // Spec §2 names the exam catalogue for employees (VListOfExamsCatalogPage) but gives it no path:
  // the catalogue of catalog/lectures, opened on its exam kind (SOR, SOCh), at catalog/exams.
  r({ id: 'catalog-exams', path: 'catalog/exams', access: 'auth', roles: EXAM_CATALOGUE, promo: { page: 'promo-exams', roles: ['individual', 'guest', 'student'] }, name: 'VListOfExamsCatalogPage', label: { kz: 'БЖБ мен ТЖБ каталогы', ru: 'Каталог СОР и СОЧ' } }),
  r({ id: 'catalog-lecture', path: 'catalog/lectures/:lessonId', access: 'auth', roles: CATALOGUE, parent: 'catalog-lectures', label: { kz: 'Дәріс', ru: 'Лекция' } }),

  // Other
  r({ id: 'methodical-cabinet', path: 'methodical_cabinet', access: 'auth', roles: [...employees, 'methodist'], flag: 'methodical-cabinet', label: { kz: 'Әдістемелік кабинет', ru: 'Методический кабинет' } }),
  r({ id: 'correction-work', path: 'correction_work', access: 'auth', label: { kz: 'Түзету жұмысы', ru: 'Коррекционная работа' } }),
  r({ id: 'correction-work-course', path: 'correction_work/:courseId', access: 'auth', parent: 'correction-work', label: { kz: 'Курс', ru: 'Курс' } }),
  // Issue 30: the courses are for those who enrol (COURSE_LEARNERS) and those who write them;
  // a pupil, guest or education worker sent here (login) goes on to their own start page.
  r({ id: 'courses', path: 'control/courses/list', access: 'auth', roles: COURSES, label: { kz: 'Курстар', ru: 'Курсы' } }),
  r({ id: 'course', path: 'control/courses/list/:courseId', access: 'auth', parent: 'courses', label: { kz: 'Курс', ru: 'Курс' } }),
  // Not in spec §2: where the methodist (and the administrator) write a course, reached from the list.
  r({ id: 'course-edit', path: 'control/courses/list/:courseId/edit', access: 'auth', roles: ['methodist', 'admin'], parent: 'courses', label: { kz: 'Курсты өңдеу', ru: 'Редактирование курса' } }),
  // Not in spec §2 either: one module of a course studied (issue 28: opened, its checks answered).
  r({ id: 'course-module', path: 'control/courses/list/:courseId/module/:moduleId', access: 'auth', parent: 'course', label: { kz: 'Модуль', ru: 'Модуль' } }),
  r({ id: 'certificate-check', path: 'certificate/:code', access: 'public', label: { kz: 'Сертификатты тексеру', ru: 'Проверка сертификата' } }),
  r({ id: 'payment', path: 'payment/:message?', access: 'auth', label: { kz: 'Төлем', ru: 'Оплата' } }),
  r({ id: 'media', path: 'media', access: 'public', label: { kz: 'Медиа', ru: 'Медиа' } }),
  r({ id: 'media-video', path: 'media/video', access: 'auth', subscription: 'any', subscriptionFallback: 'media', parent: 'media', label: { kz: 'Мультфильмдер', ru: 'Мультфильмы' } }),
  r({ id: 'media-video-item', path: 'media/video/:id', access: 'auth', subscription: 'any', subscriptionFallback: 'media', parent: 'media-video', label: { kz: 'Бейне', ru: 'Видео' } }),
  r({ id: 'media-audio', path: 'media/audio', access: 'auth', subscription: 'any', subscriptionFallback: 'media', parent: 'media', label: { kz: 'Музыка', ru: 'Музыка' } }),
  r({ id: 'media-audio-item', path: 'media/audio/:id', access: 'auth', subscription: 'any', subscriptionFallback: 'media', parent: 'media-audio', label: { kz: 'Аудио', ru: 'Аудио' } }),
  r({ id: 'methodical', path: 'methodical', access: 'auth', roles: KINDERGARTEN_LIBRARY, subscription: 'kindergarden', subscriptionFallback: 'tariffs', label: { kz: 'Әдістемелік бөлім', ru: 'Методический раздел' } }),
  r({ id: 'methodical-document', path: 'methodical/:documentId', access: 'auth', roles: KINDERGARTEN_LIBRARY, subscription: 'kindergarden', subscriptionFallback: 'tariffs', parent: 'methodical', label: { kz: 'Құжат', ru: 'Документ' } }),
  r({ id: 'nomenclature', path: 'nomenclature', access: 'auth', roles: KINDERGARTEN_LIBRARY, subscription: 'kindergarden', subscriptionFallback: 'tariffs', label: { kz: 'Номенклатура', ru: 'Номенклатура' } }),
  r({ id: 'nomenclature-document', path: 'nomenclature/:documentId', access: 'auth', roles: KINDERGARTEN_LIBRARY, subscription: 'kindergarden', subscriptionFallback: 'tariffs', parent: 'nomenclature', label: { kz: 'Құжат', ru: 'Документ' } }),
  r({ id: 'regime-process', path: 'regime-process', access: 'auth', roles: KINDERGARTEN_LIBRARY, subscription: 'kindergarden', subscriptionFallback: 'tariffs', label: { kz: 'Режимдік процестер', ru: 'Режимные процессы' } }),
  r({ id: 'regime-process-document', path: 'regime-process/:documentId', access: 'auth', roles: KINDERGARTEN_LIBRARY, subscription: 'kindergarden', subscriptionFallback: 'tariffs', parent: 'regime-process', label: { kz: 'Құжат', ru: 'Документ' } }),
  r({ id: 'steam', path: 'steam', access: 'auth', roles: KINDERGARTEN_LIBRARY, subscription: 'kindergarden', subscriptionFallback: 'tariffs', label: { kz: 'STEAM', ru: 'STEAM' } }),
  r({ id: 'steam-document', path: 'steam/:documentId', access: 'auth', roles: KINDERGARTEN_LIBRARY, subscription: 'kindergarden', subscriptionFallback: 'tariffs', parent: 'steam', label: { kz: 'Құжат', ru: 'Документ' } }),
  r({ id: 'cyclogramm', path: 'cyclogramm', access: 'auth', roles: KINDERGARTEN, subscription: 'kindergarden', subscriptionFallback: 'tariffs', label: { kz: 'Циклограмма', ru: 'Циклограмма' } }),
  r({ id: 'development-map', path: 'development-map', access: 'auth', roles: KINDERGARTEN, subscription: 'kindergarden', subscriptionFallback: 'tariffs', label: { kz: 'Даму картасы', ru: 'Карта развития' } }),
  r({ id: 'monitoring', path: 'monitoring', access: 'auth', label: { kz: 'Мониторинг', ru: 'Мониторинг' } }),
  r({ id: 'perspective-plan', path: 'perspective-plan', access: 'auth', roles: KINDERGARTEN, subscription: 'kindergarden', subscriptionFallback: 'tariffs', label: { kz: 'Перспективалық жоспар', ru: 'Перспективный план' } }),
  r({ id: 'katalog', path: 'katalog', access: 'auth', label: { kz: 'Каталог', ru: 'Каталог' } }),

  // Statistics
  r({ id: 'statistics', path: 'statistics', access: 'auth', roles: STATISTICS, promo: { page: 'promo-statistics', roles: ['teacher', 'student'] }, name: 'VGlStatisticsSchool', label: { kz: 'Статистика', ru: 'Статистика' } }),
  r({ id: 'statistics-group', path: 'statistics/:groupId', access: 'auth', roles: STATISTICS, parent: 'statistics', label: { kz: 'Сынып статистикасы', ru: 'Статистика класса' } }),
  r({ id: 'statistics-country', path: 'statistics/country/:regionId?/:departmentId?/:schoolId?/:groupId?', access: 'auth', roles: workers, promo: { page: 'promo-statistics', roles: [...employees, 'student'] }, name: 'VGlStatisticsCountry', label: { kz: 'Ел бойынша статистика', ru: 'Статистика по стране' } }),

  // Monitoring
  r({ id: 'monitoring-teacher', path: 'monitoring-teacher', access: 'auth', roles: employees, label: { kz: 'Мұғалім мониторингі', ru: 'Мониторинг учителя' } }),
  r({ id: 'monitoring-teacher-questionnaire', path: 'monitoring-teacher/:userId/:questionnaireId', access: 'auth', roles: employees, parent: 'monitoring-teacher', label: { kz: 'Сауалнама', ru: 'Анкета' } }),
  r({ id: 'monitoring-director', path: 'monitoring-director', access: 'auth', roles: management, label: { kz: 'Мектеп мониторингі', ru: 'Мониторинг школы' } }),
  r({ id: 'monitoring-country', path: 'monitoring-country/:regionId?/:departmentId?/:organizationId?', access: 'auth', roles: ['country_worker'], label: { kz: 'Ел мониторингі', ru: 'Мониторинг страны' } }),
  r({ id: 'monitoring-department', path: 'monitoring-department/:organizationId?', access: 'auth', roles: ['department_worker'], label: { kz: 'Бөлім мониторингі', ru: 'Мониторинг отдела' } }),
  r({ id: 'monitoring-region', path: 'monitoring-region/:departmentId?/:organizationId?', access: 'auth', roles: ['region_worker'], label: { kz: 'Өңір мониторингі', ru: 'Мониторинг региона' } }),

  // Individual cards
  r({ id: 'individual-card', path: 'individual-card', access: 'auth', roles: employees, flag: 'individual-card', label: { kz: 'Жеке даму картасы', ru: 'Индивидуальная карта развития' } }),
  r({ id: 'individual-card-child', path: 'individual-card/individual_card/children/:userId', access: 'auth', roles: employees, flag: 'individual-card', parent: 'individual-card', label: { kz: 'Бала картасы', ru: 'Карта ребёнка' } }),
  r({ id: 'individual-card-director', path: 'individual_card-director', access: 'auth', roles: management, flag: 'individual-card', label: { kz: 'Жеке даму карталары', ru: 'Индивидуальные карты развития' } }),
  r({ id: 'individual-card-director-group', path: 'individual_card-director/:groupId', access: 'auth', roles: management, flag: 'individual-card', parent: 'individual-card-director', label: { kz: 'Сынып', ru: 'Класс' } }),
  r({ id: 'individual-card-director-child', path: 'individual_card-director/children/:userId', access: 'auth', roles: management, flag: 'individual-card', parent: 'individual-card-director', label: { kz: 'Бала картасы', ru: 'Карта ребёнка' } }),

  // Catch-all
  r({ id: 'not-found', path: '*', access: 'public', label: { kz: 'Бет табылмады', ru: 'Страница не найдена' } }),
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

/**
 * Issue 30: a kindergarten says «Топ / Группа» and «Балабақша / Детский сад» where a school says
 * «Сынып / Класс» and «Мектеп / Школа»: the labels (menu, breadcrumbs) its people read instead.
 */
export const KINDERGARTEN_LABELS: Readonly<Partial<Record<RouteId, Label>>> = {
  'backoffice-groups': { kz: 'Топтар мен балалар', ru: 'Группы и дети' },
  'backoffice-group': { kz: 'Топ', ru: 'Группа' },
  'backoffice-archive-group': { kz: 'Топ', ru: 'Группа' },
  'backoffice-school-settings': { kz: 'Балабақша баптаулары', ru: 'Настройки детского сада' },
  'backoffice-schedule': { kz: 'Топ кестесі', ru: 'Расписание группы' },
  'backoffice-ktp-group': { kz: 'Топ', ru: 'Группа' },
  'journal-group': { kz: 'Топ', ru: 'Группа' },
  'monitoring-director': { kz: 'Балабақша мониторингі', ru: 'Мониторинг детского сада' },
  'monitoring-teacher': { kz: 'Тәрбиеші мониторингі', ru: 'Мониторинг воспитателя' },
  'individual-card-director-group': { kz: 'Топ', ru: 'Группа' },
  'statistics-group': { kz: 'Топ статистикасы', ru: 'Статистика группы' },
};

/** A route's label for the reader's organisation (KINDERGARTEN_LABELS in a kindergarten). */
export function routeLabel(route: RouteDef, kindergarten: boolean): Label {
  return (kindergarten && KINDERGARTEN_LABELS[route.id as RouteId]) || route.label;
}

const BY_ID: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((route) => [route.id, route]));

export function routeById(id: RouteId): RouteDef;
export function routeById(id: string): RouteDef | undefined;
export function routeById(id: string): RouteDef | undefined {
  return BY_ID.get(id);
}
