import type { Domain } from '../domain';
import { registerMethodicalRoutes } from './methodical-routes';
import { METHODICAL_SQL } from './methodical-schema';
import { restoreDemoMethodicalFiles, seedMethodical } from './methodical-seed';

/** The methodical cabinet (issue 17): materials by subject, kind and class, with files. */
export const methodicalDomain: Domain = {
  name: 'methodical',
  migrations: [{ id: 2730, name: 'methodical-cabinet', sql: METHODICAL_SQL }],
  // Materials by subject, with files (methodical-seed.ts).
  seed: [{ name: 'methodical.materials', run: (tx) => seedMethodical(tx) }],
  // The demo files' bytes, when the storage lacks them.
  prepare: async ({ db, storage }) => {
    await restoreDemoMethodicalFiles(db, storage);
  },
  routes: registerMethodicalRoutes,
};
