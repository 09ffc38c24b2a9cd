import { z } from 'zod';
import { isValidIin } from '../../validators/iin';
import { IdParam } from '../common';

/** At most two teachers per group (spec §9). */
export const GROUP_MAX_PERSONNEL = 2;

/**
 * Group create/update body of spec §7: name (the parallel's number id), letter, personnel_id
 * (teacher ids, at most 2) and edu_lang (study language id). Letter, parallel and language are
 * required (spec §5).
 */
export const GroupBodySchema = z
  .object({
    name: z.number({ error: 'field_required' }).int().min(0).max(12),
    letter: z
      .string({ error: 'field_required' })
      .trim()
      .min(1, 'field_required')
      .max(3, 'field_too_long')
      .regex(/^[A-Za-zА-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІі]+$/u, 'field_invalid'),
    personnel_id: z
      .array(z.number().int().positive())
      .max(GROUP_MAX_PERSONNEL, 'group_max_personnel')
      .default([]),
    edu_lang: z.number({ error: 'field_required' }).int().positive(),
  })
  .meta({ id: 'GroupBody' });
export type GroupBody = z.input<typeof GroupBodySchema>;

export const LangSchema = z.object({ id: z.number().int(), name: z.string() });
export const PersonnelSchema = z.object({ id: z.number().int(), fullname: z.string() });

/** GET /api/v2/os/backoffice/group/{groupId} (spec §3 "Group detail response"). */
export const GroupDetailResponseSchema = z
  .object({
    group: z.object({
      id: z.number().int(),
      letter: z.string(),
      bl_name: z.object({ id: z.number().int() }),
      edu_lang: z.number().int(),
      personnel_id: z.array(z.number().int()),
    }),
    langs: z.array(LangSchema),
    personnels: z.array(PersonnelSchema),
  })
  .meta({ id: 'GroupDetail' });
export type GroupDetailResponse = z.infer<typeof GroupDetailResponseSchema>;

/** GET /api/v2/os/backoffice/personals/group (spec §3 "Dictionaries response"). */
export const GroupDictionariesResponseSchema = z
  .object({
    groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
    langs: z.array(LangSchema),
    personnels: z.array(PersonnelSchema),
  })
  .meta({ id: 'GroupDictionaries' });
export type GroupDictionariesResponse = z.infer<typeof GroupDictionariesResponseSchema>;

/** Create/update answer: the saved group in the detail shape. */
export const GroupSavedResponseSchema = GroupDetailResponseSchema;

// --- the backoffice screens of classes, pupils, subgroups and the archive (issue 13) ---------
// Answers carry `{data}` like the teaching routes; the four routes above keep the spec §3 shapes.

const Id = IdParam;
const PersonRef = z.object({ id: z.number().int(), fullname: z.string() });

export const GroupIdParamsBackofficeSchema = z.object({ groupId: Id });
export const GroupPupilParamsSchema = z.object({ groupId: Id, userId: Id });
export const SubgroupParamsSchema = z.object({ subgroupId: Id });
export const SubgroupTransferParamsSchema = z.object({ groupId: Id, subjectId: Id });

/** A class in the list: letter, study language, class teachers, pupil count. */
export const GroupSummarySchema = z.object({
  id: z.number().int(),
  parallel: z.number().int(),
  letter: z.string(),
  name: z.string(),
  eduLang: z.object({ id: z.number().int(), name: z.string() }),
  teachers: z.array(PersonRef),
  pupils: z.number().int(),
});
export type GroupSummary = z.infer<typeof GroupSummarySchema>;

/** GET backoffice/groups: the school's classes by parallel (a class teacher: their class). */
export const GroupListResponseSchema = z
  .object({
    data: z.object({
      parallels: z.array(
        z.object({ parallel: z.number().int(), groups: z.array(GroupSummarySchema) }),
      ),
      canManage: z.boolean(),
    }),
  })
  .meta({ id: 'GroupList' });
export type GroupList = z.infer<typeof GroupListResponseSchema>['data'];

export const PupilSchema = z.object({
  id: z.number().int(),
  fullname: z.string(),
  iin: z.string().nullable(),
});
export type Pupil = z.infer<typeof PupilSchema>;

/** GET backoffice/groups/:groupId/card: pupils, teachers per subject, classes to move to. */
export const GroupCardResponseSchema = z
  .object({
    data: z.object({
      group: GroupSummarySchema,
      pupils: z.array(PupilSchema),
      subjects: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          teachers: z.array(PersonRef),
          subgroups: z.number().int(),
        }),
      ),
      otherGroups: z.array(z.object({ id: z.number().int(), name: z.string() })),
      canManage: z.boolean(),
    }),
  })
  .meta({ id: 'GroupCard' });
export type GroupCard = z.infer<typeof GroupCardResponseSchema>['data'];

const PupilNameSchema = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(100, 'field_too_long')
  .regex(/^[A-Za-zА-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІі\s-]+$/u, 'name_invalid');

const PupilIinSchema = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .refine((value) => isValidIin(value), { message: 'iin_invalid' });

/**
 * POST backoffice/groups/:groupId/pupils: an existing pupil account of the school (or without a
 * school) found by IIN, or a new account (IIN and names; spec §5 name and IIN rules).
 */
export const PupilAddRequestSchema = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('existing'), iin: PupilIinSchema }),
    z.object({
      mode: z.literal('new'),
      iin: PupilIinSchema,
      surname: PupilNameSchema,
      firstname: PupilNameSchema,
      lastname: PupilNameSchema.optional(),
    }),
  ])
  .meta({ id: 'PupilAdd' });
export type PupilAddRequest = z.input<typeof PupilAddRequestSchema>;

/** The pupil added; a new account's one-time password (shown once, changed at first sign-in). */
export const PupilAddedResponseSchema = z.object({
  data: z.object({ pupil: PupilSchema, initialPassword: z.string().nullable() }),
});
export type PupilAdded = z.infer<typeof PupilAddedResponseSchema>['data'];

/** PUT backoffice/groups/:groupId/pupils/:userId: move the pupil to another class. */
export const PupilMoveRequestSchema = z.object({ groupId: z.number().int().positive() });

export const SubgroupNameSchema = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(40, 'field_too_long')
  .regex(/^[0-9A-Za-zА-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІі\s-]+$/u, 'field_invalid');

export const SubgroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.number().int(),
});

/** GET backoffice/groups/:groupId/subgroups: the class's subjects and their subgroups. */
export const SubgroupsResponseSchema = z
  .object({
    data: z.object({
      group: z.object({ id: z.number().int(), name: z.string(), pupils: z.number().int() }),
      subjects: z.array(
        z.object({ id: z.number().int(), name: z.string(), subgroups: z.array(SubgroupSchema) }),
      ),
      canManage: z.boolean(),
    }),
  })
  .meta({ id: 'Subgroups' });
export type Subgroups = z.infer<typeof SubgroupsResponseSchema>['data'];

export const SubgroupCreateRequestSchema = z.object({
  subjectId: z.number({ error: 'field_required' }).int().positive(),
  name: SubgroupNameSchema,
});
export const SubgroupRenameRequestSchema = z.object({ name: SubgroupNameSchema });
export const SubgroupSavedResponseSchema = z.object({ data: SubgroupSchema });

/** GET backoffice/groups/:groupId/subgroups/:subjectId: who is in which subgroup. */
export const SubgroupTransferResponseSchema = z
  .object({
    data: z.object({
      group: z.object({ id: z.number().int(), name: z.string() }),
      subject: z.object({ id: z.number().int(), name: z.string() }),
      subgroups: z.array(SubgroupSchema),
      pupils: z.array(
        z.object({
          id: z.number().int(),
          fullname: z.string(),
          subgroupId: z.number().int().nullable(),
        }),
      ),
      canManage: z.boolean(),
    }),
  })
  .meta({ id: 'SubgroupTransfer' });
export type SubgroupTransfer = z.infer<typeof SubgroupTransferResponseSchema>['data'];

/** PUT …/subgroups/:subjectId: each listed pupil's subgroup in that subject (null: none). */
export const SubgroupTransferRequestSchema = z.object({
  members: z
    .array(
      z.object({
        userId: z.number().int().positive(),
        subgroupId: z.number().int().positive().nullable(),
      }),
    )
    .min(1, 'field_required')
    .max(200, 'field_too_long'),
});
export type SubgroupTransferRequest = z.infer<typeof SubgroupTransferRequestSchema>;

export const DeletedResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });

/** GET backoffice/archive: archived classes and the pupils removed to the archive. */
export const ArchiveResponseSchema = z
  .object({
    data: z.object({
      groups: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          archivedAt: z.string().nullable(),
          pupils: z.number().int(),
        }),
      ),
      pupils: z.array(
        z.object({
          id: z.number().int(),
          fullname: z.string(),
          groupId: z.number().int(),
          groupName: z.string(),
          archivedAt: z.string(),
        }),
      ),
    }),
  })
  .meta({ id: 'Archive' });
export type Archive = z.infer<typeof ArchiveResponseSchema>['data'];

/** GET backoffice/archive/:groupId: an archived class, read-only. */
export const ArchivedGroupResponseSchema = z
  .object({
    data: z.object({
      group: z.object({
        id: z.number().int(),
        name: z.string(),
        eduLang: z.string(),
        archived: z.boolean(),
        archivedAt: z.string().nullable(),
      }),
      pupils: z.array(z.object({ id: z.number().int(), fullname: z.string(), left: z.boolean() })),
      subjects: z.array(
        z.object({ id: z.number().int(), name: z.string(), teachers: z.array(PersonRef) }),
      ),
    }),
  })
  .meta({ id: 'ArchivedGroup' });
export type ArchivedGroup = z.infer<typeof ArchivedGroupResponseSchema>['data'];
