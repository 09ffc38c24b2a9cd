import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes decide a file's type (file-type reads at most 4100 for its checks). */
export const SNIFF_BYTES = 4100;

/**
 * The type of a file from its first bytes, never from its name: file-type's magic-byte checks
 * (pictures, PDF, Office zip containers, OLE, audio, video…); otherwise UTF-8 text without NUL
 * bytes is `text/plain`, unless it looks like markup a browser would run (HTML, SVG, XML), which
 * is `text/html` or `image/svg+xml` so that no use admits it; anything else is
 * `application/octet-stream`. `complete` says the head is the whole file (a multibyte character
 * cut at the end of a longer file's head is not an encoding error).
 */
export async function sniffType(head: Buffer, complete: boolean): Promise<string> {
  const found = await fileTypeFromBuffer(head);
  if (found) return normalise(found.mime);
  if (head.length === 0) return 'application/x-empty';
  if (head.includes(0)) return 'application/octet-stream';
  const text = decodeUtf8(complete ? head : trimPartialChar(head));
  if (text === null) return 'application/octet-stream';
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  if (/<svg[\s>]/.test(start)) return 'image/svg+xml';
  if (
    start.startsWith('<!doctype') ||
    start.startsWith('<?xml') ||
    /<(html|head|body|script|iframe|object|embed|meta|link|style|img|a|div|form)[\s>/]/.test(start)
  )
    return 'text/html';
  return 'text/plain';
}

function normalise(mime: string): string {
  // file-type names some types differently from the ones our limits list.
  if (mime === 'audio/x-wav' || mime === 'audio/vnd.wave') return 'audio/wav';
  return mime;
}

function decodeUtf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Drops an incomplete UTF-8 sequence at the end of a head cut from a longer file. */
function trimPartialChar(bytes: Buffer): Buffer {
  let end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    if (byte >= 0xc0) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (back < need) end -= back;
    }
    break;
  }
  return bytes.subarray(0, end);
}

/** What the service stores as the file's type: text gets its charset. */
export function contentTypeOf(mime: string): string {
  return mime === 'text/plain' ? 'text/plain; charset=utf-8' : mime;
}
