import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { store } from '../../session/store';

/** Labels of the personnel screen (backoffice/personnel), kz and ru with the same keys. */
const kz = {
  title: 'Қызметкерлер',
  subtitle: 'Мектеп қызметкерлері: рөлі, пәндері, сыныптары және байланысы',
  hire: 'Қызметкерді қабылдау',
  export: 'Excel-ге жүктеу',
  import: 'Excel-ден жүктеу',
  showDismissed: 'Жұмыстан шыққандарды көрсету',
  loading: 'Жүктелуде…',
  retry: 'Қайталау',
  empty: 'Қызметкерлер тізімі бос',
  name: 'Аты-жөні',
  iin: 'ЖСН',
  role: 'Рөлі',
  subjects: 'Пәндер',
  classes: 'Сыныптар',
  contact: 'Байланыс',
  actions: 'Әрекеттер',
  actionsFor: '{name}: әрекеттер',
  none: 'Жоқ',
  defaultPass: 'Бастапқы құпиясөзбен',
  dismissedOn: 'Жұмыстан шықты: {date}',
  edit: 'Өңдеу',
  resetPassword: 'Құпиясөзді қалпына келтіру',
  behalf: 'Оның атынан кіру',
  dismiss: 'Жұмыстан шығару',
  dismissConfirm:
    '{name} жұмыстан шығарылсын ба? Есептік жазбасы бұғатталады, ашық сеанстары жабылады; бағалары мен сабақтары сақталады.',
  resetConfirm: '{name} үшін жаңа бастапқы құпиясөз жасалсын ба? Ашық сеанстары жабылады.',
  confirm: 'Растау',
  cancel: 'Болдырмау',
  close: 'Жабу',
  save: 'Сақтау',
  hireTitle: 'Жаңа қызметкер',
  editTitle: 'Қызметкерді өңдеу',
  surname: 'Тегі',
  firstname: 'Аты',
  lastname: 'Әкесінің аты',
  position: 'Лауазымы',
  phone: 'Телефон',
  email: 'Электрондық пошта',
  iinHint: '12 цифр',
  kindZavuchOnly: 'Директордың орынбасарын тек директор тағайындайды',
  passwordTitle: 'Бастапқы құпиясөз',
  copyPassword: 'Құпиясөзді көшіру',
  passwordCopied: 'Көшірілді',
  passwordText:
    '{name} үшін бастапқы құпиясөз. Оны қызметкерге беріңіз: бірінші кіргенде ол жаңа құпиясөз ойлап табады. Бұл терезе жабылғаннан кейін құпиясөзді қайта көру мүмкін емес.',
  login: 'Кіру: ЖСН {iin}',
  hired: 'Қызметкер қабылданды',
  saved: 'Сақталды',
  dismissed: 'Қызметкер жұмыстан шығарылды',
  importTitle: 'Қызметкерлер тізімін Excel-ден жүктеу',
  importHelp:
    'Бағандар: №, ЖСН, тегі, аты, әкесінің аты, рөлі, лауазымы, телефон, email, пәндер. Бір жолда қате болса, ештеңе сақталмайды. Үлгі ретінде «Excel-ге жүктеу» файлын пайдаланыңыз.',
  file: '.xlsx файлы',
  filePlaceholder: 'Файлды таңдаңыз',
  clearFile: 'Файлды алып тастау',
  importRun: 'Жүктеу',
  importErrors: 'Файлда қателер бар, ештеңе сақталмады:',
  importDone: 'Жүктелді: жаңа қызметкер — {created}, жаңартылды — {updated}',
  createdAccounts: 'Жаңа есептік жазбалардың бастапқы құпиясөздері:',
  importProgress: 'Есептік жазбалар дайындалуда: {done} / {total}',
  password: 'Құпиясөз',
};

const ru: typeof kz = {
  title: 'Персонал',
  subtitle: 'Сотрудники школы: роль, предметы, классы и контакты',
  hire: 'Принять сотрудника',
  export: 'Выгрузить в Excel',
  import: 'Загрузить из Excel',
  showDismissed: 'Показывать уволенных',
  loading: 'Загрузка…',
  retry: 'Повторить',
  empty: 'Список сотрудников пуст',
  name: 'ФИО',
  iin: 'ИИН',
  role: 'Роль',
  subjects: 'Предметы',
  classes: 'Классы',
  contact: 'Контакты',
  actions: 'Действия',
  actionsFor: '{name}: действия',
  none: 'Нет',
  defaultPass: 'С начальным паролем',
  dismissedOn: 'Уволен(а): {date}',
  edit: 'Изменить',
  resetPassword: 'Сбросить пароль',
  behalf: 'Войти от его имени',
  dismiss: 'Уволить',
  dismissConfirm:
    'Уволить: {name}? Учётная запись будет заблокирована, открытые сеансы закрыты; оценки и уроки сохранятся.',
  resetConfirm: 'Создать новый начальный пароль для: {name}? Открытые сеансы будут закрыты.',
  confirm: 'Подтвердить',
  cancel: 'Отмена',
  close: 'Закрыть',
  save: 'Сохранить',
  hireTitle: 'Новый сотрудник',
  editTitle: 'Изменить сотрудника',
  surname: 'Фамилия',
  firstname: 'Имя',
  lastname: 'Отчество',
  position: 'Должность',
  phone: 'Телефон',
  email: 'Электронная почта',
  iinHint: '12 цифр',
  kindZavuchOnly: 'Заместителя директора назначает только директор',
  passwordTitle: 'Начальный пароль',
  copyPassword: 'Скопировать пароль',
  passwordCopied: 'Скопировано',
  passwordText:
    'Начальный пароль для: {name}. Передайте его сотруднику: при первом входе он придумает новый. После закрытия окна пароль больше не показывается.',
  login: 'Вход: ИИН {iin}',
  hired: 'Сотрудник принят',
  saved: 'Сохранено',
  dismissed: 'Сотрудник уволен',
  importTitle: 'Загрузка списка сотрудников из Excel',
  importHelp:
    'Столбцы: №, ИИН, фамилия, имя, отчество, роль, должность, телефон, email, предметы. Если в одной строке ошибка, ничего не сохраняется. Как образец используйте файл «Выгрузить в Excel».',
  file: 'Файл .xlsx',
  filePlaceholder: 'Выберите файл',
  clearFile: 'Убрать файл',
  importRun: 'Загрузить',
  importErrors: 'В файле есть ошибки, ничего не сохранено:',
  importDone: 'Загружено: новых сотрудников — {created}, обновлено — {updated}',
  createdAccounts: 'Начальные пароли новых учётных записей:',
  importProgress: 'Готовятся учётные записи: {done} / {total}',
  password: 'Пароль',
};

export const PERSONNEL_TEXTS = { kz, ru } as const;
export type PersonnelTextKey = keyof typeof kz;
export type PersonnelT = (
  key: PersonnelTextKey,
  values?: Record<string, string | number>,
) => string;

/** Issue 30: a kindergarten's staff read «балабақша / детский сад» and «топ / группа». */
const KINDERGARTEN: Record<UiLang, Partial<typeof kz>> = {
  kz: {
    subtitle: 'Балабақша қызметкерлері: рөлі, пәндері, топтары және байланысы',
    classes: 'Топтар',
  },
  ru: {
    subtitle: 'Сотрудники детского сада: роль, предметы, группы и контакты',
    classes: 'Группы',
  },
};

export function personnelText(lang: UiLang = currentUiLang()): PersonnelT {
  const kindergarten = store.get().user?.school?.kind === 'kindergarten';
  const dict = kindergarten
    ? { ...PERSONNEL_TEXTS[lang], ...KINDERGARTEN[lang] }
    : PERSONNEL_TEXTS[lang];
  return (key, values) => {
    let s = dict[key];
    if (values) for (const [k, v] of Object.entries(values)) s = s.replaceAll(`{${k}}`, String(v));
    return s;
  };
}
