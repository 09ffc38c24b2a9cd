import { z } from 'zod';
import { IdParam } from '../common';

/**
 * Monitoring questionnaires (issue 16; spec §2 monitoring-*, §3 questionnaire payloads, §7 the
 * `/api/v1/questionnaire…` and `/api/v1/monitoring…` calls). The spec names the calls and the
 * payload fields, not their shapes; these are ours:
 *
 * - A questionnaire is for one respondent type, the **group type** (`groupType`): `teacher`
 *   (teachers of schools), `director` (heads of schools and kindergartens) or `garden`
 *   (kindergarten teachers). Its questions stand in **groups** (sections, e.g. «Digital skills»):
 *   `groups/statistic` and `group/statistic` are figures per such group of questions.
 * - A monitoring period (`periodId`) is a window in which questionnaires are filled in; answers
 *   are saved as they go (draft) and submitted once.
 * - Scored questions (single and multiple choice, scales) give points; a response's score is its
 *   points of the maximum, %; figures of a node are sums of points over sums of maxima.
 */

export const QUESTIONNAIRE_GROUP_TYPES = ['teacher', 'director', 'garden'] as const;
export type QuestionnaireGroupType = (typeof QUESTIONNAIRE_GROUP_TYPES)[number];
export const QUESTION_KINDS = ['single', 'multi', 'scale', 'number', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const RESPONSE_STATUSES = ['new', 'draft', 'submitted'] as const;

/** The biggest answer a text question keeps. */
export const ANSWER_TEXT_MAX = 2000;

const named = { id: z.number().int(), name: z.string() };
const Percent = z.number().nullable();

// --- dictionaries ---------------------------------------------------------------------------

export const QuestionnairePeriodSchema = z.object({
  ...named,
  schoolYear: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** Today is inside the period (answers may be saved). */
  isCurrent: z.boolean(),
});
export type QuestionnairePeriod = z.infer<typeof QuestionnairePeriodSchema>;
export const QuestionnairePeriodsResponseSchema = z.object({
  data: z.array(QuestionnairePeriodSchema),
});

export const RegionsResponseSchema = z.object({ data: z.array(z.object(named)) });

// --- one questionnaire ----------------------------------------------------------------------

export const QuestionnaireRequestSchema = z.object({
  periodId: IdParam,
  /** Without it: the respondent's questionnaires of the period with their status. */
  questionnaireId: IdParam.optional(),
  /** The respondent; the caller by default. */
  userId: IdParam.optional(),
});

export const QuestionOptionSchema = z.object({ id: z.string(), label: z.string() });
export const QuestionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(QUESTION_KINDS),
  text: z.string(),
  required: z.boolean(),
  options: z.array(QuestionOptionSchema),
  /** Scales: 1…max; numbers: 0…max. */
  max: z.number().int().nullable(),
});
export type Question = z.infer<typeof QuestionSchema>;

export const AnswerValueSchema = z.union([
  z.string().max(ANSWER_TEXT_MAX),
  z.number().int().min(0).max(1_000_000),
  z.array(z.string().max(40)).max(20),
  z.null(),
]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;
export const QuestionnaireAnswerSchema = z.object({
  questionId: z.number().int(),
  value: AnswerValueSchema,
});
export type QuestionnaireAnswer = z.infer<typeof QuestionnaireAnswerSchema>;

export const QuestionnaireListItemSchema = z.object({
  ...named,
  groupType: z.enum(QUESTIONNAIRE_GROUP_TYPES),
  status: z.enum(RESPONSE_STATUSES),
  answered: z.number().int(),
  questions: z.number().int(),
  submittedAt: z.string().nullable(),
  score: Percent,
});
export type QuestionnaireListItem = z.infer<typeof QuestionnaireListItemSchema>;

export const QuestionnaireFormSchema = z.object({
  ...named,
  groupType: z.enum(QUESTIONNAIRE_GROUP_TYPES),
  intro: z.string(),
  groups: z.array(z.object({ ...named, questions: z.array(QuestionSchema) })),
});

export const QuestionnaireResponseSchema = z.object({
  data: z.object({
    period: QuestionnairePeriodSchema,
    respondent: z.object({ ...named, school: z.string() }),
    /** Set when a questionnaireId was asked for. */
    questionnaire: QuestionnaireFormSchema.nullable(),
    answers: z.array(QuestionnaireAnswerSchema),
    status: z.enum(RESPONSE_STATUSES).nullable(),
    submittedAt: z.string().nullable(),
    score: Percent,
    /** The caller is the respondent, the response is not submitted and the period is open. */
    canEdit: z.boolean(),
    /** The respondent's questionnaires of the period (always listed). */
    list: z.array(QuestionnaireListItemSchema),
  }),
});
export type QuestionnaireView = z.infer<typeof QuestionnaireResponseSchema>['data'];

export const AnswersStoreSchema = z.object({
  questionnaireId: IdParam,
  periodId: IdParam,
  /** The answers to save (merged into the saved ones); value null clears one. */
  answers: z.array(z.object({ questionId: IdParam, value: AnswerValueSchema })).max(200),
  /** Submit after saving: every required question must be answered; no change afterwards. */
  submit: z.boolean().optional(),
});
export type AnswersStore = z.infer<typeof AnswersStoreSchema>;
export const AnswersStoreResponseSchema = z.object({
  data: z.object({
    status: z.enum(RESPONSE_STATUSES),
    answered: z.number().int(),
    questions: z.number().int(),
    savedAt: z.string(),
    submittedAt: z.string().nullable(),
    score: Percent,
  }),
});

// --- following completion and results down the tree ----------------------------------------

/** The node asked for: nothing (the caller's top), a region, a department, organizations. */
export const MonitoringScopeSchema = z.object({
  periodId: IdParam,
  groupType: z.enum(QUESTIONNAIRE_GROUP_TYPES).optional(),
  regionId: IdParam.optional(),
  departmentId: IdParam.optional(),
  /** Schools and kindergartens (an organization's page asks for one). */
  organizationIds: z.array(IdParam).min(1).max(500).optional(),
});
export type MonitoringScope = z.infer<typeof MonitoringScopeSchema>;

export const MONITORING_LEVELS = ['country', 'region', 'department', 'organization'] as const;
export type MonitoringLevel = (typeof MONITORING_LEVELS)[number];

export const CompletionFiguresSchema = z.object({
  /** People who should answer (staff of the group type) and their responses. */
  expected: z.number().int(),
  submitted: z.number().int(),
  drafts: z.number().int(),
  /** Submitted of expected, %. */
  completion: Percent,
  /** Points of the maximum over the submitted responses, %. */
  score: Percent,
});
export type CompletionFigures = z.infer<typeof CompletionFiguresSchema>;

export const CompletionRowSchema = z.object({
  ...named,
  kind: z.enum(['region', 'department', 'school', 'kindergarten']),
  organizations: z.number().int(),
  figures: CompletionFiguresSchema,
});
export type CompletionRow = z.infer<typeof CompletionRowSchema>;

export const TrailEntrySchema = z.object({
  level: z.enum(MONITORING_LEVELS),
  id: z.number().int().nullable(),
  name: z.string(),
});

export const CompletionResponseSchema = z.object({
  data: z.object({
    level: z.enum(MONITORING_LEVELS),
    trail: z.array(TrailEntrySchema),
    period: QuestionnairePeriodSchema,
    figures: CompletionFiguresSchema,
    rows: z.array(CompletionRowSchema),
  }),
});
export type CompletionView = z.infer<typeof CompletionResponseSchema>['data'];

export const DepartmentsRequestSchema = z.object({ regionId: IdParam, periodId: IdParam });

export const CompletionGroupRequestSchema = z.object({
  periodId: IdParam,
  /** The organization; a director's own by default. */
  schoolId: IdParam.optional(),
  groupType: z.enum(QUESTIONNAIRE_GROUP_TYPES).optional(),
});

export const RespondentRowSchema = z.object({
  ...named,
  position: z.string(),
  groupType: z.enum(QUESTIONNAIRE_GROUP_TYPES),
  questionnaireId: z.number().int(),
  status: z.enum(RESPONSE_STATUSES),
  submittedAt: z.string().nullable(),
  score: Percent,
});
export type RespondentRow = z.infer<typeof RespondentRowSchema>;

export const CompletionGroupResponseSchema = z.object({
  data: z.object({
    organization: z.object(named),
    period: QuestionnairePeriodSchema,
    figures: CompletionFiguresSchema,
    respondents: z.array(RespondentRowSchema),
  }),
});
export type CompletionGroupView = z.infer<typeof CompletionGroupResponseSchema>['data'];

export const LocalitiesQuerySchema = z.object({ departmentId: IdParam });
export const LocalitiesResponseSchema = z.object({
  data: z.array(z.object({ ...named, organizations: z.number().int() })),
});

/** `?schoolsIds=1,2,3`: the organizations whose respondent types are listed (all in scope without). */
export const GroupTypesQuerySchema = z.object({
  schoolsIds: z
    .string()
    .max(4000)
    .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/)
    .optional(),
});
export const GroupTypesResponseSchema = z.object({
  data: z.array(
    z.object({
      groupType: z.enum(QUESTIONNAIRE_GROUP_TYPES),
      name: z.string(),
      /** People of the type in those organizations (in the caller's scope). */
      respondents: z.number().int(),
    }),
  ),
});

/** Section ("group" of questions) figures, per node below the one asked for. */
export const GroupsStatisticResponseSchema = z.object({
  data: z.object({
    level: z.enum(MONITORING_LEVELS),
    groupType: z.enum(QUESTIONNAIRE_GROUP_TYPES),
    questionnaire: z.object(named).nullable(),
    groups: z.array(z.object({ ...named, score: Percent })),
    rows: z.array(
      z.object({
        ...named,
        /** Score per group, in the order of `groups`. */
        scores: z.array(Percent),
        score: Percent,
      }),
    ),
  }),
});
export type GroupsStatisticView = z.infer<typeof GroupsStatisticResponseSchema>['data'];

export const GroupStatisticRequestSchema = MonitoringScopeSchema.extend({ groupId: IdParam });
export const GroupStatisticParamsSchema = z.object({ id: IdParam });
export const GroupStatisticQuerySchema = z.object({ periodId: IdParam });
export const OrganizationGroupParamsSchema = z.object({
  organizationId: IdParam,
  groupId: IdParam,
});

/** One group of questions: per question, how many chose each option (or the mean of numbers). */
export const GroupStatisticResponseSchema = z.object({
  data: z.object({
    group: z.object(named),
    questionnaire: z.object(named),
    responses: z.number().int(),
    score: Percent,
    questions: z.array(
      z.object({
        id: z.number().int(),
        kind: z.enum(QUESTION_KINDS),
        text: z.string(),
        answered: z.number().int(),
        options: z.array(z.object({ id: z.string(), label: z.string(), count: z.number().int() })),
        /** Scales and numbers: the mean answer. */
        mean: z.number().nullable(),
        score: Percent,
      }),
    ),
  }),
});
export type GroupStatisticView = z.infer<typeof GroupStatisticResponseSchema>['data'];

export const OverallStatisticResponseSchema = z.object({
  data: z.object({
    level: z.enum(MONITORING_LEVELS),
    groupType: z.enum(QUESTIONNAIRE_GROUP_TYPES),
    figures: CompletionFiguresSchema,
    /** Submitted responses by score: below 50 %, 50–75 %, 75 % and above. */
    bands: z.object({
      low: z.number().int(),
      middle: z.number().int(),
      high: z.number().int(),
    }),
  }),
});
export type OverallStatisticView = z.infer<typeof OverallStatisticResponseSchema>['data'];

// --- exports: Excel and PDF files of the figures above ----------------------------------------

/**
 * The five exports of §7. `export`, `export-pdf` and `export-school-pages` take a node as
 * `questionnaire.completion` does; `export-school` and `export-pdf-school` one organization as
 * `questionnaire.completionGroup` does. The file holds the numbers those calls answer. An export
 * done within about a second answers 200 with the file (.xlsx or PDF, no JSON); a longer one 202
 * with a job to follow (`monitoring.exportJob`) and fetch (`monitoring.exportFile`) when ready.
 */
export const MonitoringExportRequestSchema = MonitoringScopeSchema;
export const MonitoringSchoolExportRequestSchema = CompletionGroupRequestSchema;
export const MONITORING_EXPORTS = [
  'node-xlsx',
  'node-pdf',
  'school-xlsx',
  'school-pdf',
  'pages-xlsx',
] as const;
export type MonitoringExport = (typeof MONITORING_EXPORTS)[number];
/** The most organizations `export-school-pages` writes, one sheet each (more: 422). */
export const MONITORING_EXPORT_PAGES_MAX = 300;

export const MonitoringExportQueuedResponseSchema = z.object({
  data: z.object({ jobId: z.number().int() }),
});

export const MonitoringExportJobParamsSchema = z.object({
  jobId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const MonitoringExportJobResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    export: z.enum(MONITORING_EXPORTS),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    /** What it is doing now (`figures`, `organizations`, `groups`, `file`), and how far. */
    stage: z.string(),
    done: z.number().int(),
    total: z.number().int(),
    /** A refusal found when the job ran (e.g. the caller's scope changed), in their language. */
    error: z
      .object({
        status: z.number().int(),
        message: z.string(),
        errors: z.record(z.string(), z.array(z.string())).optional(),
      })
      .nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    /** The finished file and where to fetch it (its starter only). */
    file: z
      .object({
        name: z.string(),
        contentType: z.string(),
        size: z.number().int(),
        url: z.string(),
      })
      .nullable(),
  }),
});
export type MonitoringExportJob = z.infer<typeof MonitoringExportJobResponseSchema>['data'];
