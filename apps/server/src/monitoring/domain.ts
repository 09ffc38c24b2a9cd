import type { Domain } from '../domain';
import { schoolDate } from '../teaching/journal-access';
import { handleExportJob } from './export-job';
import { EXPORT_JOB } from './export-queries';
import { registerMonitoringExportRoutes } from './export-routes';
import { registerMonitoringRoutes } from './monitoring-routes';
import { MONITORING_SQL } from './monitoring-schema';
import { seedMonitoring, seedMonitoringResponses } from './monitoring-seed';
import { registerQuestionnaireRoutes } from './questionnaire-routes';

/** Monitoring questionnaires and their exports (issue 16). Ids 2710–2719. */
export const monitoringDomain: Domain = {
  name: 'monitoring',
  migrations: [{ id: 2710, name: 'monitoring-questionnaires', sql: MONITORING_SQL }],
  seed: [
    {
      // Periods, questionnaires and the demo staff's responses (monitoring-seed.ts).
      name: 'monitoring.questionnaires',
      run: async (tx, demo) => {
        await seedMonitoring(tx, schoolDate(demo.now.getTime()));
        await seedMonitoringResponses(tx, schoolDate(demo.now.getTime()));
      },
    },
  ],
  routes(app, ctx) {
    registerQuestionnaireRoutes(app, ctx);
    registerMonitoringRoutes(app, ctx);
    registerMonitoringExportRoutes(app, ctx);
  },
  jobs: (ctx) => ({ [EXPORT_JOB]: handleExportJob(ctx.files.storage, () => Date.now()) }),
};
