import { Readable } from 'node:stream';
import {
  StreamGrantResponseSchema,
  FILE_MAX_BYTES,
  FileUploadRequestSchema,
  FileUploadResponseSchema,
  TeachingId,
} from '@sabaq/platform';
import { z } from 'zod';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import type { AuthContext } from '../http/context';
import { defineRoute } from '../http/define-route';
import { storeFile } from '../files/file-commands';
import { sendStoredFile } from '../files/file-download';
import { loadStoredFile } from '../files/file-queries';
import type { StoredFile } from '../files/file-queries';
import { grantFor } from '../files/stream-grant';
import { TeachingError } from './errors';
import { viewerOf } from './lessons';
import { schoolOf } from './tenancy';
import { attachmentSchool, loadReadableFile } from './file-queries';
import { refuseRead } from '../files/file-access';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of an upload's base64 data: not empty, at most FILE_MAX_BYTES (422 on `data`). */
function decodeUpload(data: string): Buffer {
  const clean = data.replace(/\s+/g, '');
  if (clean.length % 4 !== 0 || !BASE64.test(clean))
    throw new TeachingError(422, 'file_bad_data', 'data');
  const bytes = Buffer.from(clean, 'base64');
  if (bytes.length === 0) throw new TeachingError(422, 'file_bad_data', 'data');
  if (bytes.length > FILE_MAX_BYTES) throw new TeachingError(422, 'file_too_large', 'data');
  return bytes;
}

/**
 * Attachments of homework and chat. Their bytes live in the file service (files/): the web app
 * uploads through `files.upload` / the resumable routes with `use=homework|chat`; the base64 route
 * stays for API clients of before and goes through the same pipeline (type from the content).
 */
export function registerFileRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'teaching.fileUpload', {
    body: FileUploadRequestSchema,
    response: { 201: FileUploadResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const data = decodeUpload(req.body.data);
      const file = await storeFile(db, ctx.files.storage, {
        use: 'homework',
        filename: req.body.name,
        body: Readable.from([data]),
        uploader: { userId: auth.userId, schoolId: auth.schoolId },
      });
      return reply
        .code(201)
        .send({ data: { id: file.id ?? 0, name: file.name, size: file.size, mime: file.mime } });
    },
  });

  /** The stored file of attachment `fileId` if the caller may read it; 403/404 otherwise. */
  async function readableStored(auth: AuthContext, fileId: number): Promise<StoredFile> {
    const readable = await loadReadableFile(db, fileId, {
      userId: auth.userId,
      isManagement: auth.role === 'director' || auth.role === 'zavuch',
      schoolId: schoolOf(auth),
      // Class teachers run their group's lessons and homework (canManageLesson), so they
      // open the files of that homework and its answers too.
      ledGroups: (await viewerOf(db, auth)).ledGroups,
    });
    if (!readable) refuseRead(await attachmentSchool(db, fileId), schoolOf(auth));
    const file = await loadStoredFile(db, readable.storedId);
    if (!file) throw new TeachingError(404, 'file_not_found');
    return file;
  }

  defineRoute(app, ctx, 'teaching.fileGet', {
    params: z.object({ fileId: TeachingId }),
    handler: async (req, reply) => {
      const file = await readableStored(requireAuth(req), req.params.fileId);
      return sendStoredFile(req, reply, ctx.files.storage, file, 'private');
    },
  });

  // A player cannot send the token: the same rights check, then a short-lived stream URL.
  defineRoute(app, ctx, 'files.attachmentGrant', {
    params: z.object({ fileId: TeachingId }),
    response: { 200: StreamGrantResponseSchema },
    handler: async (req) => {
      const file = await readableStored(requireAuth(req), req.params.fileId);
      const { grant, expiresAt } = grantFor(file.id);
      return { data: { url: `/api/v2/os/files/stream/${grant}`, expiresAt } };
    },
  });
}
