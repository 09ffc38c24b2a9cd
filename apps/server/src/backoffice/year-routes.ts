import {
  JobResponseSchema,
  YearPreviewRequestSchema,
  YearPreviewResponseSchema,
  YearTransitionRequestSchema,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { jobsOf } from '../jobs/job-runner';
import { presentJob } from '../jobs/job-present';
import { loadJob } from '../jobs/job-queries';
import type { JobRow } from '../jobs/job-queries';
import { requireSchool } from './personnel-commands';
import { assertStartable, loadSituation, presentPreview } from './year-commands';
import type { YearJobPayload } from './year-commands';
import { YearError } from './year-texts';

/**
 * The school-year transition (policies/year.ts): director and zavuch of their own school. The
 * preview only reads; the start checks what the preview checked and queues one job per school
 * year (a second start of the same year answers the first job, 200), which does it all in one
 * transaction (year-commands.ts).
 */
export function registerYearRoutes(
  app: App,
  ctx: AppContext,
  now: () => Date = () => new Date(),
): void {
  const { db } = ctx;
  const jobs = jobsOf(db);
  /**
   * Issue 30: the step moves classes up to the 11th and opens first classes — a school's. A
   * kindergarten's groups would become first classes: its management is refused (409, kz/ru).
   */
  const notKindergarten = async (schoolId: number): Promise<void> => {
    const rows = await db.query<{ kind: string }>('SELECT kind FROM schools WHERE id = $1', [
      schoolId,
    ]);
    if (rows[0]?.kind === 'kindergarten') throw new YearError(409, 'year_kindergarten');
  };

  defineRoute(app, ctx, 'year.preview', {
    body: YearPreviewRequestSchema,
    response: { 200: YearPreviewResponseSchema },
    handler: async (req) => {
      const caller = requireSchool(requireAuth(req));
      await notKindergarten(caller.schoolId);
      const situation = await loadSituation(db, caller.schoolId, req.body.newClasses, now());
      return { data: await presentPreview(db, situation, req.locale) };
    },
  });

  defineRoute(app, ctx, 'year.start', {
    body: YearTransitionRequestSchema,
    response: { 200: JobResponseSchema, 202: JobResponseSchema },
    handler: async (req, reply) => {
      const caller = requireSchool(requireAuth(req));
      await notKindergarten(caller.schoolId);
      const { fromYear, newClasses } = req.body;
      const dedupeKey = `year.transition:${caller.schoolId}:${fromYear}`;
      const live = await jobs.liveJob(dedupeKey);
      if (live === null) {
        const situation = await loadSituation(db, caller.schoolId, newClasses, now());
        assertStartable(situation, fromYear);
      }
      const payload: YearJobPayload = { fromYear, newClasses };
      const queued =
        live === null
          ? await jobs.enqueue({
              kind: 'year.transition',
              schoolId: caller.schoolId,
              createdBy: caller.userId,
              payload,
              dedupeKey,
            })
          : { id: live, created: false };
      const job = (await loadJob(db, queued.id)) as JobRow;
      return reply.code(queued.created ? 202 : 200).send({ data: presentJob(job, req.locale) });
    },
  });
}
