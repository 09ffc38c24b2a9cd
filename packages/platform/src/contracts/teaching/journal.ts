import { z } from 'zod';
import { IsoDateSchema, PersonSchema, TeachingId } from './common';

/**
 * The quarter result the Kazakhstan way: formative 25 %, SOR 25 %, SOCh 50 % of the weighted
 * percentage, then bands 85/65/40 → 5/4/3, below → 2. Kept as configuration (a school or a
 * later regulation may change them); the server and the web app compute with the same function.
 */
export const QUARTER_GRADE_CONFIG = {
  weights: { formative: 25, sor: 25, soch: 50 },
  /** Lowest percentage of each grade, highest first. */
  bands: [
    { min: 85, grade: 5 },
    { min: 65, grade: 4 },
    { min: 40, grade: 3 },
  ],
  lowestGrade: 2,
  /** Formative marks are on a 1–10 scale. */
  formativeMax: 10,
} as const;
export type QuarterGradeConfig = {
  weights: { formative: number; sor: number; soch: number };
  bands: readonly { min: number; grade: number }[];
  lowestGrade: number;
  formativeMax: number;
};

export interface QuarterInput {
  /** Formative marks 1–10. */
  formative: readonly number[];
  /** SOR results: points and their maximum. */
  sor: readonly { points: number; max: number }[];
  /** SOCh results (usually one). */
  soch: readonly { points: number; max: number }[];
}

export interface QuarterResult {
  /** Percentages of each part (null when the part has no results). */
  formative: number | null;
  sor: number | null;
  soch: number | null;
  /** Weighted total percentage, 0–100, rounded to one decimal; null when nothing is marked. */
  total: number | null;
  grade: number | null;
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/**
 * Percentages: formative = mean mark ÷ 10; SOR = Σ points ÷ Σ max (all SORs of the quarter
 * together); SOCh likewise. A part with no results yet is left out and the other weights are
 * scaled up (a quarter without SOCh counts formative and SOR half each), so a grade can be shown
 * during the quarter. The band is chosen on the total rounded to one decimal, so 84.96 % → 85.0
 * → 5, as teachers compute it by hand.
 */
export function quarterGrade(
  input: QuarterInput,
  config: QuarterGradeConfig = QUARTER_GRADE_CONFIG,
): QuarterResult {
  const formative =
    input.formative.length > 0
      ? (input.formative.reduce((a, b) => a + b, 0) /
          input.formative.length /
          config.formativeMax) *
        100
      : null;
  const part = (rows: readonly { points: number; max: number }[]): number | null => {
    const max = rows.reduce((a, r) => a + r.max, 0);
    if (max <= 0) return null;
    return (rows.reduce((a, r) => a + r.points, 0) / max) * 100;
  };
  const sor = part(input.sor);
  const soch = part(input.soch);
  const parts: [number | null, number][] = [
    [formative, config.weights.formative],
    [sor, config.weights.sor],
    [soch, config.weights.soch],
  ];
  let weight = 0;
  let sum = 0;
  for (const [p, w] of parts) {
    if (p === null) continue;
    weight += w;
    sum += p * w;
  }
  const total = weight > 0 ? round1(sum / weight) : null;
  let grade: number | null = null;
  if (total !== null) {
    grade = config.lowestGrade;
    for (const band of config.bands) {
      if (total >= band.min) {
        grade = band.grade;
        break;
      }
    }
  }
  return {
    formative: formative === null ? null : round1(formative),
    sor: sor === null ? null : round1(sor),
    soch: soch === null ? null : round1(soch),
    total,
    grade,
  };
}

export const FORMATIVE = { min: 1, max: 10 } as const;
export const ASSESSMENT_KINDS = ['sor', 'soch'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

export const JournalGroupsResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      parallel: z.number().int(),
      students: z.number().int(),
    }),
  ),
});
export const JournalSubgroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  students: z.number().int(),
});
export const GroupIdParamsSchema = z.object({ groupId: TeachingId });
export const JournalGroupResponseSchema = z.object({
  data: z.object({
    group: z.object({ id: z.number().int(), name: z.string() }),
    subjects: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        /** Where the class is split for this subject; students = members of the subgroup. */
        subgroups: z.array(JournalSubgroupSchema),
      }),
    ),
  }),
});

export const JournalParamsSchema = z.object({ groupId: TeachingId, subjectId: TeachingId });
export const JournalQuerySchema = z.object({
  subgroupId: TeachingId.optional(),
  /** Default: the X-Quarter period, else the current one. */
  periodId: TeachingId.optional(),
});

export const JournalCellSchema = z.object({
  lessonId: z.number().int(),
  mark: z.number().int().nullable(),
  absent: z.boolean(),
});
export const JournalGridSchema = z.object({
  group: z.object({ id: z.number().int(), name: z.string() }),
  subject: z.object({ id: z.number().int(), name: z.string() }),
  /** The page's subgroup: rows are its members only. null: the whole class. */
  subgroup: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The subject's subgroups in this group, for picking another page (empty: not split). */
  subgroups: z.array(JournalSubgroupSchema),
  period: z.object({
    id: z.number().int(),
    name: z.string(),
    quarter: z.number().int(),
    startDate: z.string(),
    endDate: z.string(),
    is_current: z.boolean(),
  }),
  lessons: z.array(z.object({ id: z.number().int(), date: z.string(), theme: z.string() })),
  assessments: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(ASSESSMENT_KINDS),
      title: z.string(),
      maxPoints: z.number().int(),
      date: z.string(),
    }),
  ),
  rows: z.array(
    z.object({
      student: PersonSchema,
      cells: z.array(JournalCellSchema),
      /** assessmentId → points (absent key: not marked). */
      points: z.record(z.string(), z.number()),
      result: z.object({
        formative: z.number().nullable(),
        sor: z.number().nullable(),
        soch: z.number().nullable(),
        total: z.number().nullable(),
        grade: z.number().int().nullable(),
      }),
    }),
  ),
  config: z.object({
    weights: z.object({ formative: z.number(), sor: z.number(), soch: z.number() }),
    bands: z.array(z.object({ min: z.number(), grade: z.number().int() })),
    lowestGrade: z.number().int(),
    formativeMax: z.number().int(),
  }),
});
export type JournalGrid = z.infer<typeof JournalGridSchema>;
export const JournalGridResponseSchema = z.object({ data: JournalGridSchema });

export const JournalMarkRequestSchema = z
  .object({
    lessonId: TeachingId,
    studentId: TeachingId,
    /** null clears the mark. */
    mark: z.number().int().min(FORMATIVE.min).max(FORMATIVE.max).nullable().optional(),
    absent: z.boolean().optional(),
    /** The subgroup page the mark is entered on: the student must be one of its members. */
    subgroupId: TeachingId.optional(),
    /**
     * The cell as the writer last saw it (a write made offline, issue 31): when someone else
     * has changed it since, the write is refused with 409 and the cell as it is now
     * (`conflict`: mark, absent, by), and the teacher chooses.
     */
    expected: z
      .object({
        mark: z.number().int().min(FORMATIVE.min).max(FORMATIVE.max).nullable(),
        absent: z.boolean(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type JournalMarkRequest = z.infer<typeof JournalMarkRequestSchema>;

export const AssessmentCreateRequestSchema = z
  .object({
    kind: z.enum(ASSESSMENT_KINDS),
    title: z.string().trim().min(1, 'field_required').max(200),
    maxPoints: z.number().int().min(1).max(100),
    date: IsoDateSchema,
    subgroupId: TeachingId.nullable().default(null),
  })
  .strict();
export type AssessmentCreateRequest = z.input<typeof AssessmentCreateRequestSchema>;
export const AssessmentIdParamsSchema = z.object({ assessmentId: TeachingId });
export const AssessmentMarkRequestSchema = z
  .object({
    studentId: TeachingId,
    points: z.number().min(0).max(100).nullable(),
    /** The subgroup page the points are entered on (its result comes back). */
    subgroupId: TeachingId.optional(),
  })
  .strict();

/**
 * A whole column in one request (issue 27): one lesson's marks/absences (`lessonId`) or one
 * SOR/SOCh's points (`assessmentId`), one transaction. A row that cannot be written is named
 * (`cells.<i>.<field>`) and nothing is written.
 */
export const JournalColumnCellSchema = z
  .object({
    studentId: TeachingId,
    /** Lesson column: null clears the mark. */
    mark: z.number().int().min(FORMATIVE.min).max(FORMATIVE.max).nullable().optional(),
    absent: z.boolean().optional(),
    /** SOR/SOCh column: null clears the points. */
    points: z.number().min(0).max(100).nullable().optional(),
  })
  .strict();
export const JournalColumnRequestSchema = z
  .object({
    lessonId: TeachingId.optional(),
    assessmentId: TeachingId.optional(),
    /** The subgroup page the column is entered on. */
    subgroupId: TeachingId.optional(),
    cells: z.array(JournalColumnCellSchema).min(1).max(200),
  })
  .strict();
export type JournalColumnRequest = z.infer<typeof JournalColumnRequestSchema>;

export const PeriodIdParamsSchema = z.object({ periodId: TeachingId });
export const JournalPeriodsResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      quarter: z.number().int(),
      startDate: z.string(),
      endDate: z.string(),
      is_current: z.boolean(),
    }),
  ),
});

export const QuarterResultSchema = z.object({
  formative: z.number().nullable(),
  sor: z.number().nullable(),
  soch: z.number().nullable(),
  total: z.number().nullable(),
  grade: z.number().int().nullable(),
});

/** After each saved cell: the cell as stored and the student's recomputed quarter result. */
export const JournalSavedResponseSchema = z.object({
  data: z.object({
    studentId: z.number().int(),
    lessonId: z.number().int().nullable(),
    assessmentId: z.number().int().nullable(),
    mark: z.number().int().nullable(),
    absent: z.boolean(),
    points: z.number().nullable(),
    result: QuarterResultSchema,
  }),
});
export type JournalSaved = z.infer<typeof JournalSavedResponseSchema>['data'];

/** A saved column: every cell as stored with its pupil's quarter result. */
export const JournalColumnSavedResponseSchema = z.object({
  data: z.object({ cells: z.array(JournalSavedResponseSchema.shape.data) }),
});
export type JournalColumnSaved = z.infer<typeof JournalColumnSavedResponseSchema>['data'];

export const AssessmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ASSESSMENT_KINDS),
  title: z.string(),
  maxPoints: z.number().int(),
  date: z.string(),
});
export const AssessmentResponseSchema = z.object({ data: AssessmentSchema });
