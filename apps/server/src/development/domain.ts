import type { Domain } from '../domain';
import { coreOf } from '../domain';
import { registerDevelopmentRoutes } from './card-routes';
import { DEVELOPMENT_NOTES_SQL } from './development-notes-schema';
import { DEVELOPMENT_SQL } from './development-schema';
import { seedDevelopment } from './development-seed';

/** Individual developmental cards of the kindergarten (issue 15). Ids 2560–2579 and 2700. */
export const developmentDomain: Domain = {
  name: 'development',
  migrations: [
    { id: 2560, name: 'development-cards', sql: DEVELOPMENT_SQL },
    // Comments and recommendations of the cards.
    { id: 2700, name: 'development-notes', sql: DEVELOPMENT_NOTES_SQL },
  ],
  seed: [
    {
      // Age groups, children, skills and demo assessments (development-seed.ts).
      name: 'development.cards',
      run: (tx, demo) => {
        const core = coreOf(demo);
        return seedDevelopment(tx, demo.now, {
          schoolId: core.schoolIds.kindergarten as number,
          groupIds: { А: core.groupIds['kg-А'] as number, Б: core.groupIds['kg-Б'] as number },
          regionId: core.regionId,
          departmentId: core.departmentId,
          passwordHash: core.studentPasswordHash,
          teacherId: core.userIds.kindergarten as number,
        });
      },
    },
  ],
  routes: (app, ctx) => registerDevelopmentRoutes(app, ctx),
};
