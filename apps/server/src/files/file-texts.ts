import type { Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** Messages of the file service in Kazakh and Russian (spec §8 bodies; 422s name `file`). */
export const FILE_MESSAGES = {
  file_missing: { kz: 'Файлды таңдаңыз', ru: 'Выберите файл' },
  file_empty: { kz: 'Файл бос', ru: 'Файл пустой' },
  file_too_large: {
    kz: '«{label}» файлы тым үлкен ({size} МБ): бұл жерге ең көбі {max} МБ жүктеуге болады. Басқа деректер сақталды',
    ru: 'Файл «{label}» слишком большой ({size} МБ): сюда можно загрузить не более {max} МБ. Остальные данные сохранены',
  },
  file_type: {
    kz: '«{label}» файлының түріне ({type}) бұл жерде рұқсат жоқ. Рұқсат етілгені: {list}',
    ru: 'Тип файла «{label}» ({type}) здесь не разрешён. Разрешены: {list}',
  },
  file_use_forbidden: {
    kz: 'Сіздің рөліңіз мұндай файлды жүктей алмайды',
    ru: 'Ваша роль не может загружать такие файлы',
  },
  file_not_found: { kz: 'Файл табылмады', ru: 'Файл не найден' },
  file_read_forbidden: {
    kz: 'Бұл файлды ашуға құқығыңыз жоқ: ол басқа сыныптың немесе басқа адамның жұмысына тіркелген',
    ru: 'У вас нет права открыть этот файл: он прикреплён к работе другого класса или другого человека',
  },
  upload_not_found: { kz: 'Жүктеу табылмады', ru: 'Загрузка не найдена' },
  upload_offset: {
    kz: 'Жүктеу басқа орыннан жалғасады: {offset} байттан',
    ru: 'Загрузка продолжается с другого места: с байта {offset}',
  },
  upload_length: {
    kz: 'Файлдың өлшемін көрсетіңіз (Upload-Length)',
    ru: 'Укажите размер файла (Upload-Length)',
  },
  upload_content_type: {
    kz: 'Бөлік application/offset+octet-stream ретінде жіберілуі керек',
    ru: 'Часть должна быть отправлена как application/offset+octet-stream',
  },
  upload_too_long: {
    kz: 'Бөлік файлдың жарияланған өлшемінен асып кетеді ({length} байт, {offset} байттан бастап): ештеңе жазылған жоқ',
    ru: 'Часть выходит за объявленный размер файла ({length} байт, с байта {offset}): ничего не записано',
  },
  upload_version: {
    kz: 'tus 1.0.0 хаттамасы ғана қолдау табады',
    ru: 'Поддерживается только протокол tus 1.0.0',
  },
} as const satisfies Record<string, Readonly<Record<Locale, string>>>;

export type FileMessageKey = keyof typeof FILE_MESSAGES;

export class FileError extends CatalogueError {
  constructor(
    status: number,
    readonly fileKey: FileMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(
      status,
      status === 404 ? 'not_found' : status === 403 ? 'forbidden' : 'validation_failed',
      FILE_MESSAGES[fileKey],
      field,
      params,
    );
  }
}

/** Megabytes for a message: one decimal below 10 MB, whole above. */
export function megabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb < 10 ? (Math.ceil(mb * 10) / 10).toFixed(1) : String(Math.ceil(mb));
}
