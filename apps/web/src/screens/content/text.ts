import type { UiLang } from '@sabaq/platform';
import { fillText } from '../shared/fill-text';

/** Labels of the content screens (the editor has its own catalogue in @sabaq/editor). */
const kz = {
  myLessons: 'Менің сабақтарым',
  myLectures: 'Менің дәрістерім',
  myExams: 'Менің жиынтық бағалауларым',
  examCatalogue: 'Әріптестердің БЖБ мен ТЖБ жұмыстары каталогта',
  create: 'Құру',
  newTitle: 'Атауы',
  type: 'Түрі',
  type_customLesson: 'Сабақ',
  type_sor: 'БЖБ',
  type_soch: 'ТЖБ',
  type_lecture: 'Дәріс',
  edit: 'Өңдеу',
  preview: 'Алдын ала қарау',
  remove: 'Жою',
  confirmRemove: '«{title}» жойылсын ба?',
  empty: 'Әзірге ештеңе жоқ. Жаңасын құрыңыз.',
  loading: 'Жүктелуде…',
  notFound: 'Материал табылмады немесе оған қолжетімділік жоқ.',
  wrongType: 'Бұл материал басқа бөлімде өңделеді.',
  openRight: 'Дұрыс бөлімде ашу',
  status_draft: 'Жоба',
  readOnly: 'тек оқу',
  status_published: 'Жарияланды',
  updated: 'Өзгертілді',
  titleRequired: 'Атауын енгізіңіз.',
  untitled: 'Атаусыз',
  back: 'Тізімге оралу',
  retry: 'Қайталау',
  collabOffline: 'Сервермен байланыс жоқ: қосылғаннан кейін жариялаңыз.',
  shareSwitch: '«{title}» жалпы каталогта',
  shareOn: 'Каталогта',
  sharedNow:
    'Жұмыс жалпы каталогта: басқа мектептер оның жауаптарын сыныптарыңыз жазып болған соң ғана көреді.',
  unsharedNow: 'Жұмыс каталогтан алынды: оны тек өз мектебіңіз көреді.',
} as const;

type Key = keyof typeof kz;

const ru: Record<Key, string> = {
  myLessons: 'Мои уроки',
  myLectures: 'Мои лекции',
  myExams: 'Мои СОР и СОЧ',
  examCatalogue: 'СОР и СОЧ коллег в каталоге',
  create: 'Создать',
  newTitle: 'Название',
  type: 'Тип',
  type_customLesson: 'Урок',
  type_sor: 'СОР',
  type_soch: 'СОЧ',
  type_lecture: 'Лекция',
  edit: 'Редактировать',
  preview: 'Предпросмотр',
  remove: 'Удалить',
  confirmRemove: 'Удалить «{title}»?',
  empty: 'Пока ничего нет. Создайте новый материал.',
  loading: 'Загрузка…',
  notFound: 'Материал не найден или нет доступа.',
  wrongType: 'Этот материал редактируется в другом разделе.',
  openRight: 'Открыть в нужном разделе',
  status_draft: 'Черновик',
  readOnly: 'только чтение',
  status_published: 'Опубликован',
  updated: 'Изменён',
  titleRequired: 'Укажите название.',
  untitled: 'Без названия',
  back: 'Вернуться к списку',
  retry: 'Повторить',
  collabOffline: 'Нет связи с сервером: опубликуйте после подключения.',
  shareSwitch: '«{title}» в общем каталоге',
  shareOn: 'В каталоге',
  sharedNow:
    'Работа в общем каталоге: другие школы увидят её ответы только после того, как её напишут ваши классы.',
  unsharedNow: 'Работа убрана из каталога: её видит только ваша школа.',
};

export function contentText(lang: UiLang) {
  const table = lang === 'kz' ? kz : ru;
  return (key: Key, params?: Record<string, string>) => fillText(table[key], params);
}

export function typeLabel(lang: UiLang, type: string): string {
  const t = contentText(lang);
  if (type === 'sor' || type === 'soch' || type === 'customLesson' || type === 'lecture')
    return t(`type_${type}`);
  return type;
}
