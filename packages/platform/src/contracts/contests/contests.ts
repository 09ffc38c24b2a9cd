import { z } from 'zod';
import { IdParam } from '../common';

/**
 * Contests of teachers' builder content (issue 17; spec §2 contest/list, contest/{contestId};
 * §3 contest filters: subject, parallel, school, lessonType, language, type, page). A contest
 * takes published content of one type; teachers enter their own while it is open, a jury of
 * methodists scores each entry by the contest's criteria once entries close, and the results
 * (the mean of the jurors' totals, places) are published.
 */

export const CONTEST_TYPES = ['best-lesson', 'innovation', 'digital-resource'] as const;
export type ContestType = (typeof CONTEST_TYPES)[number];
export const CONTEST_LESSON_TYPES = ['lesson', 'lecture', 'sor', 'soch'] as const;
export type ContestLessonType = (typeof CONTEST_LESSON_TYPES)[number];
export const CONTEST_STAGES = ['upcoming', 'open', 'judging', 'finished'] as const;
export type ContestStage = (typeof CONTEST_STAGES)[number];

/** The longest jury comment kept. */
export const CONTEST_COMMENT_MAX = 2000;

export const ContestParamsSchema = z.object({ contestId: IdParam });
export const ContestEntryParamsSchema = z.object({ contestId: IdParam, entryId: IdParam });

export const ContestListQuerySchema = z.object({
  subject: z.string().max(40).optional(),
  parallel: z.coerce.number().int().min(0).max(12).optional(),
  /** Contests with an entry from this school. */
  school: IdParam.optional(),
  lessonType: z.enum(CONTEST_LESSON_TYPES).optional(),
  language: z.enum(['kz', 'ru']).optional(),
  type: z.enum(CONTEST_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ContestListQuery = z.infer<typeof ContestListQuerySchema>;

const named = { id: z.number().int(), name: z.string() };

export const ContestSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  type: z.enum(CONTEST_TYPES),
  lessonType: z.enum(CONTEST_LESSON_TYPES),
  language: z.enum(['kz', 'ru']).nullable(),
  subject: z.object({ code: z.string(), name: z.string() }).nullable(),
  parallels: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
  startsOn: z.string(),
  submitUntil: z.string(),
  resultsOn: z.string(),
  stage: z.enum(CONTEST_STAGES),
  entries: z.number().int(),
});
export type ContestSummary = z.infer<typeof ContestSummarySchema>;

export const ContestListResponseSchema = z.object({
  data: z.object({
    items: z.array(ContestSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** The filter choices (subjects of the contests, schools with entries). */
    subjects: z.array(z.object({ code: z.string(), name: z.string() })),
    schools: z.array(z.object(named)),
  }),
});
export type ContestList = z.infer<typeof ContestListResponseSchema>['data'];

export const ContestCriterionSchema = z.object({
  id: z.string(),
  name: z.string(),
  max: z.number().int(),
});

export const ContestEntrySchema = z.object({
  id: z.number().int(),
  draftId: z.string(),
  title: z.string(),
  author: z.string(),
  school: z.string(),
  submittedAt: z.string(),
  mine: z.boolean(),
  /** After the results are published: the mean of the jurors' totals and the place. */
  score: z.number().nullable(),
  place: z.number().int().nullable(),
});
export type ContestEntry = z.infer<typeof ContestEntrySchema>;

export const ContestDetailSchema = ContestSummarySchema.extend({
  rules: z.array(z.string()),
  criteria: z.array(ContestCriterionSchema),
  entries: z.number().int(),
  list: z.array(ContestEntrySchema),
  resultsPublished: z.boolean(),
  /** For a signed-in teacher while the contest is open: their published content it takes. */
  canEnter: z.boolean(),
  eligible: z.array(z.object({ draftId: z.string(), title: z.string() })),
  /** The caller is on the jury (a methodist). */
  jury: z.boolean(),
});
export type ContestDetail = z.infer<typeof ContestDetailSchema>;
export const ContestDetailResponseSchema = z.object({ data: ContestDetailSchema });

export const ContestEnterSchema = z.object({ draftId: z.string().min(1).max(64) });

export const ContestScoreInputSchema = z.object({
  criteria: z
    .array(z.object({ id: z.string().max(40), points: z.number().int().min(0).max(100) }))
    .max(20),
  comment: z.string().trim().max(CONTEST_COMMENT_MAX).default(''),
});
export type ContestScoreInput = z.infer<typeof ContestScoreInputSchema>;

export const ContestJuryEntrySchema = z.object({
  id: z.number().int(),
  draftId: z.string(),
  title: z.string(),
  author: z.string(),
  school: z.string(),
  /** The caller's own score, null before they scored. */
  mine: z
    .object({
      criteria: z.array(z.object({ id: z.string(), points: z.number().int() })),
      comment: z.string(),
      total: z.number(),
    })
    .nullable(),
  jurors: z.number().int(),
  mean: z.number().nullable(),
});
export type ContestJuryEntry = z.infer<typeof ContestJuryEntrySchema>;
export const ContestJuryResponseSchema = z.object({
  data: z.object({
    stage: z.enum(CONTEST_STAGES),
    criteria: z.array(ContestCriterionSchema),
    entries: z.array(ContestJuryEntrySchema),
    /** Every entry has a score and entries are closed. */
    canPublish: z.boolean(),
  }),
});
export type ContestJury = z.infer<typeof ContestJuryResponseSchema>['data'];

export const ContestEntriesQuerySchema = z.object({
  contestId: IdParam.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ContestCatalogueItemSchema = z.object({
  entryId: z.number().int(),
  draftId: z.string(),
  title: z.string(),
  lessonType: z.enum(CONTEST_LESSON_TYPES),
  author: z.string(),
  school: z.string(),
  contest: z.object({ id: z.number().int(), title: z.string() }),
  stage: z.enum(CONTEST_STAGES),
  /** Once the contest's results are published. */
  place: z.number().int().nullable(),
});
export type ContestCatalogueItem = z.infer<typeof ContestCatalogueItemSchema>;
export const ContestEntriesResponseSchema = z.object({
  data: z.object({
    items: z.array(ContestCatalogueItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    contests: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
});
export type ContestEntries = z.infer<typeof ContestEntriesResponseSchema>['data'];
