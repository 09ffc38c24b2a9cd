import { z } from 'zod';

/** `YYYY-MM-DD` calendar date (a lesson day; the school's local date, no time zone). */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date_invalid')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'date_invalid',
  );

/** A positive integer id in a path or query (arrives as a string). */
export const TeachingId = z.coerce.number().int().positive().max(2_147_483_647);

/** Builder content kinds a lesson can carry (the draft's type). */
export const LESSON_TYPES = [
  'sor',
  'soch',
  'customLesson',
  'lesson',
  'lecture',
  'homework',
  'olympiad',
] as const;
export const LessonTypeSchema = z.enum(LESSON_TYPES);
export type LessonType = z.infer<typeof LessonTypeSchema>;

/** An uploaded attachment as lists show it. */
export const FileRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export type FileRef = z.infer<typeof FileRefSchema>;

/** Attachments a body refers to: ids of files the sender uploaded. */
export const FileIdsSchema = z.array(TeachingId).max(10);

export const PersonSchema = z.object({
  id: z.number().int(),
  fullname: z.string(),
});
export type Person = z.infer<typeof PersonSchema>;

/** Upload limit of one attachment. */
export const FILE_MAX_BYTES = 5 * 1024 * 1024;

export const FileUploadRequestSchema = z.object({
  name: z.string().trim().min(1).max(200),
  mime: z.string().trim().min(1).max(120),
  /** The file's bytes, base64. */
  data: z
    .string()
    .min(1)
    .max(Math.ceil((FILE_MAX_BYTES * 4) / 3) + 8),
});
export type FileUploadRequest = z.infer<typeof FileUploadRequestSchema>;
export const FileUploadResponseSchema = z.object({ data: FileRefSchema });
