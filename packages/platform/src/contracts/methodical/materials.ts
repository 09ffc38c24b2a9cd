import { z } from 'zod';
import {
  RichBodyIn,
  RichBodyOut,
  RichSummary,
  RichTitle,
  inBothLanguages,
} from '../rich-document-fields';

/**
 * The methodical cabinet (issue 17, spec §2 `methodical_cabinet`, flag `methodical-cabinet`): a
 * platform library of methodical materials for teachers by subject — kz/ru title, summary and
 * rich-text body (the builder's ProseMirror JSON, never HTML), a subject, a parallel range or all
 * parallels, a kind, attached files (the file service's use `methodical`), draft or published.
 * The methodist writes them; a school's staff read the published ones.
 */

export const METHODICAL_KINDS = [
  'recommendation',
  'lesson-plan',
  'presentation',
  'assessment',
  'worksheet',
] as const;
export type MethodicalKind = (typeof METHODICAL_KINDS)[number];

export const METHODICAL_KIND_LABELS: Record<MethodicalKind, { kz: string; ru: string }> = {
  recommendation: { kz: 'Әдістемелік ұсыным', ru: 'Методическая рекомендация' },
  'lesson-plan': { kz: 'Сабақ жоспары', ru: 'План урока' },
  presentation: { kz: 'Презентация', ru: 'Презентация' },
  assessment: { kz: 'Бағалау материалдары', ru: 'Материалы для оценивания' },
  worksheet: { kz: 'Жұмыс парағы', ru: 'Рабочий лист' },
};

export const METHODICAL_STATUSES = ['draft', 'published'] as const;
export type MethodicalStatus = (typeof METHODICAL_STATUSES)[number];

/** Materials on one page of the list. */
export const METHODICAL_PAGE_SIZE = 12;
/** Files one material may carry. */
export const METHODICAL_MAX_FILES = 10;

const RichIn = RichBodyIn;
const Rich = RichBodyOut;
const Title = RichTitle;
const Summary = RichSummary;
const Both = inBothLanguages;
const Id = z.coerce
  .number({ error: 'field_invalid' })
  .int('field_invalid')
  .min(1)
  .max(2_147_483_647);
const Parallel = z.coerce
  .number({ error: 'field_invalid' })
  .int('field_invalid')
  .min(1, 'field_invalid')
  .max(11, 'field_invalid');

export const MethodicalParamsSchema = z.object({ materialId: Id });

export const MethodicalFileParamsSchema = z.object({
  materialId: Id,
  fileId: z.uuid({ error: 'field_invalid' }),
});

export const MethodicalListQuerySchema = z.object({
  subject: Id.optional(),
  kind: z.enum(METHODICAL_KINDS, { error: 'field_invalid' }).optional(),
  /** A parallel (1–11): materials whose range holds it, and those for all parallels. */
  parallel: Parallel.optional(),
  /** Words in kz or ru; Kazakh and Russian endings are stemmed (мектептегі finds мектеп). */
  q: z.string().trim().max(100, 'field_too_long').optional(),
  page: z.coerce
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(1, 'field_invalid')
    .max(100_000, 'field_invalid')
    .default(1),
});
export type MethodicalListQuery = z.infer<typeof MethodicalListQuerySchema>;

const SubjectSchema = z.object({ id: z.number().int(), name: z.string() });

export const MethodicalCardSchema = z.object({
  id: z.number().int(),
  /** In the reader's language. */
  title: z.string(),
  summary: z.string(),
  subject: SubjectSchema,
  /** Both null: for every parallel. */
  parallelFrom: z.number().int().nullable(),
  parallelTo: z.number().int().nullable(),
  kind: z.enum(METHODICAL_KINDS),
  status: z.enum(METHODICAL_STATUSES),
  author: z.string(),
  fileCount: z.number().int(),
  updatedAt: z.string(),
});
export type MethodicalCard = z.infer<typeof MethodicalCardSchema>;

export const MethodicalListSchema = z.object({
  items: z.array(MethodicalCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The platform's subjects, for the filter and the editor. */
  subjects: z.array(SubjectSchema),
  /** Whether the caller writes materials (the methodist): drafts are listed, the editor shown. */
  canManage: z.boolean(),
});
export type MethodicalList = z.infer<typeof MethodicalListSchema>;
export const MethodicalListResponseSchema = z.object({ data: MethodicalListSchema });

export const MethodicalFileSchema = z.object({
  /** The stored file's id (a UUID), downloaded through `methodical.file`. */
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type MethodicalFile = z.infer<typeof MethodicalFileSchema>;

export const MethodicalDetailSchema = MethodicalCardSchema.extend({
  body: Rich,
  /** Both languages, for the editor (readers use `title`, `summary`, `body`). */
  titles: Both(z.string()),
  summaries: Both(z.string()),
  bodies: Both(Rich),
  files: z.array(MethodicalFileSchema),
  canManage: z.boolean(),
});
export type MethodicalDetail = z.infer<typeof MethodicalDetailSchema>;
export const MethodicalDetailResponseSchema = z.object({ data: MethodicalDetailSchema });

export const MethodicalInputSchema = z
  .object({
    title: Both(Title),
    summary: Both(Summary),
    body: Both(RichIn),
    subjectId: Id,
    parallelFrom: Parallel.nullable().default(null),
    parallelTo: Parallel.nullable().default(null),
    kind: z.enum(METHODICAL_KINDS, { error: 'field_invalid' }),
    status: z.enum(METHODICAL_STATUSES, { error: 'field_invalid' }),
    /** Stored ids of the methodist's uploads of use `methodical`, in the order shown. */
    fileIds: z
      .array(z.uuid({ error: 'field_invalid' }))
      .max(METHODICAL_MAX_FILES, 'field_too_long')
      .default([]),
  })
  .superRefine((input, ctx) => {
    const { parallelFrom: from, parallelTo: to } = input;
    if ((from === null) !== (to === null) || (from !== null && to !== null && from > to))
      ctx.addIssue({ code: 'custom', path: ['parallelTo'], message: 'field_invalid' });
  });
export type MethodicalInput = z.infer<typeof MethodicalInputSchema>;

export const MethodicalSavedResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });
