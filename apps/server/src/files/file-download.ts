import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isInlineSafe } from './file-access';
import type { StoredFile } from './file-queries';
import type { FileStorage } from './storage';

/**
 * Sends a stored file with HTTP semantics a browser and a player rely on: a strong ETag (the
 * content's sha256) and Last-Modified, 304 for a matching If-None-Match / If-Modified-Since, one
 * byte range (206 with Content-Range; If-Range honoured; several ranges get the whole file, which
 * RFC 9110 allows), 416 for a range past the end. Whatever the type, the answer cannot run in the
 * platform's origin: nosniff, a CSP that allows nothing and sandboxes, and `attachment` for every
 * type that is not a picture, audio, video or PDF.
 *
 * `cache`: `immutable` for capability URLs whose content never changes (builder assets);
 * `private` for files behind rights, which the browser must revalidate (rights may change);
 * `{seconds}` for a stream grant, kept no longer than the grant lives.
 */
export async function sendStoredFile(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: StoredFile,
  cache: 'immutable' | 'private' | { seconds: number },
): Promise<FastifyReply> {
  // Sent as stored, never compressed on the way: the strong ETag and every Range offset name
  // the stored bytes (and media, Office and PDF files are compressed already). The compression
  // plugin skips answers to requests carrying this header.
  req.headers['x-no-compression'] = '1';
  const etag = `"${file.sha256.slice(0, 32)}"`;
  const lastModified = new Date(Math.floor(file.createdAt.getTime() / 1000) * 1000);
  reply
    .header('etag', etag)
    .header('last-modified', lastModified.toUTCString())
    .header('cache-control', cacheControl(cache))
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header(
      'content-disposition',
      `${isInlineSafe(file.mime) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.label)}`,
    )
    .header('content-type', file.mime === 'text/plain' ? 'text/plain; charset=utf-8' : file.mime);

  if (isNotModified(req, etag, lastModified)) return reply.code(304).send();

  const range = parseRange(header(req, 'range'), file.size);
  const ifRange = header(req, 'if-range');
  const rangeApplies = range !== null && (ifRange === undefined || ifRange === etag);
  if (rangeApplies && range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${file.size}`)
      .header('content-type', 'text/plain; charset=utf-8')
      .send('');
  }
  if (rangeApplies && range !== 'unsatisfiable') {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(req.method === 'HEAD' ? noBody() : await storage.read(file.id, range));
  }
  reply.header('content-length', file.size);
  return reply.send(req.method === 'HEAD' ? noBody() : await storage.read(file.id));
}

/**
 * What a HEAD answer sends: an empty stream. Fastify's HEAD handling sets Content-Length from a
 * string or buffer payload (an empty one gave `content-length: 0`), but leaves the header as set
 * when the payload is a stream — so the answer names the size the GET would send.
 */
function noBody(): Readable {
  return Readable.from([]);
}

/** `seconds`: a stream grant's lifetime left (the player may keep what it fetched that long). */
function cacheControl(cache: 'immutable' | 'private' | { seconds: number }): string {
  if (cache === 'immutable') return 'public, max-age=31536000, immutable';
  if (cache === 'private') return 'private, no-cache';
  return `private, max-age=${cache.seconds}`;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isNotModified(req: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = header(req, 'if-none-match');
  if (ifNoneMatch !== undefined)
    return (
      ifNoneMatch === '*' ||
      ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
    );
  const since = header(req, 'if-modified-since');
  if (since === undefined) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && lastModified.getTime() <= time;
}

/**
 * One `bytes=` range of a file of `size` bytes: its inclusive bounds, 'unsatisfiable' (416), or
 * null when there is no usable Range (absent, malformed, other unit, several ranges: the whole
 * file is sent).
 */
export function parseRange(
  value: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!value) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(value.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
