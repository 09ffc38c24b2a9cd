import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { fillText } from '../shared/fill-text';

/** Words of the upload widgets (kz and ru carry the same keys). */
const kz = {
  uploading: 'Жүктелуде: {label}',
  progress: '{percent}% ({done} / {total} МБ)',
  network: 'Желі үзілді: «{label}» жүктелмеді. Қайта тіркеңіз, басқа деректер сақталды',
  resuming: 'Байланыс үзілді, жалғастырып жатырмыз…',
  tooLarge:
    '«{label}» файлы тым үлкен ({size} МБ): бұл жерге ең көбі {max} МБ жүктеуге болады. Басқа деректер сақталды',
  cancel: 'Жүктеуді тоқтату',
  cancelled: '«{label}» жүктеуі тоқтатылды',
  play: 'Ойнату: {label}',
  player: '{label} ойнатқышы',
  playFailed: '«{label}» ашылмады: {reason}',
  files: 'Файлдар',
  attach: 'Файл тіркеу',
  detach: '«{label}» файлын алып тастау',
};
type Key = keyof typeof kz;
const ru: Record<Key, string> = {
  uploading: 'Загружается: {label}',
  progress: '{percent}% ({done} / {total} МБ)',
  network:
    'Сеть прервалась: «{label}» не загружен. Прикрепите его снова, остальные данные сохранены',
  resuming: 'Связь прервалась, продолжаем…',
  tooLarge:
    'Файл «{label}» слишком большой ({size} МБ): сюда можно загрузить не более {max} МБ. Остальные данные сохранены',
  cancel: 'Остановить загрузку',
  cancelled: 'Загрузка «{label}» остановлена',
  play: 'Воспроизвести: {label}',
  player: 'Проигрыватель: {label}',
  playFailed: '«{label}» не открылся: {reason}',
  files: 'Файлы',
  attach: 'Прикрепить файл',
  detach: 'Убрать файл «{label}»',
};

export function filesText(
  key: Key,
  params: Record<string, string | number> = {},
  lang: UiLang = currentUiLang(),
): string {
  return fillText((lang === 'kz' ? kz : ru)[key], params);
}

/** Megabytes for a message: one decimal below 10 MB, whole above (as the server says it). */
export function megabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb < 10 ? (Math.ceil(mb * 10) / 10).toFixed(1) : String(Math.ceil(mb));
}
