import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { FileUseSchema, ResumableUploadResponseSchema } from '@sabaq/platform';
import type { ResumableUpload } from '@sabaq/platform';
import { z } from 'zod';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { assertCanUpload, assertSize, assertType, fileLabel } from './file-access';
import { storeFile } from './file-commands';
import {
  deleteUpload,
  finishUpload,
  insertUpload,
  loadOwnUpload,
  staleUploads,
} from './file-queries';
import type { UploadRow } from './file-queries';
import { FileError } from './file-texts';
import { SNIFF_BYTES, sniffType } from './sniff';

/**
 * Resumable uploads: tus 1.0.0 core with the creation extension, implemented here rather than
 * with @tus/server so that the platform's policy hook, per-use limits, content sniffing and kz/ru
 * errors apply to every request like any other route. Bytes are appended to a file in the
 * uploads folder; the offset is always that file's size, so an interrupted PATCH keeps what
 * arrived and HEAD tells the client where to resume. When the last byte arrives the file goes
 * through the same pipeline as a multipart upload (storeFile) and the result is kept on the
 * upload, which GET answers.
 */
const TUS_VERSION = '1.0.0';
const UploadParams = z.object({ uploadId: z.uuid() });
/** Partial uploads not finished within a day are removed at the next creation. */
const STALE_HOURS = 24;

/**
 * PATCHes in progress in this process: an offset request waits for the one in progress (a cut
 * connection may still be flushing its last bytes), so the offset it answers is settled.
 */
const busy = new Map<string, Promise<unknown>>();

async function settled(id: string): Promise<void> {
  await busy.get(id)?.catch(() => undefined);
}

export function registerResumableRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const folder = ctx.files.uploadsDir;
  const partOf = (id: string) => join(folder, id);

  void app.register(async (scope) => {
    // PATCH bodies are read as a stream by the handler, never buffered by Fastify.
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) =>
      done(null, undefined),
    );

    defineRoute(scope, ctx, 'files.uploadCreate', {
      response: { 201: ResumableUploadResponseSchema },
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        assertTusVersion(req.headers['tus-resumable']);
        const meta = parseMetadata(header(req.headers['upload-metadata']));
        const use = FileUseSchema.safeParse(meta.use ?? 'builder');
        if (!use.success) throw new FileError(422, 'file_missing', 'use');
        assertCanUpload(auth.role, use.data);
        const label = fileLabel(meta.filename ?? meta.name ?? 'file');
        const length = Number(header(req.headers['upload-length']));
        if (!Number.isSafeInteger(length) || length < 0)
          throw new FileError(422, 'upload_length', 'file');
        if (length === 0) throw new FileError(422, 'file_empty', 'file');
        // Over the use's limit: refused before a single byte is sent.
        assertSize(use.data, length, label);
        await removeStale(ctx, folder);
        const upload = {
          id: randomUUID(),
          use: use.data,
          ownerId: auth.userId,
          schoolId: auth.schoolId,
          label,
          length,
        };
        await mkdir(folder, { recursive: true });
        await (await open(partOf(upload.id), 'w')).close();
        await insertUpload(db, upload);
        return reply
          .code(201)
          .header('tus-resumable', TUS_VERSION)
          .header('location', `/api/v2/os/files/uploads/${upload.id}`)
          .header('upload-offset', '0')
          .send({ data: present({ ...upload, result: null }, 0) });
      },
    });

    defineRoute(scope, ctx, 'files.uploadStatus', {
      params: UploadParams,
      response: { 200: ResumableUploadResponseSchema },
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        await settled(req.params.uploadId);
        const upload = await loadOwnUpload(db, req.params.uploadId, auth.userId);
        if (!upload) throw new FileError(404, 'upload_not_found');
        const offset = upload.result ? upload.length : await sizeOf(partOf(upload.id));
        tusHeaders(reply, offset, upload.length);
        return reply.send({ data: present(upload, offset) });
      },
    });

    defineRoute(scope, ctx, 'files.uploadAppend', {
      params: UploadParams,
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        assertTusVersion(req.headers['tus-resumable']);
        const upload = await loadOwnUpload(db, req.params.uploadId, auth.userId);
        if (!upload) throw new FileError(404, 'upload_not_found');
        if (
          header(req.headers['content-type'])?.split(';')[0] !== 'application/offset+octet-stream'
        )
          throw new FileError(415, 'upload_content_type');
        await settled(upload.id);
        const path = partOf(upload.id);
        const offset = upload.result ? upload.length : await sizeOf(path);
        const claimed = Number(header(req.headers['upload-offset']));
        if (claimed !== offset || busy.has(upload.id) || upload.result)
          throw new FileError(409, 'upload_offset', undefined, { offset });
        // tus 1.0: a PATCH may not carry bytes past Upload-Length. Announced by Content-Length,
        // it is refused before a byte is read; sent chunked, when the first extra byte arrives.
        const announced = Number(header(req.headers['content-length']));
        if (Number.isSafeInteger(announced) && offset + announced > upload.length)
          throw tooLong(reply, upload, offset);
        const work = receive(ctx, upload, path, req.raw, offset);
        busy.set(upload.id, work);
        let now: number;
        try {
          now = await work;
        } catch (err) {
          if (err === OVERFLOW) throw tooLong(reply, upload, offset);
          throw err;
        } finally {
          busy.delete(upload.id);
        }
        tusHeaders(reply, now, upload.length);
        return reply.code(204).send();
      },
    });
  });
}

/** Thrown by `appendBody` when the body runs past the upload's length. */
const OVERFLOW = new Error('tus: the body runs past Upload-Length');

/**
 * 413 (what tus servers answer for bytes past the upload's size, as for Tus-Max-Size): nothing
 * of this PATCH is kept, the upload stays at its offset for a correct client to resume, and the
 * connection closes (the rest of the body is not read).
 */
function tooLong(reply: FastifyReply, upload: UploadRow, offset: number): FileError {
  tusHeaders(reply, offset, upload.length);
  reply.header('connection', 'close');
  return new FileError(413, 'upload_too_long', undefined, { length: upload.length, offset });
}

/** One PATCH: append, check the head's type, finish when complete; the new offset. */
async function receive(
  ctx: AppContext,
  upload: UploadRow,
  path: string,
  body: NodeJS.ReadableStream,
  offset: number,
): Promise<number> {
  try {
    const now = await appendBody(body, path, upload.length - offset);
    if (now < 0) {
      // Past the length: what this PATCH appended is taken back.
      await truncate(path, offset);
      throw OVERFLOW;
    }
    await refuseEarly(upload, path, offset, now);
    if (now === upload.length) await complete(ctx, upload, path);
    return now;
  } catch (err) {
    if (err instanceof FileError) await drop(ctx, upload.id, path);
    throw err;
  }
}

/**
 * Appends the request body to `path`, at most `room` bytes; the new size of the file, or -1 when
 * the body holds more than `room` (reading stops there).
 */
async function appendBody(
  body: NodeJS.ReadableStream,
  path: string,
  room: number,
): Promise<number> {
  const out = createWriteStream(path, { flags: 'a' });
  let written = 0;
  let overflow = false;
  await new Promise<void>((resolve) => {
    let ended = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      out.end(() => resolve());
    };
    body.on('data', (chunk: Buffer) => {
      if (overflow) return;
      if (chunk.length > room - written) {
        overflow = true;
        body.pause();
        finish();
        return;
      }
      written += chunk.length;
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    });
    // An interrupted request keeps the bytes that arrived: the offset is the file's size.
    body.on('end', finish);
    body.on('aborted', finish);
    body.on('error', finish);
    body.on('close', finish);
  });
  return overflow ? -1 : sizeOf(path);
}

/** When the head of the file has just arrived, its type is checked before the rest is sent. */
async function refuseEarly(upload: UploadRow, path: string, before: number, now: number) {
  if (before >= SNIFF_BYTES || (now < SNIFF_BYTES && now < upload.length)) return;
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, now));
    await handle.read(head, 0, head.length, 0);
    const mime = await sniffType(head, now === upload.length && now <= SNIFF_BYTES);
    assertType(upload.use, mime, upload.label);
  } finally {
    await handle.close();
  }
}

/** The last byte arrived: the file goes into the storage like a multipart upload. */
async function complete(ctx: AppContext, upload: UploadRow, path: string): Promise<void> {
  const file = await storeFile(ctx.db, ctx.files.storage, {
    use: upload.use,
    filename: upload.label,
    body: createReadStream(path),
    uploader: { userId: upload.ownerId, schoolId: upload.schoolId },
  });
  await finishUpload(ctx.db, upload.id, file);
  await rm(path, { force: true });
}

async function drop(ctx: AppContext, id: string, path: string): Promise<void> {
  await deleteUpload(ctx.db, id);
  await rm(path, { force: true });
}

async function removeStale(ctx: AppContext, folder: string): Promise<void> {
  for (const id of await staleUploads(ctx.db, STALE_HOURS)) await drop(ctx, id, join(folder, id));
}

function present(upload: UploadRow, offset: number): ResumableUpload {
  return {
    id: upload.id,
    use: upload.use,
    offset,
    length: upload.length,
    file: upload.result,
  };
}

function tusHeaders(reply: FastifyReply, offset: number, length: number): void {
  reply
    .header('tus-resumable', TUS_VERSION)
    .header('upload-offset', String(offset))
    .header('upload-length', String(length))
    .header('cache-control', 'no-store');
}

function assertTusVersion(value: string | string[] | undefined): void {
  const version = header(value);
  if (version !== undefined && version !== TUS_VERSION) throw new FileError(412, 'upload_version');
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

/** `Upload-Metadata`: comma-separated `key base64value` pairs (tus 1.0 creation). */
export function parseMetadata(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const [key, encoded] = pair.trim().split(' ');
    if (!key) continue;
    out[key] = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  }
  return out;
}
