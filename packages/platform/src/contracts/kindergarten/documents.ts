import { z } from 'zod';
import {
  RichBodyIn,
  RichBodyOut,
  RichSummary,
  RichTitle,
  inBothLanguages,
} from '../rich-document-fields';
import { EDUCATIONAL_AREAS, PRESCHOOL_AGE_GROUPS } from './frame';

/**
 * The kindergarten's document sections (issue 15, spec §2 nomenclature, methodical, steam,
 * regime-process and `/{documentId}`): libraries of documents per age group and educational area,
 * written by methodists in kz and ru with the builder's rich-text field (ProseMirror JSON, never
 * HTML, as the site's articles), read by kindergarten staff with the kindergarden subscription.
 */

export const DOCUMENT_SECTIONS = ['nomenclature', 'methodical', 'steam', 'regime-process'] as const;
export type DocumentSection = (typeof DOCUMENT_SECTIONS)[number];

export const DOCUMENT_STATUSES = ['draft', 'published'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Documents on one page of a list. */
export const DOCUMENT_PAGE_SIZE = 20;

const RichIn = RichBodyIn;
const Rich = RichBodyOut;
const Title = RichTitle;
const Summary = RichSummary;
const Both = inBothLanguages;

export const DocumentSectionParamsSchema = z.object({
  section: z.enum(DOCUMENT_SECTIONS, { error: 'field_invalid' }),
});

export const DocumentParamsSchema = z.object({
  section: z.enum(DOCUMENT_SECTIONS, { error: 'field_invalid' }),
  documentId: z.coerce.number({ error: 'field_invalid' }).int().min(1).max(2_147_483_647),
});

export const DocumentFileParamsSchema = DocumentParamsSchema.extend({
  fileId: z.uuid({ error: 'field_invalid' }),
});

export const DocumentListQuerySchema = z.object({
  age: z.enum(PRESCHOOL_AGE_GROUPS, { error: 'field_invalid' }).optional(),
  area: z.enum(EDUCATIONAL_AREAS, { error: 'field_invalid' }).optional(),
  /** Words of the title or summary in either language, case-insensitive (Kazakh letters too). */
  q: z.string().trim().max(100, 'field_too_long').optional(),
  page: z.coerce
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(1, 'field_invalid')
    .max(100_000, 'field_invalid')
    .default(1),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuerySchema>;

export const DocumentCardSchema = z.object({
  id: z.number().int(),
  section: z.enum(DOCUMENT_SECTIONS),
  /** In the reader's language. */
  title: z.string(),
  summary: z.string(),
  ageGroup: z.enum(PRESCHOOL_AGE_GROUPS),
  area: z.enum(EDUCATIONAL_AREAS).nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  updatedAt: z.string(),
});
export type DocumentCard = z.infer<typeof DocumentCardSchema>;

export const DocumentListSchema = z.object({
  items: z.array(DocumentCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether the caller writes documents (a methodist): the screens show the editor then. */
  canManage: z.boolean(),
});
export type DocumentList = z.infer<typeof DocumentListSchema>;
export const DocumentListResponseSchema = z.object({ data: DocumentListSchema });

/** At most this many files on a document. */
export const DOCUMENT_MAX_FILES = 20;

export const DocumentFileSchema = z.object({
  /** The stored file's id (a UUID), downloaded through `kindergarten.documentFile`. */
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type DocumentFile = z.infer<typeof DocumentFileSchema>;

export const DocumentDetailSchema = DocumentCardSchema.extend({
  body: Rich,
  files: z.array(DocumentFileSchema),
  /** Both languages, for the editor (readers see `title`, `summary`, `body` of theirs). */
  titles: Both(z.string()),
  summaries: Both(z.string()),
  bodies: Both(Rich),
  canManage: z.boolean(),
});
export type DocumentDetail = z.infer<typeof DocumentDetailSchema>;
export const DocumentDetailResponseSchema = z.object({ data: DocumentDetailSchema });

export const DocumentInputSchema = z.object({
  title: Both(Title),
  summary: Both(Summary),
  body: Both(RichIn),
  ageGroup: z.enum(PRESCHOOL_AGE_GROUPS, { error: 'field_invalid' }),
  area: z.enum(EDUCATIONAL_AREAS, { error: 'field_invalid' }).nullable().default(null),
  status: z.enum(DOCUMENT_STATUSES, { error: 'field_invalid' }),
  /** Stored files (use `kindergarten`) in the order shown; the document's files become these. */
  fileIds: z
    .array(z.uuid({ error: 'field_invalid' }))
    .max(DOCUMENT_MAX_FILES, 'field_too_long')
    .default([]),
});
export type DocumentInput = z.infer<typeof DocumentInputSchema>;

export const DocumentSavedResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });
