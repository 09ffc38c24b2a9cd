import { FILE_LIMITS, FILE_USE_ROLES } from '@sabaq/platform';
import type { FileUse, Role } from '@sabaq/platform';
import { FileError, megabytes } from './file-texts';

/**
 * Pure rules of the file service (no database): who may upload for which use, the size and type
 * limits of each use, and which stored types a browser may show inline.
 */

export function canUpload(role: Role, use: FileUse): boolean {
  return (FILE_USE_ROLES[use] as readonly Role[]).includes(role);
}

/** 403 when the caller's role has no such use (a pupil uploading a builder asset). */
export function assertCanUpload(role: Role, use: FileUse): void {
  if (!canUpload(role, use)) throw new FileError(403, 'file_use_forbidden');
}

/** 422 on `file` when `size` is over the use's limit (checked before and while bytes arrive). */
export function assertSize(use: FileUse, size: number, label: string): void {
  const max = FILE_LIMITS[use].maxBytes;
  if (size > max)
    throw new FileError(422, 'file_too_large', 'file', {
      label,
      size: megabytes(size),
      max: megabytes(max),
    });
}

/** 422 on `file` when the content's type is not one the use admits; `mime` is the sniffed type. */
export function assertType(use: FileUse, mime: string, label: string): void {
  if (mime === 'application/x-empty') throw new FileError(422, 'file_empty', 'file');
  if (!FILE_LIMITS[use].types.includes(mime))
    throw new FileError(422, 'file_type', 'file', {
      label,
      type: mime,
      list: FILE_LIMITS[use].shown,
    });
}

/**
 * Types a browser shows without running anything: pictures (not SVG), audio, video, PDF (its
 * viewer runs in the browser's own sandbox, and the answer carries `sandbox` CSP). Everything else,
 * text included, downloads as an attachment; HTML and SVG never reach a use at all.
 */
const INLINE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/x-m4a',
  'audio/mp4',
  'video/mp4',
  'video/webm',
  'video/quicktime',
]);

export function isInlineSafe(mime: string): boolean {
  return INLINE.has(mime.split(';')[0]!.trim());
}

/** The extension a builder asset's random name carries (its URL tells players what it is). */
export function extensionOf(mime: string): string {
  const known: Record<string, string> = {
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/gif': 'gif',
    'image/webp': 'webp',
    'application/pdf': 'pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
    'application/x-cfb': 'doc',
    'text/plain': 'txt',
    'audio/mpeg': 'mp3',
    'audio/ogg': 'ogg',
    'audio/wav': 'wav',
    'audio/x-m4a': 'm4a',
    'audio/mp4': 'm4a',
    'video/mp4': 'mp4',
    'video/webm': 'webm',
    'video/quicktime': 'mov',
  };
  return known[mime.split(';')[0]!.trim()] ?? 'bin';
}

/** The person's file name, kept only as a label: no path, no control characters, bounded. */
export function fileLabel(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

/**
 * The answer for a file the caller may not read: 403 when it belongs to the caller's own school
 * (a pupil of another class asking for that class's homework file: the file exists for them to
 * know of, they have no right to it), 404 when it is another school's or does not exist.
 */
export function refuseRead(fileSchoolId: number | null, callerSchoolId: number | null): never {
  if (fileSchoolId !== null && fileSchoolId === callerSchoolId)
    throw new FileError(403, 'file_read_forbidden');
  throw new FileError(404, 'file_not_found');
}
