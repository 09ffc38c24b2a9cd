import { z } from 'zod';
import { JournalGridSchema } from '../teaching/journal';

/**
 * The school-year transition (issue 13, spec §7 "contingent … upgrade/archive"): a preview of
 * what the transition will do, then one job that does it in one transaction. Every active class
 * moves up a parallel (7А → 8А with its pupils), the 11th classes graduate to the archive with
 * their pupils as leavers (marks kept), the new first classes open and the new school year's
 * quarters exist; it runs once per school year.
 */

/** The parallel whose classes graduate. */
export const GRADUATING_PARALLEL = 11;

const SchoolYear = z.string().regex(/^\d{4}-\d{4}$/, 'field_invalid');

/** A first class to open: its letter (letters only, ≤ 3, as a class's) and study language. */
export const YearNewClassSchema = z.object({
  letter: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .max(3, 'field_too_long')
    .regex(/^[A-Za-zА-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІі]+$/u, 'field_invalid'),
  eduLang: z.number({ error: 'field_required' }).int().positive(),
});
export type YearNewClass = z.infer<typeof YearNewClassSchema>;

/** The preview's body: the first classes to open (none given: the same as this year's). */
export const YearPreviewRequestSchema = z
  .object({ newClasses: z.array(YearNewClassSchema).max(20, 'field_too_long').optional() })
  .meta({ id: 'YearPreviewRequest' });
export type YearPreviewRequest = z.infer<typeof YearPreviewRequestSchema>;

/** The start's body: the year the preview was made from (a stale preview is refused, 409). */
export const YearTransitionRequestSchema = z
  .object({
    fromYear: SchoolYear,
    newClasses: z.array(YearNewClassSchema).max(20, 'field_too_long'),
  })
  .meta({ id: 'YearTransitionRequest' });
export type YearTransitionRequest = z.infer<typeof YearTransitionRequestSchema>;

const Move = z.object({
  groupId: z.number().int(),
  from: z.string(),
  to: z.string(),
  pupils: z.number().int(),
});
const Graduate = z.object({
  groupId: z.number().int(),
  name: z.string(),
  pupils: z.number().int(),
});
const Opening = z.object({
  name: z.string(),
  letter: z.string(),
  eduLang: z.object({ id: z.number().int(), name: z.string() }),
});
const Quarter = z.object({
  quarter: z.number().int(),
  start: z.string(),
  end: z.string(),
  /** Already in the school's calendar (made in the school settings); else made by the transition. */
  exists: z.boolean(),
});

export const YEAR_CONFLICTS = ['new_class_taken', 'new_class_repeated', 'lang_unknown'] as const;
export type YearConflictCode = (typeof YEAR_CONFLICTS)[number];

export const YearPreviewSchema = z.object({
  fromYear: z.string(),
  toYear: z.string(),
  /**
   * ready: it may run; done: this year's transition has run (`doneAt`); waiting: the school's
   * current year has not begun yet (`opensOn`), so there is nothing to move on from.
   */
  state: z.enum(['ready', 'done', 'waiting']),
  doneAt: z.string().nullable(),
  opensOn: z.string().nullable(),
  moves: z.array(Move),
  graduates: z.array(Graduate),
  opens: z.array(Opening),
  periods: z.array(Quarter),
  /** What stops the transition, each named: the screen lists them; the start answers 409. */
  conflicts: z.array(
    z.object({ code: z.enum(YEAR_CONFLICTS), name: z.string(), message: z.string() }),
  ),
  /** The study languages a new class may have. */
  langs: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type YearPreview = z.infer<typeof YearPreviewSchema>;
export const YearPreviewResponseSchema = z
  .object({ data: YearPreviewSchema })
  .meta({ id: 'YearPreview' });

/** What the transition did: the preview's lists as they happened. */
export const YearTransitionResultSchema = z.object({
  fromYear: z.string(),
  toYear: z.string(),
  moved: z.array(Move),
  graduated: z.array(Graduate),
  leavers: z.number().int(),
  opened: z.array(z.object({ groupId: z.number().int(), name: z.string() })),
  periodsCreated: z.number().int(),
});
export type YearTransitionResult = z.infer<typeof YearTransitionResultSchema>;

/** GET backoffice/archive/:groupId/journal/:subjectId: the archived class's journal of its year. */
export const ArchiveJournalParamsSchema = z.object({
  groupId: z.coerce.number().int().positive().max(2_147_483_647),
  subjectId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ArchiveJournalQuerySchema = z.object({
  periodId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** A subgroup's page of a split subject (its members; whole-class work shows too). */
  subgroupId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const ArchiveJournalResponseSchema = z
  .object({
    data: z.object({
      /** The school year the class finished. */
      schoolYear: z.string(),
      /** That year's quarters, to pick another. */
      periods: z.array(z.object({ id: z.number().int(), name: z.string() })),
      grid: JournalGridSchema,
    }),
  })
  .meta({ id: 'ArchiveJournal' });
export type ArchiveJournal = z.infer<typeof ArchiveJournalResponseSchema>['data'];
