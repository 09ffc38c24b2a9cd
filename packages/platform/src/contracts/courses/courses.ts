import { z } from 'zod';
import { IdParam } from '../common';

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
});
export type CourseSummary = z.infer<typeof CourseSummarySchema>;
export const CourseListResponseSchema = z.object({
  data: z.object({
    items: z.array(CourseSummarySchema),
    /** The caller may enrol in teacher courses (employees and individuals). */
    canEnrol: z.boolean(),
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
});
export type CourseModule = z.infer<typeof CourseModuleSchema>;

/** A question of the final test as the learner sees it: no right answer in it. */
export const CourseQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type CourseQuestion = z.infer<typeof CourseQuestionSchema>;

export const CourseAttemptSchema = z.object({
  correct: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  passed: z.boolean(),
  at: z.string(),
});
export type CourseAttempt = z.infer<typeof CourseAttemptSchema>;

export const CourseCertificateSchema = z.object({
  code: z.string(),
  issuedOn: z.string(),
  percent: z.number().int(),
});

export const CourseDetailSchema = CourseSummarySchema.extend({
  passMark: z.number().int(),
  list: z.array(CourseModuleSchema),
  canEnrol: z.boolean(),
  /** The caller may mark modules (enrolled in a teacher course; anyone on a correction course). */
  canStudy: z.boolean(),
  /** Teacher courses, for an enrolled learner: the questions (without answers). */
  test: z
    .object({
      questions: z.array(CourseQuestionSchema),
      /** Every module is done. */
      open: z.boolean(),
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
  answers: z.array(z.object({ question: z.string().max(40), option: z.string().max(40) })).max(100),
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
