import type { Domain } from '../domain';
import { registerCatalogueRoutes } from './catalogue-routes';
import { CATALOGUE_SEARCH_SQL, CATALOGUE_SHARING_SQL, CATALOGUE_SQL } from './catalogue-schema';
import { seedCatalogue } from './catalogue-seed';

/** Content catalogues (issue 17): published lessons, lectures and exams, kz/ru search. */
export const catalogueDomain: Domain = {
  name: 'catalogue',
  migrations: [
    { id: 2600, name: 'content-catalogue', sql: CATALOGUE_SQL },
    // The search at 100,000 items: the GIN index without a pending list, counts per type.
    { id: 2760, name: 'catalogue-search-speed', sql: CATALOGUE_SEARCH_SQL },
    // Exams enter the shared catalogue only when their authors share them (issue 28).
    { id: 2821, name: 'catalogue-exam-sharing', sql: CATALOGUE_SHARING_SQL },
  ],
  // Published demo lessons, lectures and SOR in kz/ru, and the seed's published content indexed
  // into the catalogue (catalogue-seed.ts): after every step that publishes content.
  seed: [{ name: 'catalogue.demo', run: (tx) => seedCatalogue(tx) }],
  routes: registerCatalogueRoutes,
};
