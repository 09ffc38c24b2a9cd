import { z } from 'zod';
import { TeachingId } from './common';
import { ASSESSMENT_KINDS, QuarterResultSchema } from './journal';

/**
 * The pupil's diary (issue 20): their own marks of one quarter by subject, their SOR/SOCh points,
 * their checked homework, and the quarter result exactly as the journal computes it for them (on
 * their subgroup's page in a split subject).
 */
export const DiaryQuerySchema = z.object({
  /** A period of the pupil's school; default: X-Quarter, else the current one. */
  periodId: TeachingId.optional(),
});

const DiaryPeriodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  quarter: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  isCurrent: z.boolean(),
});

export const DiarySubjectSchema = z.object({
  subject: z.object({ id: z.number().int(), name: z.string() }),
  /** The pupil's subgroup in a split subject. */
  subgroup: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Journal cells with a mark or an absence, by date; `homework`: the mark came from a homework. */
  marks: z.array(
    z.object({
      lessonId: z.number().int(),
      date: z.string(),
      mark: z.number().int().nullable(),
      absent: z.boolean(),
      homework: z.boolean(),
    }),
  ),
  /** The quarter's SOR/SOCh of the pupil's page, with their points (null: not marked yet). */
  assessments: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(ASSESSMENT_KINDS),
      title: z.string(),
      date: z.string(),
      maxPoints: z.number().int(),
      points: z.number().nullable(),
    }),
  ),
  /** Checked homework of the quarter's lessons with its grade (1–10). */
  homework: z.array(
    z.object({
      answerId: z.number().int(),
      lessonDate: z.string(),
      text: z.string(),
      grade: z.number().int(),
      exerciseScore: z.number().nullable(),
      exerciseMax: z.number().nullable(),
    }),
  ),
  result: QuarterResultSchema,
});
export type DiarySubject = z.infer<typeof DiarySubjectSchema>;

export const DiaryResponseSchema = z.object({
  data: z.object({
    period: DiaryPeriodSchema,
    periods: z.array(DiaryPeriodSchema),
    subjects: z.array(DiarySubjectSchema),
  }),
});
export type Diary = z.infer<typeof DiaryResponseSchema>['data'];
