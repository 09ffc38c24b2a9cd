import type { ApiError, Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/** The media sections' own kz/ru answers (a catalogue per domain, as files/ and commerce/). */
export const MEDIA_MESSAGES = {
  media_not_found: { kz: 'Мұндай бейне немесе аудио жоқ', ru: 'Такого видео или аудио нет' },
  media_locked: {
    kz: 'Мультфильмдер мен музыка жазылыммен ашылады. Тарифті таңдаңыз немесе мектебіңізге хабарласыңыз',
    ru: 'Мультфильмы и музыка открываются по подписке. Выберите тариф или обратитесь в свою школу',
  },
  media_file_missing: {
    kz: 'Файл табылмады: алдымен оны медиа бөліміне жүктеңіз',
    ru: 'Файл не найден: сначала загрузите его в раздел медиа',
  },
  media_file_video: {
    kz: '«{label}» бейне емес ({type}): mp4, webm немесе mov жүктеңіз',
    ru: '«{label}» — не видео ({type}): загрузите mp4, webm или mov',
  },
  media_file_audio: {
    kz: '«{label}» аудио емес ({type}): mp3, ogg, wav немесе m4a жүктеңіз',
    ru: '«{label}» — не аудио ({type}): загрузите mp3, ogg, wav или m4a',
  },
  media_file_picture: {
    kz: '«{label}» сурет емес ({type}): png, jpg, gif немесе webp жүктеңіз',
    ru: '«{label}» — не картинка ({type}): загрузите png, jpg, gif или webp',
  },
  media_file_captions: {
    kz: '«{label}» WebVTT субтитрі емес: файл «WEBVTT» сөзінен басталуы керек',
    ru: '«{label}» — не субтитры WebVTT: файл должен начинаться со слова «WEBVTT»',
  },
  media_video_file_required: {
    kz: 'Мультфильмнің бейнефайлын және ұзақтығын көрсетіңіз',
    ru: 'Укажите видеофайл мультфильма и его длительность',
  },
  media_tracks_required: {
    kz: 'Ойнату тізіміне кемінде бір аудио қосыңыз',
    ru: 'Добавьте в плейлист хотя бы одно аудио',
  },
  media_video_no_tracks: {
    kz: 'Мультфильмде аудиотректер болмайды: олар ойнату тізіміне қосылады',
    ru: 'У мультфильма нет аудиотреков: они добавляются в плейлист',
  },
  media_playlist_no_video: {
    kz: 'Ойнату тізімінде бейнефайл мен субтитр болмайды',
    ru: 'У плейлиста нет видеофайла и субтитров',
  },
  media_kind_fixed: {
    kz: 'Жазбаның түрін өзгертуге болмайды: жаңасын жасаңыз',
    ru: 'Тип записи изменить нельзя: создайте новую',
  },
  media_subject_unknown: { kz: 'Мұндай пән жоқ', ru: 'Такого предмета нет' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MediaMessageKey = keyof typeof MEDIA_MESSAGES;

/**
 * An answer of the media routes in the reader's language. A 423 carries the redirect of spec §2
 * ("otherwise redirect to /{lang}/media").
 */
export class MediaError extends CatalogueError {
  constructor(
    status: 404 | 422 | 423,
    readonly mediaKey: MediaMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
    readonly redirect?: string,
  ) {
    super(
      status,
      status === 404 ? 'not_found' : status === 423 ? 'subscription_locked' : 'validation_failed',
      MEDIA_MESSAGES[mediaKey],
      field,
      params,
    );
  }

  override toBody(locale: Locale): ApiError & Record<string, unknown> {
    const body = super.toBody(locale);
    return this.redirect ? { ...body, redirect: this.redirect } : body;
  }
}
