import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { AVATAR_LIMITS } from '@sabaq/platform';
import { FileError, megabytes } from '../files/file-texts';
import { SNIFF_BYTES, sniffType } from '../files/sniff';
import { AvatarError } from './avatar-texts';

/** Decoding bigger pictures than this is refused before pixels are allocated (image bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Reads an uploaded picture into memory, at most {@link AVATAR_LIMITS.maxBytes} (5 MB: small
 * enough to hold whole, and the decoder needs the whole file anyway). Over the limit is a 422
 * naming the file, its size and the limit, as the file service says it.
 */
export async function readLimited(body: Readable, label: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > AVATAR_LIMITS.maxBytes) {
      body.resume();
      throw new FileError(422, 'file_too_large', 'file', {
        label,
        size: megabytes(size),
        max: megabytes(AVATAR_LIMITS.maxBytes),
      });
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** 422 on `file` unless the content (never the name) is a png, jpeg, gif or webp picture. */
export async function assertPicture(bytes: Buffer, label: string): Promise<string> {
  const mime = await sniffType(bytes.subarray(0, SNIFF_BYTES), bytes.length <= SNIFF_BYTES);
  if (mime === 'application/x-empty') throw new FileError(422, 'file_empty', 'file');
  if (!(AVATAR_LIMITS.types as readonly string[]).includes(mime)) {
    throw new FileError(422, 'file_type', 'file', {
      label,
      type: mime,
      list: AVATAR_LIMITS.shown,
    });
  }
  return mime;
}

export interface AvatarPicture {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * The stored picture: turned upright by its EXIF orientation, cover-cropped to a 256×256 square,
 * encoded as WebP. sharp writes no metadata unless asked to, so EXIF (a phone's GPS location,
 * camera, time), XMP and ICC are all dropped. A file that does not decode cleanly (truncated,
 * corrupt, a picture type header over other bytes) is a 422: nothing is stored.
 */
export async function toAvatar(bytes: Buffer, label: string): Promise<AvatarPicture> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AvatarError(422, 'avatar_corrupt', 'file', { label });
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AvatarError(422, 'avatar_too_many_pixels', 'file', {
      label,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
    });
  }
  try {
    const side = AVATAR_LIMITS.side;
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'warning',
    })
      .rotate()
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new AvatarError(422, 'avatar_corrupt', 'file', { label });
  }
}
