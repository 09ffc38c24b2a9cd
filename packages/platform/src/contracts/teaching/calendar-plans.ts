import { z } from 'zod';
import { IsoDateSchema, PersonSchema, TeachingId } from './common';
import { AttemptSchema, LessonSchema } from './schedule';

/**
 * Calendar plans (KTP, «күнтізбелік-тақырыптық жоспар» / «календарно-тематический план»): a group
 * × subject × school year with its ordered lessons (number, topic, hours, quarter, planned date)
 * and the builder content linked to each: one draft per kind (lecture, lesson, SOR, SOCh).
 */
export const CALENDAR_PLAN_PRODUCTS = ['lecture', 'lesson', 'sor', 'soch'] as const;
export const CalendarPlanProductSchema = z.enum(CALENDAR_PLAN_PRODUCTS);
export type CalendarPlanProduct = z.infer<typeof CalendarPlanProductSchema>;

const Ref = z.object({ id: z.number().int(), name: z.string() });

export const CalendarPlanGroupsResponseSchema = z.object({
  data: z.array(
    Ref.extend({
      /** Plans of the group the user may open. */
      plans: z.number().int(),
    }),
  ),
});
export type CalendarPlanGroups = z.infer<typeof CalendarPlanGroupsResponseSchema>['data'];

export const CalendarPlansQuerySchema = z.object({ groupId: TeachingId });

export const CalendarPlanSummarySchema = z.object({
  id: z.number().int(),
  group: Ref,
  subject: Ref,
  schoolYear: z.string(),
  /** Who teaches the subject in the group (first teacher of its slots), if anyone. */
  teacher: PersonSchema.nullable(),
  lessonCount: z.number().int(),
  hours: z.number().int(),
  /** Plan lessons with at least one linked draft. */
  linked: z.number().int(),
  /** Whether the user may link content and create lectures (subject teacher, class lead, management). */
  canManage: z.boolean(),
});
export type CalendarPlanSummary = z.infer<typeof CalendarPlanSummarySchema>;

export const CalendarPlansResponseSchema = z.object({
  data: z.object({
    group: Ref,
    plans: z.array(CalendarPlanSummarySchema),
    /** The current school year (new plans are made for it), null when the school has no periods. */
    schoolYear: z.string().nullable(),
    /** Subjects of the group this school year without a plan that the user may create. */
    available: z.array(Ref),
  }),
});

export const CalendarPlanIdParamsSchema = z.object({ calendarPlanId: TeachingId });

export const CalendarPlanContentSchema = z.object({
  kind: CalendarPlanProductSchema,
  draftId: z.string(),
  title: z.string(),
  status: z.enum(['draft', 'published']),
  ownerId: z.number().int(),
});
export type CalendarPlanContent = z.infer<typeof CalendarPlanContentSchema>;

/** A dated lesson (scheduleId) the plan lesson falls on: the n-th lesson of the subject in the year. */
export const CalendarPlanDatedLessonSchema = z.object({
  scheduleId: z.number().int(),
  date: z.string(),
  subgroup: Ref.nullable(),
  /** The draft the dated lesson carries (what students take in class), if any. */
  contentDraftId: z.string().nullable(),
});

export const CalendarPlanLessonSchema = z.object({
  uuid: z.string(),
  number: z.number().int(),
  topic: z.string(),
  hours: z.number().int(),
  quarter: z.number().int(),
  /** The planned date, else the date of its first dated lesson, else null. */
  date: z.string().nullable(),
  /** The planned date the plan itself sets (what the editor edits and the .xlsx carries). */
  plannedDate: z.string().nullable(),
  content: z.array(CalendarPlanContentSchema),
  lessons: z.array(CalendarPlanDatedLessonSchema),
});
export type CalendarPlanLesson = z.infer<typeof CalendarPlanLessonSchema>;

export const CalendarPlanResponseSchema = z.object({
  data: z.object({ plan: CalendarPlanSummarySchema, lessons: z.array(CalendarPlanLessonSchema) }),
});
export type CalendarPlanData = z.infer<typeof CalendarPlanResponseSchema>['data'];

export const CalendarPlanLessonParamsSchema = z.object({
  calendarPlanLessonUUID: z.string().uuid(),
});

export const CalendarPlanAnswerRowSchema = z.object({
  answerId: z.number().int(),
  scheduleId: z.number().int(),
  date: z.string(),
  student: PersonSchema,
  score: z.number(),
  maxScore: z.number(),
  percent: z.number(),
  pending: z.boolean(),
  finishedAt: z.string().nullable(),
});
export type CalendarPlanAnswerRow = z.infer<typeof CalendarPlanAnswerRowSchema>;

export const CalendarPlanLessonResponseSchema = z.object({
  data: z.object({
    plan: CalendarPlanSummarySchema,
    lesson: CalendarPlanLessonSchema,
    /**
     * The engine drafts of the linked content: staff get each draft as it is now (with right
     * answers); students only a published lecture, without right answers.
     */
    documents: z.array(
      z.object({ kind: CalendarPlanProductSchema, draft: z.record(z.string(), z.unknown()) }),
    ),
    /** Staff: students' answers to the linked lecture in the dated lessons; students: empty. */
    answers: z.array(CalendarPlanAnswerRowSchema),
  }),
});
export type CalendarPlanLessonData = z.infer<typeof CalendarPlanLessonResponseSchema>['data'];

export const CalendarPlanContentRequestSchema = z
  .object({
    kind: CalendarPlanProductSchema,
    /** A draft of that kind (published, or the user's own), or null to unlink. */
    draftId: z.string().min(1).max(100).nullable(),
  })
  .strict();
export type CalendarPlanContentRequest = z.infer<typeof CalendarPlanContentRequestSchema>;

export const CalendarPlanLectureRequestSchema = z
  .object({
    /** Create a new lecture even when one is linked (the old draft is kept, only unlinked). */
    replace: z.boolean().default(false),
  })
  .strict();

export const CalendarPlanLectureResponseSchema = z.object({
  data: z.object({
    lectureId: z.string(),
    /** false: the lecture already linked was returned. */
    created: z.boolean(),
    lesson: CalendarPlanLessonSchema,
  }),
});

export const CalendarPlanAnswerParamsSchema = z.object({
  scheduleId: TeachingId,
  answerId: TeachingId,
});

export const CalendarPlanAnswerResponseSchema = z.object({
  data: z.object({
    lesson: LessonSchema,
    plan: CalendarPlanSummarySchema.nullable(),
    ktpLesson: CalendarPlanLessonSchema.nullable(),
    student: PersonSchema,
    draft: z.record(z.string(), z.unknown()),
    attempt: AttemptSchema,
    comment: z.string(),
  }),
});
export type CalendarPlanAnswerData = z.infer<typeof CalendarPlanAnswerResponseSchema>['data'];

export const CalendarPlanAnswerUpdateSchema = z
  .object({
    /** Points for open answers (modules the teacher grades). */
    grades: z
      .array(
        z.object({ moduleId: z.string().min(1).max(100), points: z.number().min(0).max(1000) }),
      )
      .max(200)
      .default([]),
    comment: z.string().trim().max(2000).optional(),
  })
  .strict();
export type CalendarPlanAnswerUpdate = z.input<typeof CalendarPlanAnswerUpdateSchema>;

export const LessonCalendarPlanResponseSchema = z.object({
  data: z.object({ plan: CalendarPlanSummarySchema, lesson: CalendarPlanLessonSchema }).nullable(),
});

// --- editing plans ----------------------------------------------------------------------------

/** Hours of one plan lesson when edited or imported (the demo seed may have written more). */
export const PLAN_LESSON_MAX_HOURS = 10;
export const PLAN_TOPIC_MAX = 500;

export const CalendarPlanCreateRequestSchema = z
  .object({
    groupId: z.number().int().positive(),
    subjectId: z.number().int().positive(),
    /** Defaults to the current school year. */
    schoolYear: z
      .string()
      .regex(/^\d{4}-\d{4}$/)
      .optional(),
  })
  .strict();
export type CalendarPlanCreateRequest = z.infer<typeof CalendarPlanCreateRequestSchema>;

export const CalendarPlanLessonFieldsSchema = z.object({
  topic: z.string().trim().min(1).max(PLAN_TOPIC_MAX),
  hours: z.number().int().min(1).max(PLAN_LESSON_MAX_HOURS),
  quarter: z.number().int().min(1).max(4),
  /** Planned date within the plan's school year, or null (then the first dated lesson's date). */
  date: IsoDateSchema.nullable(),
});
export type CalendarPlanLessonFields = z.infer<typeof CalendarPlanLessonFieldsSchema>;

export const CalendarPlanLessonCreateSchema = CalendarPlanLessonFieldsSchema.extend({
  date: IsoDateSchema.nullable().default(null),
  /** 1-based place in the plan; the end when omitted or past it. */
  position: z.number().int().min(1).optional(),
}).strict();
export type CalendarPlanLessonCreate = z.input<typeof CalendarPlanLessonCreateSchema>;

export const CalendarPlanLessonUpdateSchema = CalendarPlanLessonFieldsSchema.partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'empty');
export type CalendarPlanLessonUpdate = z.infer<typeof CalendarPlanLessonUpdateSchema>;

export const CalendarPlanLessonMoveSchema = z
  .object({
    /** The 1-based place the lesson moves to (past the end: the last place). */
    position: z.number().int().min(1),
  })
  .strict();

/**
 * Bulk replace: rows «№ | Тақырып/Тема | Сағат/Часы | Тоқсан/Четверть | Күні/Дата» either pasted
 * (`text`: one row a line, cells split by tabs, `|` or `;`) or as an .xlsx (`xlsx`, base64, first
 * sheet). A header row is skipped. Row n keeps the uuid and linked materials of the plan lesson
 * now numbered n.
 */
export const CalendarPlanImportSchema = z.union([
  z.object({ text: z.string().max(200_000) }).strict(),
  z.object({ xlsx: z.string().min(1).max(7_000_000) }).strict(),
  // An .xlsx sent to the file service first (use `ktp`, streamed, type from content).
  z.object({ fileId: z.uuid() }).strict(),
]);
export type CalendarPlanImport = z.infer<typeof CalendarPlanImportSchema>;

export const CalendarPlanDeletedResponseSchema = z.object({
  data: z.object({ deleted: z.literal(true) }),
});
