import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * Text that no column can hold: PostgreSQL refuses U+0000 in text and jsonb, and a lone UTF-16
 * surrogate has no UTF-8 form. Such a string reached the database and came back as a 500; here
 * it is refused up front for every route, before validation, as a 422 naming the field.
 *
 * A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

const MAX_DEPTH = 64;

/**
 * The dotted path (the 422 field name, as zod errors name fields) of the first string in
 * `value` — a value or an object key — that cannot be stored, or null.
 */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null;
  const join = (key: string) => (path === '' ? key : `${path}.${key}`);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, join(String(index)), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    // The key is shown as written only when it is itself storable; otherwise the parent names it.
    if (!isStorableText(key)) return path === '' ? 'body' : path;
    const found = findUnstorableText(item, join(key), depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function check(req: FastifyRequest): void {
  const sources: [unknown, string][] = [
    [req.params, 'params'],
    [req.query, 'query'],
    [req.body, 'body'],
  ];
  for (const [source, root] of sources) {
    const found = findUnstorableText(source);
    if (found === null) continue;
    const field = found === '' ? root : found;
    throw new HttpError(422, 'validation_failed', { errors: { [field]: ['text_invalid_chars'] } });
  }
}

/** Registers the check for every route (one line in app.ts). */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => check(req));
}
