import { z } from 'zod';

/**
 * The media sections (issue 14, spec §1 "media (cartoons, music)", §2 media/video, media/audio,
 * §3 "audio playlist (title, audioFile)"). A catalogue entry is a video (a cartoon: one file,
 * poster, kz/ru WebVTT captions) or an audio playlist (ordered tracks, each a title and an audio
 * file). Files arrive through the file service (`use=media`); the ids below are its stored ids.
 */

export const MEDIA_KINDS = ['video', 'audio'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Age groups of the catalogue: kindergarten, then the school's stages by parallel. */
export const AGE_GROUPS = ['preschool', 'primary', 'middle', 'senior'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export const AGE_GROUP_LABELS: Record<AgeGroup, { kz: string; ru: string }> = {
  preschool: { kz: 'Мектепке дейінгі (3–6 жас)', ru: 'Дошкольники (3–6 лет)' },
  primary: { kz: '1–4 сынып', ru: '1–4 классы' },
  middle: { kz: '5–9 сынып', ru: '5–9 классы' },
  senior: { kz: '10–11 сынып', ru: '10–11 классы' },
};

/** The longest a video or a track may say it lasts: 6 hours, in seconds. */
export const MEDIA_MAX_SECONDS = 6 * 60 * 60;
/** Tracks of one playlist. */
export const MEDIA_MAX_TRACKS = 100;

const title = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(200, 'field_too_long');
const description = z.string({ error: 'field_required' }).trim().max(2000, 'field_too_long');
const seconds = z
  .number({ error: 'field_required' })
  .int('field_invalid')
  .min(1, 'field_invalid')
  .max(MEDIA_MAX_SECONDS, 'field_invalid');
/** A stored file's id as the file service answers it for `use=media` (`name`). */
const storedId = z.uuid('field_invalid');

export const BilingualTitleSchema = z.object({ kz: title, ru: title });
export const BilingualDescriptionSchema = z.object({ kz: description, ru: description });

export const MediaSubjectSchema = z.object({ id: z.number().int(), name: z.string() });

/** One entry of the catalogue: what everyone signed in sees, with or without a subscription. */
export const MediaCardSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(MEDIA_KINDS),
    title: z.object({ kz: z.string(), ru: z.string() }),
    description: z.object({ kz: z.string(), ru: z.string() }),
    ageGroup: z.enum(AGE_GROUPS),
    subject: MediaSubjectSchema.nullable(),
    /** A video's length, or the sum of a playlist's tracks. */
    durationSeconds: z.number().int(),
    /** Tracks of a playlist (1 for a video). */
    trackCount: z.number().int(),
    /** A short-lived stream URL of the poster picture, or null. */
    posterUrl: z.string().nullable(),
  })
  .meta({ id: 'MediaCard' });
export type MediaCard = z.infer<typeof MediaCardSchema>;

export const MediaCatalogueSchema = z
  .object({
    items: z.array(MediaCardSchema),
    subjects: z.array(MediaSubjectSchema),
    /** Whether the caller may open the players (a live subscription, or the school's B2B). */
    open: z.boolean(),
    /** Whether the caller may upload, edit and delete entries. */
    canManage: z.boolean(),
  })
  .meta({ id: 'MediaCatalogue' });
export type MediaCatalogue = z.infer<typeof MediaCatalogueSchema>;
export const MediaCatalogueResponseSchema = z.object({ data: MediaCatalogueSchema });

export const MediaCatalogueQuerySchema = z.object({
  kind: z.enum(MEDIA_KINDS, { error: 'field_invalid' }).optional(),
  age: z.enum(AGE_GROUPS, { error: 'field_invalid' }).optional(),
  subjectId: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(1).optional(),
  /** Words of the title or description, either language, case-insensitive. */
  q: z.string().trim().max(100, 'field_too_long').optional(),
});
export type MediaCatalogueQuery = z.infer<typeof MediaCatalogueQuerySchema>;

export const MediaCaptionSchema = z.object({
  lang: z.enum(['kz', 'ru']),
  /** BCP 47 tag for `<track srclang>`: kk or ru. */
  srclang: z.enum(['kk', 'ru']),
  label: z.string(),
  url: z.string(),
});
export type MediaCaption = z.infer<typeof MediaCaptionSchema>;

export const MediaTrackSchema = z.object({
  position: z.number().int(),
  title: z.object({ kz: z.string(), ru: z.string() }),
  durationSeconds: z.number().int(),
  mime: z.string(),
  /** A short-lived stream URL (Range requests) of the track. */
  url: z.string(),
  fileId: z.string(),
});
export type MediaTrack = z.infer<typeof MediaTrackSchema>;

/** An entry to play (only for callers the gate lets through; stream URLs live 15 minutes). */
export const MediaDetailSchema = MediaCardSchema.extend({
  /** The video's stream URL (null for a playlist). */
  url: z.string().nullable(),
  mime: z.string().nullable(),
  captions: z.array(MediaCaptionSchema),
  tracks: z.array(MediaTrackSchema),
  /** Stored ids, for the editing form of managers. */
  files: z.object({
    file: z.string().nullable(),
    poster: z.string().nullable(),
    captionsKz: z.string().nullable(),
    captionsRu: z.string().nullable(),
  }),
  subjectId: z.number().int().nullable(),
  expiresAt: z.string(),
}).meta({ id: 'MediaDetail' });
export type MediaDetail = z.infer<typeof MediaDetailSchema>;
export const MediaDetailResponseSchema = z.object({ data: MediaDetailSchema });

export const MediaTrackInputSchema = z.object({
  title: BilingualTitleSchema,
  fileId: storedId,
  durationSeconds: seconds,
});

/**
 * A new or changed entry. A video names its file, length and optional kz/ru captions; a
 * playlist names its tracks in order (at least one). The poster is optional for both.
 */
export const MediaInputSchema = z
  .object({
    kind: z.enum(MEDIA_KINDS, { error: 'field_required' }),
    title: BilingualTitleSchema,
    description: BilingualDescriptionSchema,
    ageGroup: z.enum(AGE_GROUPS, { error: 'field_required' }),
    subjectId: z
      .number()
      .int('field_invalid')
      .min(1, 'field_invalid')
      .max(2_147_483_647, 'field_invalid')
      .nullable(),
    posterId: storedId.nullable(),
    fileId: storedId.nullable(),
    durationSeconds: seconds.nullable(),
    captions: z.object({ kz: storedId.nullable(), ru: storedId.nullable() }),
    tracks: z.array(MediaTrackInputSchema).max(MEDIA_MAX_TRACKS, 'field_too_long'),
  })
  .strict()
  .meta({ id: 'MediaInput' });
export type MediaInput = z.infer<typeof MediaInputSchema>;

export const MediaParamsSchema = z.object({
  mediaId: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(2_147_483_647),
});

export const MediaSavedResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });
