import { z } from 'zod';
import { dataEnvelope } from '../common';

/**
 * Content catalogues (issue 17, spec §2 catalog/lectures, content/lessons/platform, the exam
 * catalogue): published builder content (lessons, lectures, SOR, SOCh) as it was published — a
 * catalogue item is the frozen snapshot of a published draft version. Contest entries and course
 * modules can point at the same items (draft id + version).
 */
export const CATALOGUE_TYPES = ['lesson', 'customLesson', 'lecture', 'sor', 'soch'] as const;
export type CatalogueType = (typeof CATALOGUE_TYPES)[number];
/** The catalogue's kinds as the screens offer them. */
export const CATALOGUE_KINDS = ['lesson', 'lecture', 'exam'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

export const CATALOGUE_PAGE_SIZE_MAX = 50;

export const CatalogueQuerySchema = z.object({
  q: z.string().max(200, 'field_too_long').optional(),
  kind: z.enum(CATALOGUE_KINDS, { error: 'field_invalid' }).optional(),
  type: z.enum(CATALOGUE_TYPES, { error: 'field_invalid' }).optional(),
  subject: z
    .string()
    .regex(/^[A-Za-z0-9_\-.:~]{1,128}$/, 'field_invalid')
    .optional(),
  parallel: z.coerce
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(0, 'field_invalid')
    .max(12, 'field_invalid')
    .optional(),
  lang: z.enum(['kz', 'ru'], { error: 'field_invalid' }).optional(),
  /** `mine`: my school's items only (the caller's own school, never a school named by the client). */
  school: z.enum(['all', 'mine'], { error: 'field_invalid' }).default('all'),
  page: z.coerce
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(1, 'field_invalid')
    .max(100_000, 'field_invalid')
    .default(1),
  perPage: z.coerce
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(1, 'field_invalid')
    .max(CATALOGUE_PAGE_SIZE_MAX, 'field_invalid')
    .default(20),
});
export type CatalogueQuery = z.input<typeof CatalogueQuerySchema>;

export const CatalogueItemSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  type: z.string(),
  title: z.string(),
  summary: z.string(),
  lang: z.string().nullable(),
  subject: z.string().nullable(),
  subjectName: z.string().nullable(),
  parallel: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  authorName: z.string(),
  publishedAt: z.string(),
  /**
   * A SOR/SOCh of another school still in use (issue 28): when the last lesson window of it (or
   * of a copy of it) closes, ISO. Until then its keys are hidden and it cannot be copied or
   * attached; null when it is free (or the caller's own school's).
   */
  inUseUntil: z.string().nullable(),
});
export type CatalogueItem = z.infer<typeof CatalogueItemSchema>;

export const CatalogueListResponseSchema = dataEnvelope(
  z.object({
    items: z.array(CatalogueItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
    subjects: z.array(z.object({ code: z.string(), name: z.string() })),
    /** Whether the caller may copy items into their drafts. */
    canCopy: z.boolean(),
  }),
);
export type CatalogueList = z.infer<typeof CatalogueListResponseSchema>['data'];

export const CatalogueParamsSchema = z.object({
  draftId: z.string().regex(/^[A-Za-z0-9_\-.:~]{1,128}$/),
});

export const CatalogueDetailResponseSchema = dataEnvelope(
  z.object({
    item: CatalogueItemSchema,
    draft: z.record(z.string(), z.unknown()),
    /** The snapshot comes without its keys (an exam of another school still in use). */
    keysHidden: z.boolean(),
  }),
);

export const CatalogueCopyResponseSchema = dataEnvelope(
  z.object({
    id: z.string(),
    type: z.string(),
    title: z.string(),
    originDraftId: z.string(),
    originVersion: z.number().int(),
  }),
);
export type CatalogueCopy = z.infer<typeof CatalogueCopyResponseSchema>['data'];

/** Attaching a catalogue item to one of the caller's lessons (POST …/{draftId}/attach). */
export const CatalogueAttachRequestSchema = z.object({
  scheduleId: z.number().int().positive().max(2_147_483_647),
});
export const CatalogueAttachResponseSchema = dataEnvelope(
  z.object({
    scheduleId: z.number().int(),
    /** The caller's own copy that the lesson now carries (it names the catalogue item). */
    draftId: z.string(),
    type: z.string(),
    title: z.string(),
    version: z.number().int(),
  }),
);
export type CatalogueAttach = z.infer<typeof CatalogueAttachResponseSchema>['data'];

export const CatalogueOriginResponseSchema = dataEnvelope(
  z.object({
    origin: z
      .object({ draftId: z.string(), version: z.number().int(), title: z.string() })
      .nullable(),
  }),
);
