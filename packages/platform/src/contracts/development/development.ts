import { z } from 'zod';
import { IdParam } from '../common';
import { ASSESSMENT_STAGES, EDUCATIONAL_AREAS, PRESCHOOL_AGE_GROUPS } from '../kindergarten/frame';

/**
 * Individual developmental cards of kindergarten children (issue 15): a level (I/II/III) per skill
 * of the child's age group and stage, totals per area and an overall level per stage (`levelOf`).
 */
const KzRuSchema = z.object({ kz: z.string(), ru: z.string() });
const LevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const StageLevelsSchema = z.object({
  start: LevelSchema.nullable(),
  middle: LevelSchema.nullable(),
  end: LevelSchema.nullable(),
});

export const DevelopmentChildParamsSchema = z.object({ userId: IdParam });
export const DevelopmentGroupParamsSchema = z.object({ groupId: IdParam });
export const DevelopmentStageQuerySchema = z.object({
  stage: z.enum(ASSESSMENT_STAGES).default('start'),
});

/** Formats of the card and group exports. */
export const DEVELOPMENT_EXPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type DevelopmentExportFormat = (typeof DEVELOPMENT_EXPORT_FORMATS)[number];

/** ?format=&stage= of a child's card export: without a stage, the whole year (three stages). */
export const DevelopmentCardExportQuerySchema = z.object({
  format: z.enum(DEVELOPMENT_EXPORT_FORMATS).default('pdf'),
  stage: z.enum(ASSESSMENT_STAGES).optional(),
});
/** ?format=&stage= of a group's summary export (the stage as in development.group). */
export const DevelopmentGroupExportQuerySchema = z.object({
  format: z.enum(DEVELOPMENT_EXPORT_FORMATS).default('pdf'),
  stage: z.enum(ASSESSMENT_STAGES).default('start'),
});

export const DevelopmentSkillSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  levels: StageLevelsSchema,
});

/** The teacher's comment and development recommendation for one area at one stage. */
export const DevelopmentNoteSchema = z.object({
  comment: z.string(),
  recommendation: z.string(),
});

export const DevelopmentAreaSchema = z.object({
  area: z.enum(EDUCATIONAL_AREAS),
  title: z.string(),
  skills: z.array(DevelopmentSkillSchema),
  /** The area's level per stage (levelOf of its assessed skills). */
  levels: StageLevelsSchema,
  /** The note per stage, null when none is written. */
  notes: z.object({
    start: DevelopmentNoteSchema.nullable(),
    middle: DevelopmentNoteSchema.nullable(),
    end: DevelopmentNoteSchema.nullable(),
  }),
});

export const DevelopmentCardSchema = z.object({
  child: z.object({ id: z.number().int(), name: z.string(), born: z.string() }),
  group: z.object({ id: z.number().int(), name: z.string() }),
  ageGroup: z.enum(PRESCHOOL_AGE_GROUPS),
  ageGroupTitle: z.string(),
  canEdit: z.boolean(),
  areas: z.array(DevelopmentAreaSchema),
  overall: StageLevelsSchema,
});
export const DevelopmentCardResponseSchema = z.object({ data: DevelopmentCardSchema });

export const DevelopmentAssessInputSchema = z.object({
  skillId: IdParam,
  stage: z.enum(ASSESSMENT_STAGES),
  /** null clears the level. */
  level: LevelSchema.nullable(),
});

/** A note's text: trimmed, at most 2000 characters. */
const NoteTextSchema = z.string({ error: 'field_required' }).trim().max(2000, 'field_too_long');

/** Body of PUT …/cards/:userId/notes: both texts empty clears the note. */
export const DevelopmentNoteInputSchema = z.object({
  stage: z.enum(ASSESSMENT_STAGES),
  area: z.enum(EDUCATIONAL_AREAS),
  comment: NoteTextSchema,
  recommendation: NoteTextSchema,
});

export const DevelopmentChildRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Level per area for the chosen stage. */
  // An object with the five area keys (not z.record: OpenAPI would list required keys it never defines).
  areas: z.object({
    health: LevelSchema.nullable(),
    communication: LevelSchema.nullable(),
    cognition: LevelSchema.nullable(),
    creativity: LevelSchema.nullable(),
    society: LevelSchema.nullable(),
  } satisfies Record<(typeof EDUCATIONAL_AREAS)[number], unknown>),
  overall: LevelSchema.nullable(),
  assessed: z.number().int(),
  skills: z.number().int(),
});

export const DevelopmentGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ageGroup: z.enum(PRESCHOOL_AGE_GROUPS).nullable(),
  ageGroupTitle: z.string(),
  children: z.array(DevelopmentChildRowSchema),
  /** Children per level (1, 2, 3) and not assessed, per area, for the stage. */
  distribution: z.array(
    z.object({
      area: z.enum(EDUCATIONAL_AREAS),
      title: z.string(),
      level1: z.number().int(),
      level2: z.number().int(),
      level3: z.number().int(),
      none: z.number().int(),
    }),
  ),
});

export const DevelopmentGroupsResponseSchema = z.object({
  data: z.object({
    stage: z.enum(ASSESSMENT_STAGES),
    groups: z.array(DevelopmentGroupSchema),
  }),
});
export const DevelopmentGroupResponseSchema = z.object({
  data: z.object({ stage: z.enum(ASSESSMENT_STAGES), group: DevelopmentGroupSchema }),
});

/** Body of POST /api/v1/questionnaire/completion/garden (spec §7). */
export const GardenCompletionInputSchema = z.object({
  periodId: IdParam.optional(),
  groupId: IdParam.optional(),
  schoolId: IdParam.optional(),
  stage: z.enum(ASSESSMENT_STAGES).optional(),
});
export const GardenCompletionResponseSchema = z.object({
  data: z.object({
    stage: z.enum(ASSESSMENT_STAGES),
    groups: z.array(
      z.object({
        groupId: z.number().int(),
        name: z.string(),
        children: z.number().int(),
        filled: z.number().int(),
        level1: z.number().int(),
        level2: z.number().int(),
        level3: z.number().int(),
      }),
    ),
  }),
});

export type DevelopmentCard = z.infer<typeof DevelopmentCardSchema>;
export type DevelopmentGroup = z.infer<typeof DevelopmentGroupSchema>;
export type DevelopmentAssessInput = z.infer<typeof DevelopmentAssessInputSchema>;
export type DevelopmentNote = z.infer<typeof DevelopmentNoteSchema>;
export type DevelopmentNoteInput = z.infer<typeof DevelopmentNoteInputSchema>;
export type GardenCompletionInput = z.infer<typeof GardenCompletionInputSchema>;
export { KzRuSchema as DevelopmentKzRuSchema };
