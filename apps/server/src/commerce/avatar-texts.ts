import type { Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** kz/ru answers of the profile picture (the file service's own cover size and type). */
export const AVATAR_MESSAGES = {
  avatar_corrupt: {
    kz: '«{label}» суреті ашылмады: файл бүлінген немесе сурет емес. Басқа сурет таңдаңыз',
    ru: 'Изображение «{label}» не открылось: файл повреждён или это не картинка. Выберите другое',
  },
  avatar_too_many_pixels: {
    kz: '«{label}» суреті тым үлкен ({width}×{height} пиксель): ең көбі 50 мегапиксель',
    ru: 'Изображение «{label}» слишком большое ({width}×{height} пикселей): не более 50 мегапикселей',
  },
  avatar_not_found: { kz: 'Сурет табылмады', ru: 'Изображение не найдено' },
  avatar_removed: { kz: 'Профиль суреті өшірілді', ru: 'Фото профиля удалено' },
} as const satisfies Record<string, Record<Locale, string>>;

export type AvatarMessageKey = keyof typeof AVATAR_MESSAGES;

export class AvatarError extends CatalogueError {
  constructor(
    status: 404 | 422,
    readonly avatarKey: AvatarMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(
      status,
      status === 404 ? 'not_found' : 'validation_failed',
      AVATAR_MESSAGES[avatarKey],
      field,
      params,
    );
  }
}
