import type { Domain } from '../domain';
import { registerFileRoutes } from './file-routes';
import { moveBlobsToStorage } from './move-blobs';
import { FILES_SQL } from './schema';

/**
 * The one file service (issue 14): stored files in the data directory or S3, resumable uploads.
 * Ids 2100–2149.
 */
export const filesDomain: Domain = {
  name: 'files',
  migrations: [{ id: 2100, name: 'files-service', sql: FILES_SQL }],
  // Attachments stored as bytes in the database before the file service move into its storage.
  prepare: async ({ db, storage }) => {
    await moveBlobsToStorage(db, storage);
  },
  routes: registerFileRoutes,
};
