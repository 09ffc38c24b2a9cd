import {
  FILE_MAX_BYTES,
  FileUploadRequestSchema,
  FileUploadResponseSchema,
  TeachingId,
} from '@sabaq/platform';
import { z } from 'zod';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { TeachingError } from './errors';
import { viewerOf } from './lessons';
import { schoolOf } from './tenancy';
import { insertFile, loadReadableFile } from './file-queries';

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

/** Attachments of homework and chat (stored in the database, file-queries.ts). */
export function registerFileRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'teaching.fileUpload', {
    body: FileUploadRequestSchema,
    response: { 201: FileUploadResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const data = decodeUpload(req.body.data);
      const file = await insertFile(db, { ...req.body, ownerId: auth.userId, data });
      return reply.code(201).send({ data: file });
    },
  });

  defineRoute(app, ctx, 'teaching.fileGet', {
    params: z.object({ fileId: TeachingId }),
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const file = await loadReadableFile(db, req.params.fileId, {
        userId: auth.userId,
        isManagement: auth.role === 'director' || auth.role === 'zavuch',
        schoolId: schoolOf(auth),
        // Class teachers run their group's lessons and homework (canManageLesson), so they
        // open the files of that homework and its answers too.
        ledGroups: (await viewerOf(db, auth)).ledGroups,
      });
      if (!file) throw new TeachingError(404, 'file_not_found');
      return reply
        .header('content-type', file.mime)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.data));
    },
  });
}
