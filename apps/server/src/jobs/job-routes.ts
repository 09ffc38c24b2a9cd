import { JobIdParamsSchema, JobResponseSchema } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { assertJobReadable } from './job-access';
import { presentJob, withoutPasswords } from './job-present';
import { loadJob, replaceJobResult } from './job-queries';

/** Kinds whose result carries one-time passwords, shown to the starter once. */
const WITH_PASSWORDS = new Set(['roster.import', 'personnel.import']);

/** A job's progress and result, for the one who started it (policies/jobs.ts). */
export function registerJobRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  defineRoute(app, ctx, 'jobs.get', {
    params: JobIdParamsSchema,
    response: { 200: JobResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const job = await loadJob(db, req.params.jobId);
      assertJobReadable(auth, job);
      const data = presentJob(job, req.locale);
      if (job.status === 'done' && WITH_PASSWORDS.has(job.kind))
        await replaceJobResult(db, job.id, withoutPasswords(job.result));
      return { data };
    },
  });
}
