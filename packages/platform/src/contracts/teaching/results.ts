import { z } from 'zod';
import { PersonSchema } from './common';

/**
 * Exam results, second pass (issue 20): a teacher's override of an attempt's points with a
 * comment, and re-grading the attempts of a republished draft against its new version.
 */

/** Points 0..the attempt's maximum with a comment; `points: null` takes the override off. */
export const ResultOverrideRequestSchema = z
  .object({
    points: z.number().min(0).max(1000).nullable(),
    comment: z.string().max(2000),
  })
  .strict();

export const RegradeParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** One handed-in attempt of an older version: its points now and against the new version. */
export const RegradeRowSchema = z.object({
  attemptId: z.number().int(),
  scheduleId: z.number().int(),
  lessonDate: z.string(),
  groupName: z.string(),
  student: PersonSchema,
  oldVersion: z.number().int(),
  oldScore: z.number(),
  oldMaxScore: z.number(),
  newScore: z.number(),
  newMaxScore: z.number(),
  /** The teacher's override: it stays the final points whatever the re-grade gives. */
  override: z.number().nullable(),
  /** An open answer still waits for the teacher against the new version. */
  pending: z.boolean(),
  changed: z.boolean(),
});
export type RegradeRow = z.infer<typeof RegradeRowSchema>;

export const RegradePreviewResponseSchema = z.object({
  data: z.object({
    draftId: z.string(),
    title: z.string(),
    /** The published version the attempts would be graded against. */
    version: z.number().int(),
    rows: z.array(RegradeRowSchema),
  }),
});
export type RegradePreview = z.infer<typeof RegradePreviewResponseSchema>['data'];

/** Confirms the re-grade of what the preview of `version` listed. */
export const RegradeConfirmRequestSchema = z
  .object({ version: z.number().int().positive() })
  .strict();
export const RegradeConfirmResponseSchema = z.object({
  data: z.object({
    version: z.number().int(),
    /** How many attempts moved to the version now (0 when it was done before). */
    regraded: z.number().int(),
    rows: z.array(RegradeRowSchema),
  }),
});
