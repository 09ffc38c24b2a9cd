import { z } from 'zod';
import { StaffImportResultSchema } from '../backoffice/personnel';
import { RosterImportResultSchema } from '../backoffice/roster';
import { YearTransitionResultSchema } from '../backoffice/year';

/**
 * Long work as jobs (DESIGN.md "Long work"): a request that starts one answers 202 with the job;
 * the screen reads it until it is done (its result) or failed (the refusal, e.g. a 422 naming bad
 * rows, in the reader's language). Jobs survive a restart of the server.
 */
export const JOB_KINDS = [
  'roster.import',
  'roster.passwords',
  'personnel.import',
  'year.transition',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JobIdParamsSchema = z.object({
  jobId: z.coerce.number().int().positive().max(2_147_483_647),
});

const JobError = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

const base = {
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** What it is doing now (e.g. `passwords`, `writing`), and how far. */
  stage: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  error: JobError.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
};

export const JobSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('roster.import'),
    ...base,
    result: RosterImportResultSchema.nullable(),
  }),
  z.object({
    // A large import's one-time passwords, hashed after the import answered (issue 27): each
    // account signs in once its hash is written.
    kind: z.literal('roster.passwords'),
    ...base,
    result: z.object({ hashed: z.number().int() }).nullable(),
  }),
  z.object({
    kind: z.literal('personnel.import'),
    ...base,
    result: StaffImportResultSchema.nullable(),
  }),
  z.object({
    kind: z.literal('year.transition'),
    ...base,
    result: YearTransitionResultSchema.nullable(),
  }),
]);
export type Job = z.infer<typeof JobSchema>;
export const JobResponseSchema = z.object({ data: JobSchema }).meta({ id: 'Job' });
