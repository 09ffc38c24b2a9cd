/**
 * What other screen areas may use of the catalogue (screens/areas.test.ts). Only light modules:
 * the builder imports this, and a heavy screen here would ride into the editor's chunk.
 */
export { CatalogueLink } from './CatalogueLink';
export { OriginNote } from './OriginNote';
