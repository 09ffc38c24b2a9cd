import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { fillText } from '../shared/fill-text';

/** Words of the methodical cabinet (issue 17), kz and ru with the same keys. */
const kz = {
  title: 'Әдістемелік кабинет',
  intro:
    'Пәндер бойынша әдістемелік ұсынымдар, сабақ жоспарлары, презентациялар, бағалау материалдары.',
  subject: 'Пән',
  anySubject: 'Барлық пәндер',
  kind: 'Түрі',
  anyKind: 'Барлық түрлері',
  parallel: 'Сынып',
  anyParallel: 'Барлық сыныптар',
  parallelN: '{n}-сынып',
  search: 'Іздеу',
  searchPlaceholder: 'Атауы немесе қысқаша мазмұны',
  found: 'Табылды: {n}',
  empty: 'Ештеңе табылмады. Сүзгілерді өзгертіп көріңіз.',
  loading: 'Жүктелуде…',
  prev: 'Алдыңғы бет',
  next: 'Келесі бет',
  page: '{page}-бет / {pages}',
  allParallels: 'Барлық сыныптар',
  parallels: '{from}–{to} сыныптар',
  oneParallel: '{n}-сынып',
  draft: 'Жоба',
  published: 'Жарияланған',
  updated: 'Жаңартылды: {date}',
  author: 'Авторы: {name}',
  files: 'Файлдар',
  fileCount: 'Файл: {n}',
  download: '{name} жүктеп алу',
  back: 'Тізімге оралу',
  add: 'Материал қосу',
  newMaterial: 'Жаңа материал',
  editMaterial: 'Материалды өзгерту',
  edit: 'Өзгерту',
  publish: 'Жариялау',
  remove: 'Жою',
  removeConfirm: '«{title}» материалын жоясыз ба?',
  yes: 'Иә, жою',
  cancel: 'Болдырмау',
  save: 'Сақтау',
  status: 'Күйі',
  titleField: 'Атауы ({lang})',
  summaryField: 'Қысқаша мазмұны ({lang})',
  bodyField: 'Мазмұны ({lang})',
  kz: 'қазақша',
  ru: 'орысша',
  from: 'Сыныптан',
  to: 'Сыныпқа дейін',
} as const;

type Key = keyof typeof kz;

const ru: Record<Key, string> = {
  title: 'Методический кабинет',
  intro:
    'Методические рекомендации, планы уроков, презентации и материалы для оценивания по предметам.',
  subject: 'Предмет',
  anySubject: 'Все предметы',
  kind: 'Вид',
  anyKind: 'Все виды',
  parallel: 'Класс',
  anyParallel: 'Все классы',
  parallelN: '{n} класс',
  search: 'Поиск',
  searchPlaceholder: 'Название или краткое содержание',
  found: 'Найдено: {n}',
  empty: 'Ничего не найдено. Попробуйте изменить фильтры.',
  loading: 'Загрузка…',
  prev: 'Предыдущая страница',
  next: 'Следующая страница',
  page: 'Страница {page} из {pages}',
  allParallels: 'Все классы',
  parallels: '{from}–{to} классы',
  oneParallel: '{n} класс',
  draft: 'Черновик',
  published: 'Опубликован',
  updated: 'Обновлено: {date}',
  author: 'Автор: {name}',
  files: 'Файлы',
  fileCount: 'Файлов: {n}',
  download: 'Скачать {name}',
  back: 'Вернуться к списку',
  add: 'Добавить материал',
  newMaterial: 'Новый материал',
  editMaterial: 'Изменить материал',
  edit: 'Изменить',
  publish: 'Опубликовать',
  remove: 'Удалить',
  removeConfirm: 'Удалить материал «{title}»?',
  yes: 'Да, удалить',
  cancel: 'Отмена',
  save: 'Сохранить',
  status: 'Статус',
  titleField: 'Название ({lang})',
  summaryField: 'Краткое содержание ({lang})',
  bodyField: 'Содержание ({lang})',
  kz: 'на казахском',
  ru: 'на русском',
  from: 'С класса',
  to: 'По класс',
};

export const METHODICAL_TEXTS = { kz, ru } as const;
export type MethodicalTextKey = Key;

export function mcText(
  key: Key,
  params: Record<string, string | number> = {},
  lang: UiLang = currentUiLang(),
): string {
  return fillText(METHODICAL_TEXTS[lang][key], params);
}

/** «5–9 сыныптар», «7-сынып» or «Барлық сыныптар». */
export function parallelsText(from: number | null, to: number | null): string {
  if (from === null || to === null) return mcText('allParallels');
  return from === to ? mcText('oneParallel', { n: from }) : mcText('parallels', { from, to });
}
