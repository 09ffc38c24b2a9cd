import type { Domain } from '../domain';
import { CYCLOGRAM_SQL } from './cyclogram-schema';
import { registerCyclogramRoutes } from './cyclogram-routes';
import { KINDERGARTEN_DOCUMENT_FILES_SQL, KINDERGARTEN_DOCUMENTS_SQL } from './document-schema';
import { registerKindergartenDocumentRoutes } from './document-routes';
import { KATALOG_SQL } from './katalog-schema';
import { registerKatalogRoutes } from './katalog-routes';
import { seedKindergarten } from './kindergarten-seed';
import { PERSPECTIVE_PLAN_SQL } from './perspective-plan-schema';
import { registerPerspectivePlanRoutes } from './perspective-plan-routes';
import { seedPerspectivePlan } from './perspective-plan-seed';

/**
 * The kindergarten (issue 15): document sections, the katalog, the cyclogram and the perspective
 * plan. Ids 2550–2559 and 2720.
 */
export const kindergartenDomain: Domain = {
  name: 'kindergarten',
  migrations: [
    { id: 2550, name: 'kindergarten-documents', sql: KINDERGARTEN_DOCUMENTS_SQL },
    { id: 2551, name: 'kindergarten-katalog', sql: KATALOG_SQL },
    { id: 2552, name: 'kindergarten-cyclogram', sql: CYCLOGRAM_SQL },
    { id: 2553, name: 'kindergarten-document-files', sql: KINDERGARTEN_DOCUMENT_FILES_SQL },
    // The perspective plan linked to the cyclogram.
    { id: 2720, name: 'kindergarten-perspective-plan', sql: PERSPECTIVE_PLAN_SQL },
  ],
  seed: [
    // Kindergarten documents, written by the demo methodist (kindergarten-seed.ts).
    { name: 'kindergarten.documents', run: (tx) => seedKindergarten(tx) },
    // Group А's perspective plan and this week's cyclogram linked to it (perspective-plan-seed.ts).
    { name: 'kindergarten.perspective-plan', run: (tx, demo) => seedPerspectivePlan(tx, demo.now) },
  ],
  routes(app, ctx) {
    registerKindergartenDocumentRoutes(app, ctx);
    registerKatalogRoutes(app, ctx);
    registerCyclogramRoutes(app, ctx);
    registerPerspectivePlanRoutes(app, ctx);
  },
};
