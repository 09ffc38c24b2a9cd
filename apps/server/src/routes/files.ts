import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { Locale } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';

/**
 * Builder assets and attachments (issue 6): one file per multipart upload, checked by size and
 * by content (magic bytes), stored in the database (so PGlite, PostgreSQL and several server
 * processes all see the same files and backups include them) and served back by random name.
 */

/** Largest accepted file. Lessons carry pictures, worksheets and short audio, not videos. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** What may be uploaded: extension → MIME type and a content check. */
const KINDS = {
  png: { mime: 'image/png', ok: (b: Buffer) => starts(b, [0x89, 0x50, 0x4e, 0x47]) },
  jpg: { mime: 'image/jpeg', ok: (b: Buffer) => starts(b, [0xff, 0xd8, 0xff]) },
  jpeg: { mime: 'image/jpeg', ok: (b: Buffer) => starts(b, [0xff, 0xd8, 0xff]) },
  gif: { mime: 'image/gif', ok: (b: Buffer) => ascii(b, 0, 'GIF8') },
  webp: { mime: 'image/webp', ok: (b: Buffer) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  pdf: { mime: 'application/pdf', ok: (b: Buffer) => ascii(b, 0, '%PDF-') },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ok: zip,
  },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ok: zip },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ok: zip,
  },
  doc: { mime: 'application/msword', ok: ole },
  xls: { mime: 'application/vnd.ms-excel', ok: ole },
  ppt: { mime: 'application/vnd.ms-powerpoint', ok: ole },
  mp3: {
    mime: 'audio/mpeg',
    ok: (b: Buffer) => ascii(b, 0, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  },
  mp4: { mime: 'video/mp4', ok: (b: Buffer) => ascii(b, 4, 'ftyp') },
  txt: { mime: 'text/plain; charset=utf-8', ok: isUtf8Text },
} as const satisfies Record<string, { mime: string; ok: (b: Buffer) => boolean }>;
type Ext = keyof typeof KINDS;

/** Shown inline (pictures in lessons, PDFs); everything else downloads. */
const INLINE: ReadonlySet<Ext> = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'pdf',
  'mp3',
  'mp4',
]);

function starts(b: Buffer, bytes: number[]): boolean {
  return bytes.every((x, i) => b[i] === x);
}
function ascii(b: Buffer, at: number, s: string): boolean {
  return b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;
}
function zip(b: Buffer): boolean {
  return starts(b, [0x50, 0x4b, 0x03, 0x04]);
}
function ole(b: Buffer): boolean {
  return starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
}
function isUtf8Text(b: Buffer): boolean {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

const TEXT = {
  kz: {
    missing: 'Файлды таңдаңыз.',
    empty: 'Файл бос.',
    tooLarge: `Файл тым үлкен: ең көбі ${MAX_FILE_BYTES / 1024 / 1024} МБ.`,
    type: 'Бұл файл түріне рұқсат жоқ. Рұқсат етілгені: {list}.',
    content: 'Файлдың мазмұны оның түріне сәйкес келмейді.',
  },
  ru: {
    missing: 'Выберите файл.',
    empty: 'Файл пустой.',
    tooLarge: `Файл слишком большой: не более ${MAX_FILE_BYTES / 1024 / 1024} МБ.`,
    type: 'Этот тип файла не разрешён. Разрешены: {list}.',
    content: 'Содержимое файла не соответствует его типу.',
  },
} as const;

function refuse(locale: Locale, key: keyof (typeof TEXT)['kz']): HttpError {
  const text = TEXT[locale === 'ru' ? 'ru' : 'kz'][key].replace(
    '{list}',
    Object.keys(KINDS).join(', '),
  );
  return new HttpError(422, 'validation_failed', { rawErrors: { file: [text] } });
}

/** The person's file name, kept only as a label: no path, no control characters, bounded. */
export function fileLabel(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // Control characters (C0 and DEL) would break headers and listings.
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;
const NameParams = z.object({ name: z.string().max(64) });
const UploadResponse = z.object({
  data: z.object({ name: z.string(), label: z.string(), mime: z.string(), size: z.number().int() }),
});

export function registerFileRoutes(app: App, ctx: AppContext): void {
  // The `files` table is created by migration 602 (apps/server/src/db/migrations.ts).

  // Multipart parsing only where files are uploaded (an encapsulated child context).
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });

    defineRoute(scope, ctx, 'files.upload', {
      response: { 201: UploadResponse },
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        if (!req.isMultipart()) throw refuse(req.locale, 'missing');
        const part = await req.file();
        if (!part) throw refuse(req.locale, 'missing');
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if (err instanceof scope.multipartErrors.RequestFileTooLargeError)
            throw refuse(req.locale, 'tooLarge');
          throw err;
        }
        // busboy marks the stream truncated at the limit; toBuffer does not always throw for it.
        if (part.file.truncated) throw refuse(req.locale, 'tooLarge');
        if (data.length === 0) throw refuse(req.locale, 'empty');
        const label = fileLabel(part.filename);
        const ext = (label.includes('.') ? label.split('.').pop()! : '').toLowerCase();
        if (!(ext in KINDS)) throw refuse(req.locale, 'type');
        const kind = KINDS[ext as Ext];
        // The extension alone is a claim; the bytes must agree (no HTML posing as a picture).
        if (!kind.ok(data)) throw refuse(req.locale, 'content');
        const name = `${randomUUID()}.${ext === 'jpeg' ? 'jpg' : ext}`;
        await ctx.db.query(
          `INSERT INTO files (name, owner_id, school_id, label, mime, size, data)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [name, auth.userId, auth.schoolId, label, kind.mime, data.length, data],
        );
        return reply.code(201).send({ data: { name, label, mime: kind.mime, size: data.length } });
      },
    });
  });

  defineRoute(app, ctx, 'files.get', {
    params: NameParams,
    handler: async (req, reply) => {
      const { name } = req.params;
      if (!NAME.test(name)) throw new HttpError(404, 'not_found');
      const rows = await ctx.db.query<{ label: string; mime: string; data: Uint8Array }>(
        'SELECT label, mime, data FROM files WHERE name = $1',
        [name],
      );
      const row = rows[0];
      if (!row) throw new HttpError(404, 'not_found');
      const ext = name.split('.').pop() as Ext;
      const disposition = INLINE.has(ext) ? 'inline' : 'attachment';
      return reply
        .header('Content-Type', row.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header(
          'Content-Disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(row.label)}`,
        )
        .send(Buffer.from(row.data));
    },
  });
}
