import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { fillText } from '../shared/fill-text';

/** Words of the profile picture (issue 19), kz and ru with the same keys. */
const kz = {
  title: 'Профиль суреті',
  upload: 'Сурет жүктеу',
  replace: 'Суретті ауыстыру',
  remove: 'Суретті өшіру',
  hint: 'PNG, JPG, GIF немесе WebP, 5 МБ дейін. Сурет 256×256 пиксельге кесіледі, фотодағы орын мен камера туралы деректер өшіріледі.',
  alt: 'Профиль суреті: {name}',
  none: 'Сурет жоқ',
  saved: 'Профиль суреті сақталды',
  removed: 'Профиль суреті өшірілді',
};
const ru: typeof kz = {
  title: 'Фото профиля',
  upload: 'Загрузить фото',
  replace: 'Заменить фото',
  remove: 'Удалить фото',
  hint: 'PNG, JPG, GIF или WebP, до 5 МБ. Фото обрезается до 256×256 пикселей, данные о месте съёмки и камере удаляются.',
  alt: 'Фото профиля: {name}',
  none: 'Фото нет',
  saved: 'Фото профиля сохранено',
  removed: 'Фото профиля удалено',
};

export const AVATAR_TEXTS = { kz, ru } as const;
export type AvatarTextKey = keyof typeof kz;

export function avatarText(
  key: AvatarTextKey,
  values: Record<string, string> = {},
  lang: UiLang = currentUiLang(),
): string {
  return fillText(AVATAR_TEXTS[lang][key], values);
}
