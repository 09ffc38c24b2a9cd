import { z } from 'zod';

/**
 * The one file service (issue 14): what a file is uploaded for, the limits of each use, and the
 * answers of the upload routes. The server enforces the limits; the web client reads the same
 * table to refuse a file before sending a byte of it.
 */
export const FILE_USES = [
  'builder',
  'homework',
  'chat',
  'ktp',
  'media',
  'methodical',
  'kindergarten',
] as const;
export const FileUseSchema = z.enum(FILE_USES);
export type FileUse = z.infer<typeof FileUseSchema>;

const MB = 1024 * 1024;

/** Types decided from the content (magic bytes), never from the name. */
const PICTURES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const DOCUMENTS = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/x-cfb',
  'text/plain',
] as const;
const AUDIO = ['audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/x-m4a', 'audio/mp4'] as const;
const VIDEO = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

export interface FileUseLimits {
  /** Largest file, bytes. */
  readonly maxBytes: number;
  /** MIME types the content may be (as detected by the server). */
  readonly types: readonly string[];
  /** The extensions named in the error message (what a person recognises). */
  readonly shown: string;
}

export const FILE_LIMITS: Record<FileUse, FileUseLimits> = {
  // Lesson assets: pictures, worksheets, audio and lesson videos.
  builder: {
    maxBytes: 512 * MB,
    types: [...PICTURES, ...DOCUMENTS, ...AUDIO, ...VIDEO],
    shown:
      'png, jpg, gif, webp, pdf, docx, xlsx, pptx, doc, xls, ppt, txt, mp3, ogg, wav, m4a, mp4, webm, mov',
  },
  // Homework set by a teacher and answers handed in by pupils (a filmed experiment fits).
  homework: {
    maxBytes: 256 * MB,
    types: [...PICTURES, ...DOCUMENTS, ...AUDIO, ...VIDEO],
    shown:
      'png, jpg, gif, webp, pdf, docx, xlsx, pptx, doc, xls, ppt, txt, mp3, ogg, wav, m4a, mp4, webm, mov',
  },
  // A calendar plan (KTP) to import: the spreadsheet only; read by the import, never served.
  ktp: {
    maxBytes: 10 * MB,
    types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    shown: 'xlsx',
  },
  // The media catalogue (issue 14): cartoons, music, posters and WebVTT captions (text); served
  // only through the media routes, after their subscription gate.
  media: {
    maxBytes: 1024 * MB,
    types: [...PICTURES, 'text/vtt', 'text/plain', ...AUDIO, ...VIDEO],
    shown: 'png, jpg, gif, webp, vtt, mp3, ogg, wav, m4a, mp4, webm, mov',
  },
  // Files of the methodical cabinet's materials (issue 17): served only by `methodical.file`,
  // after the material's visibility and the feature flag.
  methodical: {
    maxBytes: 200 * MB,
    types: [...PICTURES, ...DOCUMENTS, ...AUDIO, ...VIDEO],
    shown:
      'png, jpg, gif, webp, pdf, docx, xlsx, pptx, doc, xls, ppt, txt, mp3, ogg, wav, m4a, mp4, webm, mov',
  },
  // Files of the kindergarten document sections (issue 15): served only by
  // `kindergarten.documentFile`, after the kindergarten gate and the document's visibility.
  kindergarten: {
    maxBytes: 200 * MB,
    types: [...PICTURES, ...DOCUMENTS, ...AUDIO, ...VIDEO],
    shown:
      'png, jpg, gif, webp, pdf, docx, xlsx, pptx, doc, xls, ppt, txt, mp3, ogg, wav, m4a, mp4, webm, mov',
  },
  // Chat: pictures, documents and voice notes.
  chat: {
    maxBytes: 25 * MB,
    types: [...PICTURES, ...DOCUMENTS, ...AUDIO],
    shown: 'png, jpg, gif, webp, pdf, docx, xlsx, pptx, doc, xls, ppt, txt, mp3, ogg, wav, m4a',
  },
};

/** Files above this go through the resumable protocol (tus 1.0) rather than one multipart POST. */
export const RESUMABLE_FROM_BYTES = 8 * MB;

/** An uploaded file, as every upload route answers it. */
export const UploadedFileSchema = z.object({
  use: FileUseSchema,
  /** The attachment id (homework, chat) that bodies refer to; null for builder assets and KTP. */
  id: z.number().int().nullable(),
  /**
   * Builder: the random name the asset URL carries; homework and chat: the person's label; KTP:
   * the stored file's id, which the plan import takes (`{fileId}`).
   */
  name: z.string(),
  label: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** Where it downloads from (the caller's rights checked, except builder assets); '' for KTP. */
  url: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;
export const UploadedFileResponseSchema = z.object({ data: UploadedFileSchema });

export const UploadQuerySchema = z.object({ use: FileUseSchema.default('builder') });

/** A resumable upload (tus 1.0 creation): its state, and the file once it is complete. */
export const ResumableUploadSchema = z.object({
  id: z.string(),
  use: FileUseSchema,
  offset: z.number().int(),
  length: z.number().int(),
  file: UploadedFileSchema.nullable(),
});
export const ResumableUploadResponseSchema = z.object({ data: ResumableUploadSchema });
export type ResumableUpload = z.infer<typeof ResumableUploadSchema>;

/** A stream URL for `<video>`/`<audio>` (files.attachmentGrant): valid until `expiresAt`. */
export const StreamGrantResponseSchema = z.object({
  data: z.object({ url: z.string(), expiresAt: z.string() }),
});
export type StreamGrant = z.infer<typeof StreamGrantResponseSchema>['data'];
