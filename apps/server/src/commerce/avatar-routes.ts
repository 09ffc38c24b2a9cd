import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FileUse } from '@sabaq/platform';
import { AVATAR_LIMITS, AvatarResponseSchema, MessageResponseSchema } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { sendStoredFile } from '../files/file-download';
import { fileLabel } from '../files/file-access';
import { FileError } from '../files/file-texts';
import { removeAvatar, replaceAvatar } from './avatar-commands';
import { assertPicture, readLimited, toAvatar } from './avatar-image';
import { findAvatarByName } from './avatar-queries';
import { AvatarError, AVATAR_MESSAGES } from './avatar-texts';

const AVATAR_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * The profile picture (issue 19). A route of its own rather than one more `use` of files.upload:
 * the file service stores the bytes it is sent, while a picture must be decoded, cropped and
 * re-encoded before anything is stored (so that the EXIF location never reaches the storage), it
 * replaces the user's previous one, and every signed-in role may have one (files.upload admits
 * only the roles that build or hand in work). It reuses the service's pieces: type from the
 * content (sniff.ts), its kz/ru size and type messages, `stored_files` and its storage, and its
 * download (ETag, nosniff, sandbox CSP).
 */
export function registerAvatarRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_LIMITS.maxBytes + 1, files: 1, fields: 2, parts: 3 },
    });
    defineRoute(scope, ctx, 'profile.avatarUpload', {
      response: { 201: AvatarResponseSchema },
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        if (!req.isMultipart()) throw new FileError(422, 'file_missing', 'file');
        const part = await req.file();
        if (!part) throw new FileError(422, 'file_missing', 'file');
        const label = fileLabel(part.filename);
        try {
          const bytes = await readLimited(part.file, label);
          await assertPicture(bytes, label);
          const picture = await toAvatar(bytes, label);
          const stored = await replaceAvatar(db, ctx.files.storage, auth, picture);
          return await reply.code(201).send({
            data: {
              url: stored.url,
              width: picture.width,
              height: picture.height,
              size: stored.size,
            },
          });
        } catch (err) {
          // Refused before the body ended: close rather than read leftovers as a next request.
          reply.header('connection', 'close');
          throw err;
        }
      },
    });
  });

  defineRoute(app, ctx, 'profile.avatarRemove', {
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const { userId } = requireAuth(req);
      await removeAvatar(db, ctx.files.storage, userId);
      return { message: AVATAR_MESSAGES.avatar_removed[req.locale] };
    },
  });

  defineRoute(app, ctx, 'profile.avatarGet', {
    params: z.object({ name: z.string().max(64) }),
    handler: async (req, reply) => {
      const { name } = req.params;
      const file = AVATAR_NAME.test(name) ? await findAvatarByName(db, name) : null;
      if (!file) throw new AvatarError(404, 'avatar_not_found');
      // A name is never reused (a new picture gets a new one): cached for a year, immutable.
      return sendStoredFile(
        req,
        reply,
        ctx.files.storage,
        {
          id: file.storedId,
          use: 'avatar' as FileUse, // not an upload use: stored by this route only
          label: 'avatar.webp',
          mime: file.mime,
          size: file.size,
          sha256: file.sha256,
          createdAt: file.createdAt,
        },
        'immutable',
      );
    },
  });
}
