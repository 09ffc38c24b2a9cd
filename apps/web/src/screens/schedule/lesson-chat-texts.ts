import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';

/** Labels of the lesson chat panel (issue 20), both languages with the same keys. */
const kz = {
  title: 'Сабақ чаты',
  empty: 'Әзірге ешкім жазған жоқ',
  label: 'Хабарлама',
  hint: 'Enter — жіберу, Shift+Enter — жаңа жол',
  send: 'Жазу',
  older: 'Бұрынғы хабарламалар',
  deleted: 'Хабарлама өшірілді',
  delete: 'Өшіру',
  deleteOf: '{name} хабарламасын өшіру',
  teacher: 'мұғалім',
  newFrom: '{name}: {text}',
  offline: 'Байланыс үзілді: жаңа хабарламалар қайта қосылғанда көрінеді',
  loading: 'Жүктелуде…',
};
const ru: typeof kz = {
  title: 'Чат урока',
  empty: 'Пока никто не писал',
  label: 'Сообщение',
  hint: 'Enter — отправить, Shift+Enter — новая строка',
  send: 'Написать',
  older: 'Более ранние сообщения',
  deleted: 'Сообщение удалено',
  delete: 'Удалить',
  deleteOf: 'Удалить сообщение: {name}',
  teacher: 'учитель',
  newFrom: '{name}: {text}',
  offline: 'Связь прервалась: новые сообщения появятся после переподключения',
  loading: 'Загрузка…',
};
export const LESSON_CHAT_TEXTS: Record<UiLang, typeof kz> = { kz, ru };

export function lessonChatText(lang: UiLang = currentUiLang()) {
  const dict = LESSON_CHAT_TEXTS[lang];
  return (key: keyof typeof kz, values?: Record<string, string | number>): string => {
    let s = dict[key];
    if (values) for (const [k, v] of Object.entries(values)) s = s.replaceAll(`{${k}}`, String(v));
    return s;
  };
}
