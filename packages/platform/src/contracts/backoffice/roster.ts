import { z } from 'zod';

/**
 * The pupils' roster (contingent) of a school, issue 13: .xlsx export/import in the backoffice
 * (IIN, surname, first name, patronymic, birth date DD.MM.YYYY, class such as 7А, study language)
 * and the §7 monitoring call `POST /api/v1/monitoring/contingent-list?periodId=&archive=`.
 */

/** Import: the .xlsx as base64 (at most 2 MB of file), the way the staff import uploads. */
export const RosterImportRequestSchema = z
  .object({ xlsx: z.string().min(1, 'field_required').max(2_800_000, 'field_too_long') })
  .meta({ id: 'RosterImportRequest' });
export type RosterImportRequest = z.infer<typeof RosterImportRequestSchema>;

/** What an import did (the result of its job, jobs/jobs.ts). */
export const RosterImportResultSchema = z.object({
  /** Pupils already in the named class. */
  unchanged: z.number().int(),
  /** Existing pupils (by IIN) moved to the named class, or back from the archive. */
  moved: z.number().int(),
  /**
   * New pupil accounts with their one-time passwords, to hand out. A password is shown once:
   * null when the job's result has been read before.
   */
  created: z.array(
    z.object({
      iin: z.string(),
      fullname: z.string(),
      className: z.string(),
      password: z.string().nullable(),
    }),
  ),
  /**
   * A large import answers before its passwords are hashed: this job (kind `roster.passwords`)
   * hashes them with progress, and each account signs in once its hash is written. Absent or
   * null when they were hashed within the import.
   */
  passwordsJobId: z.number().int().nullable().optional(),
});

export const RosterImportResponseSchema = z
  .object({ data: RosterImportResultSchema })
  .meta({ id: 'RosterImportResult' });
export type RosterImportResult = z.infer<typeof RosterImportResponseSchema>['data'];

const Flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/** `periodId` (a quarter of the periods list; default the current one), `archive` (0/1). */
export const ContingentListQuerySchema = z.object({
  periodId: z.coerce.number().int().positive().optional(),
  archive: Flag.optional().default(false),
});

export const ContingentPupilSchema = z.object({
  id: z.number().int(),
  iin: z.string().nullable(),
  surname: z.string(),
  firstname: z.string(),
  lastname: z.string().nullable(),
  /** DD.MM.YYYY, or null when unknown. */
  birthDate: z.string().nullable(),
  /** The class (7А); for an archived pupil the class they left. */
  className: z.string().nullable(),
  lang: z.string().nullable(),
  /** DD.MM.YYYY when removed to the archive, else null. */
  archivedAt: z.string().nullable(),
});
export type ContingentPupil = z.infer<typeof ContingentPupilSchema>;

export const ContingentListResponseSchema = z
  .object({
    data: z.object({
      period: z.object({ id: z.number().int(), name: z.string() }),
      archive: z.boolean(),
      pupils: z.array(ContingentPupilSchema),
    }),
  })
  .meta({ id: 'ContingentList' });
export type ContingentList = z.infer<typeof ContingentListResponseSchema>['data'];
