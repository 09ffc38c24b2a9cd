import {
  FILE_MAX_BYTES,
  FileUploadRequestSchema,
  FileUploadResponseSchema,
  TeachingId,
} from '@sabaq/platform';
import type { FileRef } from '@sabaq/platform';
import { z } from 'zod';
import type { Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { TeachingError } from './errors';
import { viewerOf } from './lessons';
import { route } from './http';

/**
 * Attachments of homework and chat: stored in the database (bytea) so several server processes
 * and both database backends see the same files without a shared disk.
 */
export async function fileRefs(q: Queryable, ids: readonly number[]): Promise<FileRef[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<FileRef>(
    'SELECT id, name, size, mime FROM teaching_files WHERE id = ANY($1::int[])',
    [[...ids]],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is FileRef => r !== undefined);
}

/** The files must have been uploaded by the sender (no attaching someone else's upload). */
export async function assertOwnFiles(
  q: Queryable,
  ownerId: number,
  ids: readonly number[],
  field: string,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await q.query<{ id: number }>(
    'SELECT id FROM teaching_files WHERE id = ANY($1::int[]) AND owner_id = $2',
    [unique, ownerId],
  );
  if (rows.length !== unique.length) throw new TeachingError(422, 'file_not_found', field);
  return unique;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function registerFileRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;
  {
    const r = route(ctx, 'teaching.fileUpload');
    app.route({
      ...r.base,
      schema: {
        ...r.meta,
        body: FileUploadRequestSchema,
        response: { 201: FileUploadResponseSchema, ...r.errors },
      },
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        const clean = req.body.data.replace(/\s+/g, '');
        if (clean.length % 4 !== 0 || !BASE64.test(clean))
          throw new TeachingError(422, 'file_bad_data', 'data');
        const bytes = Buffer.from(clean, 'base64');
        if (bytes.length === 0) throw new TeachingError(422, 'file_bad_data', 'data');
        if (bytes.length > FILE_MAX_BYTES) throw new TeachingError(422, 'file_too_large', 'data');
        const rows = await db.query<FileRef>(
          `INSERT INTO teaching_files (owner_id, name, mime, size, data) VALUES ($1, $2, $3, $4, $5)
           RETURNING id, name, size, mime`,
          [auth.userId, req.body.name, req.body.mime, bytes.length, bytes],
        );
        return reply.code(201).send({ data: rows[0] as FileRef });
      },
    });
  }
  {
    const r = route(ctx, 'teaching.fileGet');
    app.route({
      ...r.base,
      schema: { ...r.meta, params: z.object({ fileId: TeachingId }) },
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        const id = req.params.fileId;
        // Who may download: the uploader; both sides of a chat message carrying it; the students
        // of a lesson whose homework carries it and the staff who run that lesson (its teacher,
        // the group's class teachers, management); the same staff for an answer carrying it.
        const rows = await db.query<{ name: string; mime: string; data: Uint8Array }>(
          `SELECT f.name, f.mime, f.data FROM teaching_files f
            WHERE f.id = $1 AND (
              f.owner_id = $2
              OR EXISTS (SELECT 1 FROM chat_messages m WHERE $1 = ANY(m.files) AND ($2 IN (m.sender_id, m.recipient_id)))
              OR EXISTS (SELECT 1 FROM homework h JOIN lessons l ON l.id = h.lesson_id JOIN timetable_slots s ON s.id = l.slot_id
                          JOIN groups g ON g.id = s.group_id
                          WHERE $1 = ANY(h.files) AND (
                            s.group_id = (SELECT group_id FROM users WHERE id = $2)
                            OR s.teacher_id = $2 OR h.teacher_id = $2
                            OR ($3 AND g.school_id = $4) OR g.id = ANY($5::int[])))
              OR EXISTS (SELECT 1 FROM homework_answers a JOIN homework h ON h.id = a.homework_id
                          JOIN lessons l ON l.id = h.lesson_id JOIN timetable_slots s ON s.id = l.slot_id
                          JOIN groups g ON g.id = s.group_id
                          WHERE $1 = ANY(a.files) AND (a.student_id = $2 OR h.teacher_id = $2 OR s.teacher_id = $2
                            OR ($3 AND g.school_id = $4) OR g.id = ANY($5::int[]))))`,
          [
            id,
            auth.userId,
            auth.role === 'director' || auth.role === 'zavuch',
            auth.schoolId ?? -1,
            // Class teachers run their group's lessons and homework (canManageLesson), so they
            // open the files of that homework and its answers too.
            (await viewerOf(db, auth)).ledGroups,
          ],
        );
        const f = rows[0];
        if (!f) throw new TeachingError(404, 'file_not_found');
        return reply
          .header('content-type', f.mime)
          .header(
            'content-disposition',
            `attachment; filename*=UTF-8''${encodeURIComponent(f.name)}`,
          )
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(f.data));
      },
    });
  }
}
