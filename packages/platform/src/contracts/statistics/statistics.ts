import { z } from 'zod';
import { IdParam } from '../common';

/**
 * Statistics of a school and a class (issue 16, spec §2 `statistics`, `statistics/{groupId}`).
 * Every figure is computed from the journal's quarter grades (`quarterGrade`) and attendance,
 * rolled up per pupil × subject × period (server `statistics/`); percentages have one decimal,
 * null where there is nothing to count (never a made-up 0).
 */

/**
 * What the figures cover: the chosen quarter, or the school year up to and including it (every
 * quarter's grades counted together, never an average of the quarters' percentages).
 */
export const STATISTICS_SPANS = ['quarter', 'year'] as const;
export const StatisticsSpanSchema = z.enum(STATISTICS_SPANS);
export type StatisticsSpan = z.infer<typeof StatisticsSpanSchema>;

export const StatisticsQuerySchema = z.object({
  /** A period of the school; without it the X-Quarter header's period, else the current one. */
  periodId: IdParam.optional(),
  /** `year`: the figures and tables of the year up to the period (default `quarter`). */
  span: StatisticsSpanSchema.optional(),
});

export const StatisticsGroupParamsSchema = z.object({ groupId: IdParam });

export const FiguresSchema = z.object({
  /** Quality of knowledge: share of quarter grades 4 and 5, %. */
  quality: z.number().nullable(),
  /** Success rate: share of grades 3–5, %. */
  success: z.number().nullable(),
  /** Average quarter grade (2–5). */
  average: z.number().nullable(),
  /** Lessons attended of lessons held, %. */
  attendance: z.number().nullable(),
  /** SOR and SOCh points of their maximum, %. */
  sor: z.number().nullable(),
  soch: z.number().nullable(),
  /**
   * Platform usage: pupils who finished a builder lesson or exam or sent homework, of the pupils,
   * %. Over a year: pupil-quarters with use of all pupil-quarters.
   */
  usage: z.number().nullable(),
  /** Pupils counted, and pupil-subjects with a grade. */
  pupils: z.number().int(),
  graded: z.number().int(),
  /** Grades 5, 4, 3, 2 (for the distribution chart). */
  grades: z.object({
    five: z.number().int(),
    four: z.number().int(),
    three: z.number().int(),
    two: z.number().int(),
  }),
});
export type Figures = z.infer<typeof FiguresSchema>;

const named = { id: z.number().int(), name: z.string() };

export const StatisticsPeriodSchema = z.object({ ...named, current: z.boolean() });

export const AtRiskPupilSchema = z.object({
  ...named,
  groupId: z.number().int(),
  groupName: z.string(),
  /** Subjects whose quarter total is below 40 % (grade 2), lowest first. */
  subjects: z.array(z.object({ ...named, total: z.number() })),
});

export const SchoolStatisticsSchema = z.object({
  school: z.object(named),
  /** `school` for the director and deputies; `groups` for a group lead: the classes they lead. */
  scope: z.enum(['school', 'groups']),
  period: StatisticsPeriodSchema,
  span: StatisticsSpanSchema,
  /** The school's periods of the same school year (the selector). */
  periods: z.array(StatisticsPeriodSchema),
  figures: FiguresSchema,
  /** The figures of each period of the year up to the chosen one, oldest first. */
  trend: z.array(z.object({ period: StatisticsPeriodSchema, figures: FiguresSchema })),
  subjects: z.array(z.object({ ...named, figures: FiguresSchema })),
  teachers: z.array(z.object({ ...named, figures: FiguresSchema })),
  groups: z.array(z.object({ ...named, figures: FiguresSchema })),
  atRisk: z.array(AtRiskPupilSchema),
});
export type SchoolStatistics = z.infer<typeof SchoolStatisticsSchema>;

export const GroupStatisticsSchema = z.object({
  school: z.object(named),
  group: z.object(named),
  period: StatisticsPeriodSchema,
  span: StatisticsSpanSchema,
  periods: z.array(StatisticsPeriodSchema),
  figures: FiguresSchema,
  trend: z.array(z.object({ period: StatisticsPeriodSchema, figures: FiguresSchema })),
  subjects: z.array(z.object({ ...named, teacher: z.string().nullable(), figures: FiguresSchema })),
  pupils: z.array(z.object({ ...named, figures: FiguresSchema })),
  atRisk: z.array(AtRiskPupilSchema),
});
export type GroupStatistics = z.infer<typeof GroupStatisticsSchema>;

export const SchoolStatisticsResponseSchema = z.object({ data: SchoolStatisticsSchema });
export const GroupStatisticsResponseSchema = z.object({ data: GroupStatisticsSchema });

/** The drill-down's levels, from the top (spec §2 statistics/country/{regionId}/{departmentId}/{schoolId}/{groupId}). */
export const DRILL_LEVELS = ['country', 'region', 'department', 'school', 'group'] as const;
export type DrillLevel = (typeof DRILL_LEVELS)[number];

export const CountryStatisticsQuerySchema = z.object({
  regionId: IdParam.optional(),
  departmentId: IdParam.optional(),
  schoolId: IdParam.optional(),
  groupId: IdParam.optional(),
  /** A quarter of the current school year; without it the X-Quarter header's, else the current. */
  quarter: z.coerce.number().int().min(1).max(4).optional(),
  /** `year`: the quarters of the school year up to `quarter`, counted together. */
  span: StatisticsSpanSchema.optional(),
});

export const CountryStatisticsSchema = z.object({
  level: z.enum(DRILL_LEVELS),
  /** The node's ids down the tree (the caller's own are filled in): a child's path is these plus its id. */
  node: z.object({
    regionId: z.number().int().nullable(),
    departmentId: z.number().int().nullable(),
    schoolId: z.number().int().nullable(),
    groupId: z.number().int().nullable(),
  }),
  /** From the caller's own level (a worker never sees above it) down to this node. */
  trail: z.array(
    z.object({ level: z.enum(DRILL_LEVELS), id: z.number().int().nullable(), name: z.string() }),
  ),
  schoolYear: z.string(),
  quarter: z.number().int(),
  span: StatisticsSpanSchema,
  /**
   * Schools below whose roll-up is behind (the large tree each morning): the background roll-up
   * is settling them and their last roll-up is counted meanwhile. 0: every figure is current.
   */
  pendingSchools: z.number().int(),
  figures: FiguresSchema,
  /** The level below: regions, departments, schools, classes, or (in a class) subjects. */
  childLevel: z.enum(['region', 'department', 'school', 'group', 'subject']),
  children: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Schools counted below this row (0: nothing reported yet). */
      schools: z.number().int(),
      figures: FiguresSchema,
    }),
  ),
});
export type CountryStatistics = z.infer<typeof CountryStatisticsSchema>;
export const CountryStatisticsResponseSchema = z.object({ data: CountryStatisticsSchema });
