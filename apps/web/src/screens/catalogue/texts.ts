import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';

/** Words of the content catalogues (issue 17), kz and ru with the same keys. */
const kz = {
  lecturesTitle: 'Дәрістер каталогы',
  lessonsTitle: 'Сабақтар каталогы',
  examsTitle: 'БЖБ мен ТЖБ каталогы',
  intro: 'Басқа мұғалімдер жариялаған дайын материалдар. Сөзді кез келген жалғаумен іздеңіз.',
  search: 'Іздеу',
  searchPlaceholder: 'Мысалы: судың айналымы',
  find: 'Табу',
  subject: 'Пән',
  anySubject: 'Кез келген пән',
  parallel: 'Сынып',
  anyParallel: 'Кез келген сынып',
  grade: '{n}-сынып',
  lang: 'Тілі',
  anyLang: 'Кез келген тіл',
  langKz: 'Қазақ тілі',
  langRu: 'Орыс тілі',
  school: 'Мектеп',
  allSchools: 'Барлық мектептер',
  mySchool: 'Менің мектебім',
  found: 'Табылды: {n}',
  empty: 'Ештеңе табылмады. Басқа сөзді немесе сүзгіні таңдап көріңіз.',
  loading: 'Жүктелуде…',
  preview: 'Қарау: {title}',
  copy: 'Өзіме көшіру',
  copied: 'Көшірме жасалды',
  author: 'Авторы: {name}',
  back: 'Каталогқа оралу',
  pages: 'Беттер',
  copiedFrom: 'Каталогтан көшірілген ({version}-нұсқа):',
  openCatalogue: 'Каталогтан дайын материал табу',
  kind: 'Материал түрі',
  kindLectures: 'Дәрістер',
  kindLessons: 'Сабақтар',
  kindExams: 'БЖБ мен ТЖБ',
  typeLesson: 'Сабақ',
  typeLecture: 'Дәріс',
  typeSor: 'БЖБ',
  typeSoch: 'ТЖБ',
};
type Key = keyof typeof kz;
const ru: Record<Key, string> = {
  lecturesTitle: 'Каталог лекций',
  lessonsTitle: 'Каталог уроков',
  examsTitle: 'Каталог СОР и СОЧ',
  intro: 'Готовые материалы, опубликованные другими учителями. Ищите слово в любой форме.',
  search: 'Поиск',
  searchPlaceholder: 'Например: круговорот воды',
  find: 'Найти',
  subject: 'Предмет',
  anySubject: 'Любой предмет',
  parallel: 'Класс',
  anyParallel: 'Любой класс',
  grade: '{n} класс',
  lang: 'Язык',
  anyLang: 'Любой язык',
  langKz: 'Казахский язык',
  langRu: 'Русский язык',
  school: 'Школа',
  allSchools: 'Все школы',
  mySchool: 'Моя школа',
  found: 'Найдено: {n}',
  empty: 'Ничего не найдено. Попробуйте другое слово или фильтр.',
  loading: 'Загрузка…',
  preview: 'Открыть: {title}',
  copy: 'Копировать себе',
  copied: 'Копия создана',
  author: 'Автор: {name}',
  back: 'Назад в каталог',
  pages: 'Страницы',
  copiedFrom: 'Скопировано из каталога (версия {version}):',
  openCatalogue: 'Найти готовый материал в каталоге',
  kind: 'Вид материала',
  kindLectures: 'Лекции',
  kindLessons: 'Уроки',
  kindExams: 'СОР и СОЧ',
  typeLesson: 'Урок',
  typeLecture: 'Лекция',
  typeSor: 'СОР',
  typeSoch: 'СОЧ',
};

export function catalogueText(
  key: Key,
  vars: Record<string, string | number> = {},
  lang: UiLang = currentUiLang(),
): string {
  const s = (lang === 'kz' ? kz : ru)[key];
  return s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}

export function typeName(type: string, lang?: UiLang): string {
  if (type === 'lecture') return catalogueText('typeLecture', {}, lang);
  if (type === 'sor') return catalogueText('typeSor', {}, lang);
  if (type === 'soch') return catalogueText('typeSoch', {}, lang);
  return catalogueText('typeLesson', {}, lang);
}
