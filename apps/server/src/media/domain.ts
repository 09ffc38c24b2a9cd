import type { Domain } from '../domain';
import { MEDIA_SQL } from './media-schema';
import { restoreDemoMediaFiles, seedMedia } from './media-seed';
import { registerMediaRoutes } from './media-routes';

/** The media sections (issue 14): cartoons, playlists and their tracks. Ids 2400–2449. */
export const mediaDomain: Domain = {
  name: 'media',
  migrations: [{ id: 2400, name: 'media-catalogue', sql: MEDIA_SQL }],
  // Demo cartoon and playlists, published by the demo methodist (media-seed.ts).
  seed: [{ name: 'media.demo', run: (tx) => seedMedia(tx) }],
  // The demo media's bytes, when the storage lacks them (media-seed.ts).
  prepare: async ({ db, storage }) => {
    await restoreDemoMediaFiles(db, storage);
  },
  routes: (app, ctx) => registerMediaRoutes(app, ctx),
};
