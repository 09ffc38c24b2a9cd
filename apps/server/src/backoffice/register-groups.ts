import type { App, AppContext } from '../http/context';
import { registerArchiveRoutes } from './archive-routes';
import { registerGroupRoutes } from './group-routes';
import { registerPupilRoutes } from './pupil-routes';
import { registerSubgroupRoutes } from './subgroup-routes';
import { registerYearRoutes } from './year-routes';

/**
 * Backoffice classes, pupils, subgroups and the archive (issue 13; policies/backoffice-groups.ts),
 * the school-year transition and the jobs long work runs as (policies/year.ts, policies/jobs.ts).
 */
export function registerBackofficeGroupRoutes(app: App, ctx: AppContext): void {
  registerGroupRoutes(app, ctx);
  registerPupilRoutes(app, ctx);
  registerSubgroupRoutes(app, ctx);
  registerArchiveRoutes(app, ctx);
  registerYearRoutes(app, ctx);
}
