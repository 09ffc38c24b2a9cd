import { z } from 'zod';
import { FileIdsSchema, FileRefSchema, LessonTypeSchema, PersonSchema, TeachingId } from './common';
import { AnswersSchema, ModuleResultSchema } from './schedule';

/**
 * An answer's state: `assigned` (not sent yet), `sent` (waiting for the teacher), `returned`
 * (sent back for rework), `checked` (graded).
 */
export const ANSWER_STATUSES = ['assigned', 'sent', 'returned', 'checked'] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];
export const AnswerStatusSchema = z.enum(ANSWER_STATUSES);

/** Homework grade: the formative scale 1–10. */
export const HOMEWORK_GRADE = { min: 1, max: 10 } as const;

export const HomeworkCreateRequestSchema = z
  .object({
    text: z.string().trim().min(1, 'field_required').max(10_000),
    files: FileIdsSchema.default([]),
    /** A published builder draft as the exercise (optional). */
    draftId: z.string().min(1).max(100).nullable().default(null),
    /** ISO date-time; must be in the future. */
    deadline: z.iso.datetime({ offset: true }),
  })
  .strict();
export type HomeworkCreateRequest = z.input<typeof HomeworkCreateRequestSchema>;

export const HomeworkSchema = z.object({
  id: z.number().int(),
  scheduleId: z.number().int(),
  text: z.string(),
  files: z.array(FileRefSchema),
  exercise: z
    .object({
      draftId: z.string(),
      version: z.number().int(),
      type: LessonTypeSchema,
      title: z.string(),
    })
    .nullable(),
  deadline: z.string(),
  createdAt: z.string(),
  teacher: PersonSchema,
  subject: z.object({ id: z.number().int(), name: z.string() }),
  group: z.object({ id: z.number().int(), name: z.string() }),
  lessonDate: z.string(),
  theme: z.string(),
});
export type Homework = z.infer<typeof HomeworkSchema>;
export const HomeworkResponseSchema = z.object({ data: HomeworkSchema });

/** One homework as a row item (spec §3: date.label, theme.subjectId, assigned.sentAnswers). */
export const HomeworkItemSchema = z.object({
  id: z.number().int(),
  date: z.object({ label: z.string(), value: z.string() }),
  theme: z.object({ subjectId: z.number().int(), subject: z.string(), title: z.string() }),
  assigned: z.object({
    /** Answers sent and waiting for a check (staff) — or whether the student has sent (0/1). */
    sentAnswers: z.number().int(),
    total: z.number().int(),
    checked: z.number().int(),
    /** Student rows: their answer. */
    answerId: z.number().int().nullable(),
  }),
  status: AnswerStatusSchema.nullable(),
  deadline: z.string(),
  group: z.string(),
  text: z.string(),
  grade: z.number().int().nullable(),
});
export type HomeworkItem = z.infer<typeof HomeworkItemSchema>;

/** Rows grouped by deadline day; `dateExpired` is the deadline day's end as unix seconds. */
export const HomeworkRowSchema = z.object({
  dateExpired: z.number().int(),
  items: z.array(HomeworkItemSchema),
});
export type HomeworkRow = z.infer<typeof HomeworkRowSchema>;

export const HomeworkListQuerySchema = z.object({
  /** `true`: fully checked homework; `false`: homework with work to check. Absent: the default. */
  checked: z.enum(['true', 'false']).optional(),
});
export const HomeworkListResponseSchema = z.object({
  data: z.object({
    rows: z.array(HomeworkRowSchema),
    /** The filter applied (spec §4: defaults to on when there are no unchecked sent answers). */
    checked: z.boolean(),
    uncheckedSent: z.number().int(),
  }),
});
export type HomeworkListResponse = z.infer<typeof HomeworkListResponseSchema>;

export const StudentHomeworkListResponseSchema = z.object({
  data: z.object({ rows: z.array(HomeworkRowSchema) }),
});

export const AnswerSchema = z.object({
  id: z.number().int(),
  homeworkId: z.number().int(),
  student: PersonSchema,
  status: AnswerStatusSchema,
  text: z.string(),
  files: z.array(FileRefSchema),
  exerciseAnswers: AnswersSchema.nullable(),
  exerciseResults: z.array(ModuleResultSchema).nullable(),
  exerciseScore: z.number().nullable(),
  exerciseMax: z.number().nullable(),
  grade: z.number().int().nullable(),
  comment: z.string(),
  sentAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type Answer = z.infer<typeof AnswerSchema>;

export const HomeworkAnswersResponseSchema = z.object({
  data: z.object({ homework: HomeworkSchema, answers: z.array(AnswerSchema) }),
});
export const AnswerResponseSchema = z.object({
  data: z.object({
    homework: HomeworkSchema,
    answer: AnswerSchema,
    /** The exercise draft for the student to answer (right answers removed). */
    exercise: z.record(z.string(), z.unknown()).nullable(),
  }),
});

export const HomeworkIdParamsSchema = z.object({ homeworkId: TeachingId });
export const AnswerIdParamsSchema = z.object({ answerId: TeachingId });

export const HomeworkCheckRequestSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('check'),
      grade: z.number().int().min(HOMEWORK_GRADE.min).max(HOMEWORK_GRADE.max),
      comment: z.string().trim().max(5000).default(''),
    })
    .strict(),
  z
    .object({
      action: z.literal('return'),
      comment: z.string().trim().min(1, 'field_required').max(5000),
    })
    .strict(),
  /**
   * Issue 20: points for the exercise's open tasks (each 0..its maximum), the total follows; the
   * answer keeps its status and grade.
   */
  z
    .object({
      action: z.literal('score'),
      grades: z
        .array(
          z.object({ moduleId: z.string().min(1).max(100), points: z.number().min(0).max(1000) }),
        )
        .min(1)
        .max(200),
    })
    .strict(),
]);
export type HomeworkCheckRequest = z.input<typeof HomeworkCheckRequestSchema>;

export const HomeworkSubmitRequestSchema = z
  .object({
    text: z.string().trim().max(20_000).default(''),
    files: FileIdsSchema.default([]),
    exerciseAnswers: AnswersSchema.nullable().default(null),
  })
  .strict();
export type HomeworkSubmitRequest = z.input<typeof HomeworkSubmitRequestSchema>;

/** Spec §4: the 'checked' filter defaults to on when there are no unchecked sent answers. */
export function defaultCheckedFilter(uncheckedSent: number): boolean {
  return uncheckedSent === 0;
}
