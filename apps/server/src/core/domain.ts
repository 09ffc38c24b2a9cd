import type { Domain } from '../domain';
import { AUDIT_SQL } from '../auth/audit';
import { registerAuthRoutes } from '../routes/auth';
import { registerBuilderDictionaryRoutes } from '../routes/builder-dictionaries';
import { registerDictionaryRoutes } from '../routes/dictionaries';
import { registerDraftRoutes } from '../routes/drafts';
import { registerOAuthRoutes } from '../routes/oauth';
import { BUILDER_DICTIONARIES_SQL } from './builder-dictionaries';
import { CORE_SEED } from './core-seed';
import {
  BUILDER_FILES_SQL,
  CORE_SQL,
  DRAFT_INITIAL_STATE_SQL,
  POSITION_RU_SQL,
} from './core-schema';

/**
 * The platform's base: places, schools, people and their sessions (auth, OpenID Connect), the
 * dictionaries, and the builder's drafts with their dictionaries and legacy attachments
 * (routes/). Ids 1–99, 6xx and 1800–1849 are this domain's.
 */
export const coreDomain: Domain = {
  name: 'core',
  migrations: [
    { id: 1, name: 'core', sql: CORE_SQL },
    { id: 2, name: 'draft-initial-state', sql: DRAFT_INITIAL_STATE_SQL },
    // The dictionaries a draft references (engine `Dictionaries`): reference data every
    // deployment needs, so inserted by the migration rather than by the demo seed.
    { id: 601, name: 'builder-dictionaries', sql: BUILDER_DICTIONARIES_SQL },
    { id: 602, name: 'builder-files', sql: BUILDER_FILES_SQL },
    { id: 1800, name: 'users-position-ru', sql: POSITION_RU_SQL },
    // The audit log's session, route and status columns: behalf writes (issue 28, auth/audit.ts).
    { id: 2820, name: 'audit-behalf-writes', sql: AUDIT_SQL },
  ],
  seed: CORE_SEED,
  routes(app, ctx) {
    registerAuthRoutes(app, ctx);
    registerOAuthRoutes(app, ctx);
    registerDictionaryRoutes(app, ctx);
    registerDraftRoutes(app, ctx);
    registerBuilderDictionaryRoutes(app, ctx);
  },
};
