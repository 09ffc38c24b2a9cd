import multipart from '@fastify/multipart';
import { FILE_LIMITS, UploadQuerySchema, UploadedFileResponseSchema } from '@sabaq/platform';
import { z } from 'zod';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { assertCanUpload } from './file-access';
import { storeFile } from './file-commands';
import { loadBuilderAsset, loadStoredFile } from './file-queries';
import { fileOfGrant, secondsLeft } from './stream-grant';
import { sendStoredFile } from './file-download';
import { FileError } from './file-texts';
import { registerResumableRoutes } from './upload-routes';

const LARGEST = Math.max(...Object.values(FILE_LIMITS).map((limits) => limits.maxBytes));
const BUILDER_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

/**
 * The file service's routes (issue 14): one streamed multipart upload for any use, the
 * resumable (tus) uploads, and the builder assets' capability URLs. Homework and chat attachments
 * download through `teaching.fileGet`, which checks the caller's rights per file.
 */
export function registerFileRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  // Multipart parsing only where files are uploaded (an encapsulated child context).
  void app.register(async (scope) => {
    // The per-use limit is enforced while bytes arrive (file-commands.ts); this bound only stops
    // the parser itself beyond the largest use.
    await scope.register(multipart, {
      limits: { fileSize: LARGEST + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });

    defineRoute(scope, ctx, 'files.upload', {
      querystring: UploadQuerySchema,
      response: { 201: UploadedFileResponseSchema },
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        const { use } = req.query;
        assertCanUpload(auth.role, use);
        if (!req.isMultipart()) throw new FileError(422, 'file_missing', 'file');
        const part = await req.file();
        if (!part) throw new FileError(422, 'file_missing', 'file');
        try {
          const file = await storeFile(db, ctx.files.storage, {
            use,
            filename: part.filename,
            body: part.file,
            uploader: { userId: auth.userId, schoolId: auth.schoolId },
          });
          return await reply.code(201).send({ data: file });
        } catch (err) {
          // Refused mid-body (too large, wrong type): the rest of the body is not read, so the
          // connection closes with the answer instead of parsing leftovers as a next request.
          reply.header('connection', 'close');
          throw err;
        }
      },
    });
  });

  registerResumableRoutes(app, ctx);

  defineRoute(app, ctx, 'files.stream', {
    params: z.object({ grant: z.string().max(128) }),
    handler: async (req, reply) => {
      const fileId = fileOfGrant(req.params.grant);
      const file = fileId && (await loadStoredFile(db, fileId));
      if (!file) throw new FileError(404, 'file_not_found');
      return sendStoredFile(req, reply, ctx.files.storage, file, {
        seconds: secondsLeft(req.params.grant),
      });
    },
  });

  defineRoute(app, ctx, 'files.get', {
    params: z.object({ name: z.string().max(64) }),
    handler: async (req, reply) => {
      const { name } = req.params;
      if (!BUILDER_NAME.test(name)) throw new HttpError(404, 'not_found');
      const file = await loadBuilderAsset(db, name);
      if (!file) throw new HttpError(404, 'not_found');
      return sendStoredFile(req, reply, ctx.files.storage, file, 'immutable');
    },
  });
}
