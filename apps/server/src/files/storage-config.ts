import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Storage } from './s3-storage';
import type { S3Config } from './s3-storage';
import { LocalStorage } from './storage';
import type { FileStorage } from './storage';

/**
 * How the file service is set up: where stored files live and where resumable uploads collect
 * their bytes until they are complete (always a local folder: a partial upload is appended to).
 */
export interface FilesSetup {
  storage: FileStorage;
  /** Folder of partial resumable uploads. */
  uploadsDir: string;
  /** Removes what a throw-away setup created (tests with an in-memory database). */
  dispose(): Promise<void>;
}

/**
 * S3 when SABAQ_S3_BUCKET is set (SABAQ_S3_ENDPOINT, SABAQ_S3_REGION, SABAQ_S3_PREFIX,
 * SABAQ_S3_FORCE_PATH_STYLE; credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or the SDK's
 * usual chain); otherwise null (the data directory).
 */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config | null {
  const bucket = env.SABAQ_S3_BUCKET?.trim();
  if (!bucket) return null;
  return {
    bucket,
    region: env.SABAQ_S3_REGION?.trim() || 'us-east-1',
    ...(env.SABAQ_S3_ENDPOINT ? { endpoint: env.SABAQ_S3_ENDPOINT.trim() } : {}),
    ...(env.SABAQ_S3_FORCE_PATH_STYLE
      ? { forcePathStyle: env.SABAQ_S3_FORCE_PATH_STYLE === 'true' }
      : {}),
    ...(env.SABAQ_S3_PREFIX ? { prefix: env.SABAQ_S3_PREFIX } : {}),
    ...(env.AWS_ACCESS_KEY_ID ? { accessKeyId: env.AWS_ACCESS_KEY_ID } : {}),
    ...(env.AWS_SECRET_ACCESS_KEY ? { secretAccessKey: env.AWS_SECRET_ACCESS_KEY } : {}),
  };
}

/**
 * `dataDir` is the server's data directory (`memory` = a temporary folder removed on close);
 * files go to `<dataDir>/files`, partial uploads to `<dataDir>/files/.uploads`.
 */
export function setUpFiles(dataDir: string, s3: S3Config | null): FilesSetup {
  const temporary = dataDir === 'memory';
  const root = temporary ? mkdtempSync(join(tmpdir(), 'sabaq-files-')) : join(dataDir, 'files');
  return {
    storage: s3 ? new S3Storage(s3) : new LocalStorage(root),
    uploadsDir: join(root, '.uploads'),
    dispose: async () => {
      if (temporary) await rm(root, { recursive: true, force: true });
    },
  };
}
