import type { Domain } from '../domain';
import { schoolDate } from '../teaching/journal-access';
import { registerContestRoutes } from './contest-routes';
import { CONTESTS_SQL } from './contest-schema';
import { seedContests } from './contest-seed';

/** Contests (issue 17): entries, a jury's scores and places. Ids 2740–2749. */
export const contestsDomain: Domain = {
  name: 'contests',
  migrations: [{ id: 2740, name: 'contests', sql: CONTESTS_SQL }],
  // Demo contests around today, with entries of the demo teachers (contest-seed.ts).
  seed: [
    { name: 'contests.demo', run: (tx, demo) => seedContests(tx, schoolDate(demo.now.getTime())) },
  ],
  routes: (app, ctx) => registerContestRoutes(app, ctx),
};
