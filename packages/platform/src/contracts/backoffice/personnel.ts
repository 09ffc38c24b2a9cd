import { z } from 'zod';
import { EmailSchema, IinSchema, PersonNameSchema } from '../auth';

/**
 * Backoffice personnel (spec §2 `backoffice/personnel`, issue 13): the staff of the caller's
 * school, hire by IIN, edit, dismiss, password reset, .xlsx import and export.
 *
 * A staff member is a `teacher` (with an optional subrole: `DCR` class teacher, `ZVCH` deputy
 * head who also teaches, spec §6) or a `zavuch`. Directors are not hired here.
 */
export const STAFF_ROLES = ['teacher', 'zavuch'] as const;
export const STAFF_SUBROLES = ['DCR', 'ZVCH'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type StaffSubrole = (typeof STAFF_SUBROLES)[number];

/** Phone: digits only (spec §5 "number fields strip non-digits"), 10 or 11 digits, or empty. */
export const StaffPhoneSchema = z
  .string()
  .max(32, 'field_too_long')
  .transform((v) => v.replace(/\D+/g, ''))
  .refine((v) => v === '' || /^\d{10,11}$/.test(v), { message: 'field_invalid' });

/** The editable fields of an employee (hire adds the IIN). */
export const StaffFieldsSchema = z.object({
  surname: PersonNameSchema,
  firstname: PersonNameSchema,
  lastname: z.union([PersonNameSchema, z.literal('')]).optional(),
  role: z.enum(STAFF_ROLES, { error: 'field_invalid' }),
  subrole: z.enum(STAFF_SUBROLES, { error: 'field_invalid' }).nullable().default(null),
  position: z.string().trim().max(200, 'field_too_long').optional(),
  phone: StaffPhoneSchema.optional(),
  email: z.union([EmailSchema, z.literal('')]).optional(),
  subjectIds: z.array(z.number().int().positive()).max(20).default([]),
});

export const StaffHireRequestSchema = StaffFieldsSchema.extend({ iin: IinSchema }).meta({
  id: 'StaffHireRequest',
});
export type StaffHireRequest = z.input<typeof StaffHireRequestSchema>;

export const StaffUpdateRequestSchema = StaffFieldsSchema.meta({ id: 'StaffUpdateRequest' });
export type StaffUpdateRequest = z.input<typeof StaffUpdateRequestSchema>;

export const StaffParamsSchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const StaffListQuerySchema = z.object({
  /** `all` lists dismissed employees too (greyed out); default: only those working. */
  status: z.enum(['active', 'all']).default('active'),
});

const NamedSchema = z.object({ id: z.number().int(), name: z.string() });

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  iin: z.string().nullable(),
  surname: z.string(),
  firstname: z.string(),
  lastname: z.string().nullable(),
  role: z.enum(STAFF_ROLES).or(z.literal('director')),
  subrole: z.enum(STAFF_SUBROLES).nullable(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  subjects: z.array(NamedSchema),
  /** Classes they lead or teach this school year, e.g. `7А`. */
  classes: z.array(NamedSchema),
  defaultPass: z.boolean(),
  dismissedAt: z.string().nullable(),
  /** Whether the caller may edit, dismiss or reset this person (a zavuch manages teachers). */
  manageable: z.boolean(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffListResponseSchema = z
  .object({
    data: z.object({
      staff: z.array(StaffMemberSchema),
      subjects: z.array(NamedSchema),
    }),
  })
  .meta({ id: 'StaffList' });
export type StaffList = z.infer<typeof StaffListResponseSchema>['data'];

/** Hire and password reset answer the one-time default password (changed at first login). */
export const StaffSavedResponseSchema = z
  .object({
    data: z.object({ member: StaffMemberSchema, password: z.string().optional() }),
  })
  .meta({ id: 'StaffSaved' });
export type StaffSaved = z.infer<typeof StaffSavedResponseSchema>['data'];

export const StaffPasswordResponseSchema = z
  .object({ data: z.object({ password: z.string() }) })
  .meta({ id: 'StaffPassword' });

/** Import: the .xlsx as base64 (at most 2 MB of file). */
export const StaffImportRequestSchema = z
  .object({ xlsx: z.string().min(1, 'field_required').max(2_800_000, 'field_too_long') })
  .meta({ id: 'StaffImportRequest' });
export type StaffImportRequest = z.infer<typeof StaffImportRequestSchema>;

/** What a staff import did (the result of its job, jobs/jobs.ts). */
export const StaffImportResultSchema = z.object({
  updated: z.number().int(),
  /**
   * New accounts with their default passwords, to hand out. A password is shown once: null
   * when the job's result has been read before.
   */
  created: z.array(
    z.object({ iin: z.string(), fullname: z.string(), password: z.string().nullable() }),
  ),
});

export const StaffImportResponseSchema = z
  .object({ data: StaffImportResultSchema })
  .meta({ id: 'StaffImportResult' });
export type StaffImportResult = z.infer<typeof StaffImportResponseSchema>['data'];

/**
 * The kinds of staff as people name them (kz/ru), one per role and subrole: the role column of
 * the screen and of the .xlsx file.
 */
export const STAFF_KINDS = [
  { role: 'teacher', subrole: null, kz: 'Мұғалім', ru: 'Учитель' },
  { role: 'teacher', subrole: 'DCR', kz: 'Сынып жетекшісі', ru: 'Классный руководитель' },
  { role: 'teacher', subrole: 'ZVCH', kz: 'Мұғалім, оқу ісінің меңгерушісі', ru: 'Учитель, завуч' },
  { role: 'zavuch', subrole: null, kz: 'Директордың орынбасары', ru: 'Заместитель директора' },
  { role: 'director', subrole: null, kz: 'Директор', ru: 'Директор' },
] as const;

export function staffKindLabel(role: string, subrole: string | null, lang: 'kz' | 'ru'): string {
  const kind =
    STAFF_KINDS.find((k) => k.role === role && k.subrole === subrole) ??
    STAFF_KINDS.find((k) => k.role === role);
  return kind ? kind[lang] : role;
}
