import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { store } from '../../session/store';

/** Labels of the pupils' roster actions on backoffice/groups, kz and ru with the same keys. */
const kz = {
  export: 'Оқушылар тізімін Excel-ге жүктеу',
  import: 'Оқушылар тізімін Excel-ден жүктеу',
  exportFile: 'Оқушылар.xlsx',
  importTitle: 'Оқушылар тізімін (контингентті) Excel-ден жүктеу',
  importHelp:
    'Бағандар: №, ЖСН, тегі, аты, әкесінің аты, туған күні (КК.АА.ЖЖЖЖ), сынып (мысалы, 7А), оқу тілі. Жаңа ЖСН — жаңа оқушы, бар оқушы көрсетілген сыныпқа ауыстырылады. Бір жолда қате болса, ештеңе сақталмайды. Үлгі ретінде «Excel-ге жүктеу» файлын пайдаланыңыз.',
  file: '.xlsx файлы',
  filePlaceholder: 'Файлды таңдаңыз',
  clearFile: 'Файлды алып тастау',
  cancel: 'Болдырмау',
  run: 'Жүктеу',
  errors: 'Файлда қателер бар, ештеңе сақталмады:',
  close: 'Жабу',
  done: 'Жүктелді: жаңа оқушылар — {created}, ауыстырылды — {moved}, өзгеріссіз — {unchanged}',
  passwordsLater:
    'Құпиясөздер фонда қорғалып жатыр: әр оқушы бірнеше секундтан кейін кіре алады. Құпиясөздерді қазір сақтап алыңыз.',
  createdAccounts: 'Жаңа есептік жазбалардың бастапқы құпиясөздері:',
  progress: 'Есептік жазбалар дайындалуда: {done} / {total}',
  passwordsProgress: 'Құпиясөздер қорғалуда: {done} / {total}',
  passwordsReady: 'Құпиясөздер қорғалды: жаңа оқушылардың бәрі кіре алады.',
  passwordsFailed: 'Құпиясөздерді қорғау аяқталмады: {message}',
  name: 'Аты-жөні',
  iin: 'ЖСН',
  className: 'Сынып',
  password: 'Құпиясөз',
};

const ru: typeof kz = {
  export: 'Выгрузить список учеников в Excel',
  import: 'Загрузить список учеников из Excel',
  exportFile: 'Контингент.xlsx',
  importTitle: 'Загрузка списка учеников (контингента) из Excel',
  importHelp:
    'Столбцы: №, ИИН, фамилия, имя, отчество, дата рождения (ДД.ММ.ГГГГ), класс (например, 7А), язык обучения. Новый ИИН — новый ученик, существующий ученик переводится в указанный класс. Если в одной строке ошибка, ничего не сохраняется. Как образец используйте файл «Выгрузить в Excel».',
  file: 'Файл .xlsx',
  filePlaceholder: 'Выберите файл',
  clearFile: 'Убрать файл',
  cancel: 'Отмена',
  run: 'Загрузить',
  errors: 'В файле есть ошибки, ничего не сохранено:',
  close: 'Закрыть',
  done: 'Загружено: новых учеников — {created}, переведено — {moved}, без изменений — {unchanged}',
  passwordsLater:
    'Пароли защищаются в фоне: каждый ученик сможет войти через несколько секунд. Сохраните пароли сейчас.',
  createdAccounts: 'Начальные пароли новых учётных записей:',
  progress: 'Готовятся учётные записи: {done} / {total}',
  passwordsProgress: 'Пароли защищаются: {done} / {total}',
  passwordsReady: 'Пароли защищены: все новые ученики могут войти.',
  passwordsFailed: 'Защита паролей не завершилась: {message}',
  name: 'ФИО',
  iin: 'ИИН',
  className: 'Класс',
  password: 'Пароль',
};

export const ROSTER_TEXTS = { kz, ru } as const;
export type RosterTextKey = keyof typeof kz;
export type RosterT = (key: RosterTextKey, values?: Record<string, string | number>) => string;

/** Issue 30: a kindergarten's roster is of children in groups («топ / группа»), not classes. */
const KINDERGARTEN: Record<UiLang, Partial<typeof kz>> = {
  kz: {
    export: 'Балалар тізімін Excel-ге жүктеу',
    import: 'Балалар тізімін Excel-ден жүктеу',
    exportFile: 'Балалар.xlsx',
    importTitle: 'Балалар тізімін (контингентті) Excel-ден жүктеу',
    importHelp:
      'Бағандар: №, ЖСН, тегі, аты, әкесінің аты, туған күні (КК.АА.ЖЖЖЖ), топ (мысалы, 0А), оқу тілі. Жаңа ЖСН — жаңа бала, бар бала көрсетілген топқа ауыстырылады. Бір жолда қате болса, ештеңе сақталмайды. Үлгі ретінде «Excel-ге жүктеу» файлын пайдаланыңыз.',
    done: 'Жүктелді: жаңа балалар — {created}, ауыстырылды — {moved}, өзгеріссіз — {unchanged}',
    className: 'Топ',
  },
  ru: {
    export: 'Выгрузить список детей в Excel',
    import: 'Загрузить список детей из Excel',
    importTitle: 'Загрузка списка детей (контингента) из Excel',
    importHelp:
      'Столбцы: №, ИИН, фамилия, имя, отчество, дата рождения (ДД.ММ.ГГГГ), группа (например, 0А), язык обучения. Новый ИИН — новый ребёнок, существующий ребёнок переводится в указанную группу. Если в одной строке ошибка, ничего не сохраняется. Как образец используйте файл «Выгрузить в Excel».',
    done: 'Загружено: новых детей — {created}, переведено — {moved}, без изменений — {unchanged}',
    className: 'Группа',
  },
};

export function rosterText(lang: UiLang = currentUiLang()): RosterT {
  const kindergarten = store.get().user?.school?.kind === 'kindergarten';
  const dict = kindergarten ? { ...ROSTER_TEXTS[lang], ...KINDERGARTEN[lang] } : ROSTER_TEXTS[lang];
  return (key, values) => {
    let s = dict[key];
    if (values) for (const [k, v] of Object.entries(values)) s = s.replaceAll(`{${k}}`, String(v));
    return s;
  };
}
