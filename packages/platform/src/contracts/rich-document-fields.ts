import { z } from 'zod';
import { RichTextSchema, allowRichText, type RichText } from '@sabaq/engine';

/**
 * The fields every rich document of the platform shares (kindergarten documents, methodical
 * materials): a title and a summary in both languages and a rich-text body per language. Not
 * exported from the package: the contracts that use them export their own schemas.
 */

const REFUSALS = {
  node: 'rich_element',
  mark: 'rich_element',
  link: 'rich_link',
  image: 'rich_image',
  attribute: 'rich_attribute',
} as const;

/**
 * Rich text as it may be stored (issue 28): the engine's shape (`RichTextSchema`), then its
 * allow-list (`allowRichText`): a node or mark outside the editor's schema, a link other than
 * http/https/mailto/this site, a picture other than https or the platform's files, or a bad
 * attribute value is refused with 422 at the field (kz/ru); attributes outside the list
 * (`onerror`, `style`) are dropped. Every stored rich text of the platform comes in through it.
 */
export const StoredRichTextSchema = RichTextSchema.transform((doc, ctx): RichText => {
  const allowed = allowRichText(doc);
  if (!allowed.ok) {
    ctx.addIssue({ code: 'custom', message: REFUSALS[allowed.refusal.reason] });
    return z.NEVER;
  }
  return allowed.doc;
}) as unknown as z.ZodType<RichText, unknown>;

/** A body coming in is checked against the engine's rich-text schema and the allow-list. */
export const RichBodyIn = StoredRichTextSchema;

/** Going out a body is only described (a response schema is encoded; no transforms). */
export const RichBodyOut = z.looseObject({
  type: z.literal('doc'),
  content: z.array(z.looseObject({ type: z.string() })).optional(),
}) as unknown as z.ZodType<RichText, RichText>;

export const RichTitle = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(200, 'field_too_long');

export const RichSummary = z.string({ error: 'field_required' }).trim().max(1000, 'field_too_long');

/** The same field in Kazakh and Russian. */
export const inBothLanguages = <T extends z.ZodType>(schema: T) =>
  z.object({ kz: schema, ru: schema });
