import { z } from 'zod';
import { IsoDateSchema, LessonTypeSchema, PersonSchema, TeachingId } from './common';

/** Bells: two shifts, lessons of the spec's default 40 minutes (§9) with breaks between. */
export const SHIFTS = [1, 2] as const;
export type Shift = (typeof SHIFTS)[number];

export const WeekQuerySchema = z.object({
  /** Any day of the wanted week; default: today, or the first day of the X-Quarter period. */
  date: IsoDateSchema.optional(),
  /** Management may look at any group of the school; teachers default to their own lessons. */
  groupId: TeachingId.optional(),
});
export type WeekQuery = z.infer<typeof WeekQuerySchema>;

export const LessonContentRefSchema = z.object({
  draftId: z.string(),
  type: LessonTypeSchema,
  title: z.string(),
  /** The draft version the lesson is pinned to. */
  version: z.number().int(),
});
export type LessonContentRef = z.infer<typeof LessonContentRefSchema>;

export const LessonSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  number: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  shift: z.number().int(),
  group: z.object({ id: z.number().int(), name: z.string() }),
  subgroup: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  subject: z.object({ id: z.number().int(), name: z.string() }),
  teacher: PersonSchema.nullable(),
  theme: z.string(),
  content: LessonContentRefSchema.nullable(),
  homeworkCount: z.number().int(),
});
export type Lesson = z.infer<typeof LessonSchema>;

export const WeekRangeSchema = z.object({ start: z.string(), end: z.string() });

export const WeekResponseSchema = z.object({
  data: z.object({
    quarter: z.number().int(),
    period: z
      .object({
        id: z.number().int(),
        name: z.string(),
        startDate: z.string(),
        endDate: z.string(),
      })
      .nullable(),
    selectedDate: z.string(),
    days: z.array(
      z.object({ date: z.string(), weekday: z.number().int(), lessons: z.array(LessonSchema) }),
    ),
    weeks: z.object({ prev: WeekRangeSchema, current: WeekRangeSchema, next: WeekRangeSchema }),
    /** Groups the user may switch between (management); empty for others. */
    groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
    groupId: z.number().int().nullable(),
  }),
});
export type WeekResponse = z.infer<typeof WeekResponseSchema>;

/**
 * When a lesson's work may be handed in (issue 12): by default the lesson's own bell times
 * (Kazakhstan time), or the window the teacher set. Right answers reach pupils only when the
 * window is over for the whole class and the teacher chose to show them (`showKeys`).
 */
export const EXAM_WINDOW_STATES = ['before', 'open', 'closed'] as const;
export const ExamWindowSchema = z.object({
  opensAt: z.string(),
  closesAt: z.string(),
  /** true: the teacher set the window; false: the lesson's bell times. */
  custom: z.boolean(),
  state: z.enum(EXAM_WINDOW_STATES),
  /** The teacher's choice to show pupils the right answers once the window is over. */
  showKeys: z.boolean(),
  /**
   * Minutes after a pupil's deadline during which a hand-in (or answers saved on a device while
   * the link was down) still counts, judged by the server's arrival time (issue 31; default 5).
   */
  graceMinutes: z.number().int(),
});
export type ExamWindow = z.infer<typeof ExamWindowSchema>;

export const ScheduleIdParamsSchema = z.object({ scheduleId: TeachingId });

export const LessonResponseSchema = z.object({
  data: z.object({
    lesson: LessonSchema,
    /** Whether the user teaches (or manages) this lesson: staff tabs. */
    canManage: z.boolean(),
    /** The window of the lesson's SOR/SOCh (null when no exam is on the lesson). */
    examWindow: ExamWindowSchema.nullable(),
    homework: z.array(
      z.object({
        id: z.number().int(),
        text: z.string(),
        deadline: z.string(),
        /** Student: their answer id; staff: null. */
        answerId: z.number().int().nullable(),
      }),
    ),
  }),
});

export const LessonUpdateRequestSchema = z
  .object({
    theme: z.string().trim().max(300).optional(),
    /** A published draft id to attach, or null to detach. */
    draftId: z.string().min(1).max(100).nullable().optional(),
  })
  .strict();
export type LessonUpdateRequest = z.infer<typeof LessonUpdateRequestSchema>;

export const ATTENDANCE = ['present', 'absent'] as const;
export const AttendanceResponseSchema = z.object({
  data: z.array(
    z.object({ student: PersonSchema, status: z.enum(ATTENDANCE), online: z.boolean() }),
  ),
});
export const AttendanceSetRequestSchema = z
  .object({ userId: TeachingId, status: z.enum(ATTENDANCE) })
  .strict();

export const MODULE_RESULT_STATUS = ['right', 'partial', 'wrong', 'unanswered', 'pending'] as const;
export type ModuleResultStatus = (typeof MODULE_RESULT_STATUS)[number];

export const ModuleResultSchema = z.object({
  moduleId: z.string(),
  number: z.number().int().nullable(),
  title: z.string(),
  kind: z.enum(['select', 'choice', 'connection', 'open']),
  /** null while a teacher has not graded an open answer. */
  points: z.number().nullable(),
  max: z.number(),
  status: z.enum(MODULE_RESULT_STATUS),
});
export type ModuleResult = z.infer<typeof ModuleResultSchema>;

/** A student's answer to one module. */
export const ModuleAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('select'), optionId: z.string().max(100) }),
  z.object({ kind: z.literal('choice'), optionIds: z.array(z.string().max(100)).max(200) }),
  z.object({
    kind: z.literal('connection'),
    links: z.array(z.object({ left: z.string().max(100), right: z.string().max(100) })).max(1000),
  }),
  z.object({ kind: z.literal('open'), text: z.string().max(20_000) }),
]);
export type ModuleAnswer = z.infer<typeof ModuleAnswerSchema>;
export const AnswersSchema = z.record(z.string().max(100), ModuleAnswerSchema);
export type Answers = z.infer<typeof AnswersSchema>;

/**
 * A teacher's override of an attempt's points (issue 20): the final points with the required
 * comment; `computedScore` is the automatic score kept beside it (null where the audience sees
 * only the total).
 */
export const ResultOverrideSchema = z.object({
  points: z.number(),
  comment: z.string(),
  computedScore: z.number().nullable(),
  at: z.string(),
});
export type ResultOverride = z.infer<typeof ResultOverrideSchema>;

export const AttemptSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  draftId: z.string(),
  version: z.number().int(),
  answers: AnswersSchema,
  results: z.array(ModuleResultSchema),
  score: z.number(),
  maxScore: z.number(),
  /** Percentage of the maximum, 0–100. */
  percent: z.number(),
  pending: z.boolean(),
  finishedAt: z.string().nullable(),
  /** The teacher's override; `score` and `percent` are then the override's (issue 20). */
  override: ResultOverrideSchema.nullable().optional(),
});
export type Attempt = z.infer<typeof AttemptSchema>;

/**
 * How much of a SOR/SOCh result its pupil sees (issue 12): `handedIn` — that the work was
 * handed in and when, nothing that could tell a classmate the keys (no points, no per-task
 * status) while the window is open for the class; `total` — the window is over: the score, not
 * per task; `full` — over and the teacher shows the answers (and always for staff, and for work
 * that is not an exam).
 */
export const RESULTS_SHOWN = ['handedIn', 'total', 'full'] as const;
export type ResultsShown = (typeof RESULTS_SHOWN)[number];
/** An attempt as an exam route answers it: the hidden parts are null. */
export const ExamAttemptSchema = AttemptSchema.extend({
  results: z.array(ModuleResultSchema).nullable(),
  score: z.number().nullable(),
  percent: z.number().nullable(),
  pending: z.boolean().nullable(),
  shown: z.enum(RESULTS_SHOWN),
});
export type ExamAttempt = z.infer<typeof ExamAttemptSchema>;

export const ContentParamsSchema = z.object({
  lessonType: LessonTypeSchema,
  lessonId: z.string().min(1).max(100),
});
export const ContentResponseSchema = z.object({
  data: z.object({
    /** The engine draft (right answers removed for students). */
    draft: z.record(z.string(), z.unknown()),
    version: z.number().int(),
    maxScore: z.number(),
  }),
});

/** An instant with its offset (e.g. 2026-11-18T09:00:00+05:00 or …Z). */
const InstantSchema = z.string().datetime({ offset: true });

/**
 * The teacher sets the lesson's window (both ends together, or both null for the bell times)
 * and/or whether pupils see the right answers once it is over.
 */
export const ExamSettingsRequestSchema = z
  .object({
    opensAt: InstantSchema.nullable().optional(),
    closesAt: InstantSchema.nullable().optional(),
    showKeys: z.boolean().optional(),
    /** 0–30 whole minutes (checked by the server with a kz/ru message). */
    graceMinutes: z.number().optional(),
  })
  .strict();
export type ExamSettingsRequest = z.infer<typeof ExamSettingsRequestSchema>;
export const ExamSettingsResponseSchema = z.object({ data: ExamWindowSchema });

/**
 * A pupil's sitting of a SOR/SOCh on a lesson (issue 20): started once, timed by the draft's
 * duration and never past the lesson's window, answers saved as the pupil goes so a closed tab
 * or a dropped connection resumes with the time that is left. Instants are ISO strings; the
 * server's clock (`serverNow`) comes along so the pupil's countdown does not depend on theirs.
 */
export const ExamSittingSchema = z.object({
  startedAt: z.string(),
  /** When the answers are taken as they are: start + time limit, or the window's close. */
  deadlineAt: z.string(),
  /** The last save (null before the first). */
  savedAt: z.string().nullable(),
  answers: AnswersSchema,
  /** The time limit in minutes (the draft's duration). */
  limitMinutes: z.number().int().positive(),
  serverNow: z.string(),
  /** The teacher's grace after the deadline, in minutes (issue 31). */
  graceMinutes: z.number().int(),
  /** The last instant a hand-in still counts on arrival: the deadline plus the grace. */
  acceptedUntil: z.string(),
});
export type ExamSitting = z.infer<typeof ExamSittingSchema>;

export const ExamParamsSchema = z.object({
  scheduleId: TeachingId,
  userId: TeachingId,
  lessonType: LessonTypeSchema,
  lessonId: z.string().min(1).max(100),
});
export const ExamSubmitParamsSchema = ExamParamsSchema.omit({ userId: true });
export const ExamResponseSchema = z.object({
  data: z.object({
    lesson: LessonSchema,
    student: PersonSchema,
    draft: z.record(z.string(), z.unknown()),
    version: z.number().int(),
    maxScore: z.number(),
    attempt: ExamAttemptSchema.nullable(),
    window: ExamWindowSchema,
    /**
     * A pupil's timed SOR/SOCh sitting (issue 20); null before the start (the draft's pages are
     * then empty: the questions come with the start) and for everything that is not timed.
     */
    sitting: ExamSittingSchema.nullable(),
  }),
});
export const ExamSubmitRequestSchema = z.object({ answers: AnswersSchema }).strict();
export const AttemptResponseSchema = z.object({ data: ExamAttemptSchema });

export const ProgressResponseSchema = z.object({
  data: z.object({
    content: LessonContentRefSchema.nullable(),
    maxScore: z.number(),
    rows: z.array(
      z.object({
        student: PersonSchema,
        attempt: AttemptSchema.nullable(),
      }),
    ),
  }),
});

export const StudentProgressParamsSchema = z.object({
  lessonType: LessonTypeSchema,
  scheduleId: TeachingId,
  lessonId: z.string().min(1).max(100),
  userId: TeachingId,
});
export const GradeModuleRequestSchema = z
  .object({ moduleId: z.string().min(1).max(100), points: z.number().min(0).max(1000) })
  .strict();

export const REFLECTION_MOODS = ['understood', 'partly', 'not_understood'] as const;
export type ReflectionMood = (typeof REFLECTION_MOODS)[number];
export const ReflectionRequestSchema = z
  .object({ mood: z.enum(REFLECTION_MOODS), text: z.string().trim().max(1000).default('') })
  .strict();
export const ReflectionSchema = z.object({
  student: PersonSchema,
  mood: z.enum(REFLECTION_MOODS),
  text: z.string(),
  at: z.string(),
});
export type Reflection = z.infer<typeof ReflectionSchema>;
export const ReflectionsResponseSchema = z.object({ data: z.array(ReflectionSchema) });

export const PublishedContentResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      type: LessonTypeSchema,
      title: z.string(),
      version: z.number().int(),
      lang: z.string().nullable(),
    }),
  ),
});

/**
 * Lesson sync over `/ws/lesson/{scheduleId}` (spec §3 "lesson sync"): the server sends the ping
 * list (who is in the lesson now) and the reflection list whenever either changes.
 */
export const LessonSyncMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), users: z.array(PersonSchema) }),
  z.object({ type: z.literal('reflections'), reflections: z.array(ReflectionSchema) }),
]);
export type LessonSyncMessage = z.infer<typeof LessonSyncMessageSchema>;
