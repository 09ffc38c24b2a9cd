import { JOB_KINDS } from '@sabaq/platform';
import type { AuthContext } from '../http/context';
import { HttpError } from '../http/errors';
import { inSchool } from '../teaching/tenancy';
import type { JobRow } from './job-queries';

/** Kinds whose result holds nothing personal: the school's management all follow them. */
const SCHOOL_WIDE: ReadonlySet<string> = new Set(['year.transition']);

/**
 * Whether the user reads the job: its starter; for a school-wide job (the year transition) the
 * starter's school's management too (the policy admits management only). An import's result
 * holds one-time passwords, so only its starter reads it.
 */
export function canReadJob(
  auth: Pick<AuthContext, 'userId' | 'schoolId'>,
  job: Pick<JobRow, 'created_by' | 'kind' | 'school_id'> | null,
): boolean {
  if (job === null) return false;
  // Kinds outside the jobs contract (a monitoring export) are followed through their own routes.
  if (!(JOB_KINDS as readonly string[]).includes(job.kind)) return false;
  if (job.created_by === auth.userId) return true;
  return SCHOOL_WIDE.has(job.kind) && inSchool(auth, job.school_id);
}

/** 404 for a job the caller does not read (ids reveal nothing). */
export function assertJobReadable(
  auth: Pick<AuthContext, 'userId' | 'schoolId'>,
  job: JobRow | null,
): asserts job is JobRow {
  if (!canReadJob(auth, job)) throw new HttpError(404, 'not_found');
}
