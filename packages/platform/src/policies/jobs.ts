import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Long work as jobs: whoever may start one (today management: imports, the year transition)
 * reads its progress and result; the row rule (the job's own starter only) is in the server's
 * jobs/job-access.ts.
 */
const starters: readonly Role[] = ROLE_GROUPS.management;

export const JOB_ROUTES = {
  'jobs.get': {
    method: 'GET',
    path: '/api/v2/os/jobs/:jobId',
    policy: starters,
    summary: 'A job: status, stage, progress, then its result or refusal',
  },
} as const;
