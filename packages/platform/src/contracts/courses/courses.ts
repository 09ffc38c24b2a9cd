import { z } from 'zod';
import { IdParam } from '../common';
import { AnswersSchema, ModuleResultSchema } from '../teaching/schedule';

/**
 * Courses (issue 17; spec §2 control/courses/list and /{courseId}, correction_work and
 * /{courseId}). A course is kz/ru title and description and modules in order, each module one
 * published lecture or lesson of the catalogue. Two kinds:
 * - `teacher`: professional development. An employee (or an individual) enrols, marks modules
 *   studied and, once every module is done, takes the final test (multiple choice, scored on the
 *   server: the right answers never leave it). Passing gives a certificate (PDF, kz or ru) with a
 *   code anyone may check on a public page.
 * - `correction`: correction-and-development courses for children with special educational
 *   needs. A pupil marks modules done; their teacher or group lead sees the pupils' progress.
 */

export const COURSE_KINDS = ['teacher', 'correction'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];

/** Whom a professional-development course is written for (shown on its card, not a gate). */
export const COURSE_AUDIENCES = ['all', 'primary', 'secondary', 'management', 'preschool'] as const;
export type CourseAudience = (typeof COURSE_AUDIENCES)[number];

/**
 * Where a final test comes from: `questions`, the course's own multiple-choice questions (the
 * seeded courses); `content`, a published builder SOR or SOCh the author chose in the catalogue,
 * frozen at the version chosen and scored automatically.
 */
export const COURSE_TEST_SOURCES = ['questions', 'content'] as const;
export type CourseTestSource = (typeof COURSE_TEST_SOURCES)[number];
export const COURSE_MAX_MODULES = 30;

export const CourseParamsSchema = z.object({ courseId: IdParam });
export const CourseModuleParamsSchema = z.object({ courseId: IdParam, moduleId: IdParam });
/** Any text up to 40 characters: a code that is not issued answers 404, never 422. */
export const CertificateCodeParamsSchema = z.object({ code: z.string().trim().min(1).max(40) });

export const CourseListQuerySchema = z.object({
  kind: z.enum(COURSE_KINDS).default('teacher'),
});

export const CourseSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(COURSE_KINDS),
  title: z.string(),
  description: z.string(),
  hours: z.number().int(),
  modules: z.number().int(),
  /** Modules the caller marked done. */
  done: z.number().int(),
  enrolled: z.boolean(),
  /** The caller's certificate code, once they passed. */
  certificate: z.string().nullable(),
  audience: z.enum(COURSE_AUDIENCES),
  /** The subject the course is about, in the request's language (null: any subject). */
  subjectName: z.string().nullable(),
});
export type CourseSummary = z.infer<typeof CourseSummarySchema>;
export const CourseListResponseSchema = z.object({
  data: z.object({
    items: z.array(CourseSummarySchema),
    /** The caller may enrol in teacher courses (employees and individuals). */
    canEnrol: z.boolean(),
    /** The caller writes teacher courses (methodist, administrator): the list links to theirs. */
    canAuthor: z.boolean(),
  }),
});
export type CourseList = z.infer<typeof CourseListResponseSchema>['data'];

export const CourseModuleSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  /** The catalogue item the module studies (its page: content/lessons/platform/:type/:id). */
  item: z.object({ draftId: z.string(), type: z.string(), title: z.string() }),
  done: z.boolean(),
  /** The caller opened the module's content (teacher courses; issue 28). */
  opened: z.boolean(),
});
export type CourseModule = z.infer<typeof CourseModuleSchema>;

/**
 * One module as a learner studies it (issue 28): its content without keys, and its checks — the
 * tasks of the content scored automatically. A teacher course's module is done once its content
 * was opened and, when it has checks, they were passed at the course's pass mark.
 */
export const CourseModuleDetailSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  item: z.object({ draftId: z.string(), type: z.string(), title: z.string() }),
  content: z.record(z.string(), z.unknown()),
  /** Tasks checked automatically (0: opening the module is the work). */
  checks: z.number().int(),
  passMark: z.number().int(),
  done: z.boolean(),
  /** The best result of the checks so far, percent (null: not checked yet). */
  percent: z.number().int().nullable(),
});
export type CourseModuleDetail = z.infer<typeof CourseModuleDetailSchema>;
export const CourseModuleDetailResponseSchema = z.object({ data: CourseModuleDetailSchema });

export const CourseModuleCheckInputSchema = z.object({ answers: AnswersSchema });
export type CourseModuleCheckInput = z.infer<typeof CourseModuleCheckInputSchema>;
export const CourseModuleCheckResponseSchema = z.object({
  data: z.object({
    percent: z.number().int(),
    passMark: z.number().int(),
    passed: z.boolean(),
    /** Each checked task right, partly right or wrong (the right answers are not told). */
    results: z.array(ModuleResultSchema),
    done: z.boolean(),
  }),
});
export type CourseModuleCheck = z.infer<typeof CourseModuleCheckResponseSchema>['data'];

/** A question of the final test as the learner sees it: no right answer in it. */
export const CourseQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type CourseQuestion = z.infer<typeof CourseQuestionSchema>;

/**
 * How an answered final test went, question by question (shown after handing in, never before):
 * for the course's own questions the option chosen, whether it was right and, for a wrong one,
 * the right option; for a builder test the result of every scored task, the answers sent, and
 * the content with the right answers and explanations (`hints.solution`) of the tasks not
 * answered right only.
 */
export const CourseReviewSchema = z.object({
  questions: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      chosen: z.object({ id: z.string(), text: z.string() }).nullable(),
      right: z.boolean(),
      /** The right option, for a question answered wrong. */
      answer: z.object({ id: z.string(), text: z.string() }).nullable(),
    }),
  ),
  results: z.array(ModuleResultSchema),
  answers: AnswersSchema,
  content: z.record(z.string(), z.unknown()).nullable(),
  /**
   * Why a builder test's review shows right and wrong but no right answers (issue 28): `inUse`,
   * the exam is still being sat by classes; `otherSchool`, its keys are another school's (an
   * individual, or an exam its author no longer shares). Null: the keys of the tasks answered
   * wrong are shown.
   */
  keysHidden: z.enum(['inUse', 'otherSchool']).nullable(),
});
export type CourseReview = z.infer<typeof CourseReviewSchema>;

export const CourseAttemptSchema = z.object({
  correct: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  passed: z.boolean(),
  at: z.string(),
  /** Null when the test changed since (the review would not match it). */
  review: CourseReviewSchema.nullable(),
});
export type CourseAttempt = z.infer<typeof CourseAttemptSchema>;

export const CourseCertificateSchema = z.object({
  code: z.string(),
  issuedOn: z.string(),
  percent: z.number().int(),
});

export const CourseDetailSchema = CourseSummarySchema.extend({
  passMark: z.number().int(),
  /** Minimum study time before the final test, minutes (0: none). */
  minMinutes: z.number().int(),
  list: z.array(CourseModuleSchema),
  canEnrol: z.boolean(),
  /** The caller may mark modules (enrolled in a teacher course; anyone on a correction course). */
  canStudy: z.boolean(),
  /**
   * Teacher courses, for an enrolled learner: the final test without its right answers — the
   * course's own questions, or a builder SOR/SOCh (`content`, its keys removed).
   */
  test: z
    .object({
      source: z.enum(COURSE_TEST_SOURCES),
      questions: z.array(CourseQuestionSchema),
      content: z.record(z.string(), z.unknown()).nullable(),
      /** Questions, or scored tasks of the content. */
      size: z.number().int(),
      /** Every module is done and the course's minimum study time has passed. */
      open: z.boolean(),
      /**
       * When the minimum study time is over (counted from the first module opened), ISO; null
       * when the course sets none or it is over.
       */
      opensAt: z.string().nullable(),
      last: CourseAttemptSchema.nullable(),
    })
    .nullable(),
  certificateInfo: CourseCertificateSchema.nullable(),
  /** Correction courses, for a teacher or group lead: the pupils' table is theirs to read. */
  canTrack: z.boolean(),
});
export type CourseDetail = z.infer<typeof CourseDetailSchema>;
export const CourseDetailResponseSchema = z.object({ data: CourseDetailSchema });

export const CourseProgressInputSchema = z.object({ done: z.boolean() });

export const CourseTestInputSchema = z.object({
  /** Answers to the course's own questions. */
  answers: z
    .array(z.object({ question: z.string().max(40), option: z.string().max(40) }))
    .max(100)
    .default([]),
  /** Answers to a builder test, by module id (as a lesson's exam is answered). */
  moduleAnswers: AnswersSchema.optional(),
});
export type CourseTestInput = z.infer<typeof CourseTestInputSchema>;

export const CourseTestResponseSchema = z.object({
  data: CourseAttemptSchema.extend({
    passMark: z.number().int(),
    certificate: CourseCertificateSchema.nullable(),
  }),
});
export type CourseTestResult = z.infer<typeof CourseTestResponseSchema>['data'];

export const CoursePupilsResponseSchema = z.object({
  data: z.object({
    modules: z.array(z.object({ id: z.number().int(), title: z.string() })),
    pupils: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        group: z.string(),
        /** Ids of the modules done. */
        done: z.array(z.number().int()),
      }),
    ),
  }),
});
export type CoursePupils = z.infer<typeof CoursePupilsResponseSchema>['data'];

export const CertificateCheckResponseSchema = z.object({
  data: z.object({
    code: z.string(),
    holder: z.string(),
    course: z.string(),
    hours: z.number().int(),
    issuedOn: z.string(),
  }),
});
export type CertificateCheck = z.infer<typeof CertificateCheckResponseSchema>['data'];

// --- Authoring (the methodist's editor of professional-development courses) -----------------

const CourseText = (max: number) =>
  z.string({ error: 'field_required' }).trim().min(1, 'field_required').max(max, 'field_too_long');
const Bilingual = (max: number) =>
  z.object({ kz: CourseText(max), ru: CourseText(max) }, { error: 'field_required' });
const Whole = (min: number, max: number) =>
  z
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(min, 'field_invalid')
    .max(max, 'field_invalid');
const CatalogueDraftId = z
  .string({ error: 'field_required' })
  .regex(/^[A-Za-z0-9_\-.:~]{1,128}$/, 'field_invalid');

/** A course's own fields, as created and changed by its author (both languages required). */
export const CourseInputSchema = z
  .object({
    title: Bilingual(200),
    description: Bilingual(2000),
    /** A subject code of the platform's subjects, or null for every subject. */
    subject: z
      .string({ error: 'field_invalid' })
      .regex(/^[A-Za-z0-9_\-.:~]{1,64}$/, 'field_invalid')
      .nullable(),
    audience: z.enum(COURSE_AUDIENCES, { error: 'field_invalid' }),
    /** Academic hours, printed on the certificate. */
    hours: Whole(1, 500),
    /** The final test's pass mark, percent (the modules' checks use it too). */
    passMark: Whole(1, 100),
    /**
     * Minimum study time before the final test opens, minutes from the first module opened
     * (0: none; issue 28). Left out: 0.
     */
    minMinutes: Whole(0, 6000).default(0),
  })
  .strict();
/** What a client sends (the minimum time may be left out). */
export type CourseInput = z.input<typeof CourseInputSchema>;
/** What the server receives after validation. */
export type CourseInputData = z.infer<typeof CourseInputSchema>;

export const CourseModuleInputSchema = z
  .object({
    /** A published lesson or lecture of the catalogue. */
    draftId: CatalogueDraftId,
    /** The module's title; the catalogue item's title when left out. */
    title: Bilingual(200).optional(),
  })
  .strict();
export type CourseModuleInput = z.infer<typeof CourseModuleInputSchema>;

export const CourseModuleOrderSchema = z
  .object({
    moduleIds: z
      .array(Whole(1, 2_147_483_647))
      .min(1, 'field_required')
      .max(COURSE_MAX_MODULES, 'field_too_long'),
  })
  .strict();
export type CourseModuleOrder = z.infer<typeof CourseModuleOrderSchema>;

export const CourseFinalTestInputSchema = z
  .object({
    /** A published SOR or SOCh of the catalogue, or null for no final test. */
    draftId: CatalogueDraftId.nullable(),
  })
  .strict();
export type CourseFinalTestInput = z.infer<typeof CourseFinalTestInputSchema>;

export const CoursePublicationInputSchema = z
  .object({ published: z.boolean({ error: 'field_invalid' }) })
  .strict();
export type CoursePublicationInput = z.infer<typeof CoursePublicationInputSchema>;

const BothTexts = z.object({ kz: z.string(), ru: z.string() });

export const CourseDraftModuleSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: BothTexts,
  item: z.object({ draftId: z.string(), type: z.string(), title: z.string() }),
  /** Learners who marked the module studied: such a module cannot be removed. */
  studied: z.number().int(),
});
export type CourseDraftModule = z.infer<typeof CourseDraftModuleSchema>;

/** A course as its author edits it. */
export const CourseDraftSchema = z.object({
  id: z.number().int(),
  title: BothTexts,
  description: BothTexts,
  subject: z.string().nullable(),
  audience: z.enum(COURSE_AUDIENCES),
  hours: z.number().int(),
  passMark: z.number().int(),
  minMinutes: z.number().int(),
  published: z.boolean(),
  /** Enrolled learners. */
  learners: z.number().int(),
  modules: z.array(CourseDraftModuleSchema),
  test: z
    .object({
      source: z.enum(COURSE_TEST_SOURCES),
      /** The catalogue item the test was taken from (null for the course's own questions). */
      draftId: z.string().nullable(),
      title: z.string(),
      version: z.number().int().nullable(),
      /** Questions, or scored tasks. */
      size: z.number().int(),
    })
    .nullable(),
  /** What keeps the course from being published: field → messages in the request's language. */
  problems: z.record(z.string(), z.array(z.string())),
  /** Nobody has enrolled: the course may be removed. */
  canRemove: z.boolean(),
  updatedAt: z.string(),
});
export type CourseDraft = z.infer<typeof CourseDraftSchema>;
export const CourseDraftResponseSchema = z.object({ data: CourseDraftSchema });

export const CourseAuthoredSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  published: z.boolean(),
  modules: z.number().int(),
  learners: z.number().int(),
  hasTest: z.boolean(),
  updatedAt: z.string(),
});
export type CourseAuthored = z.infer<typeof CourseAuthoredSchema>;
export const CourseAuthoringResponseSchema = z.object({
  data: z.object({
    items: z.array(CourseAuthoredSchema),
    /** The platform's subjects to choose from, in the request's language. */
    subjects: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
});
export type CourseAuthoring = z.infer<typeof CourseAuthoringResponseSchema>['data'];
