import { z } from 'zod';

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
