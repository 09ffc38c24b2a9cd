import { z } from 'zod';
import { RichTextSchema, type RichText } from '@sabaq/engine';

/**
 * The fields every rich document of the platform shares (kindergarten documents, methodical
 * materials): a title and a summary in both languages and a rich-text body per language. Not
 * exported from the package: the contracts that use them export their own schemas.
 */

/** A body coming in is checked against the engine's rich-text schema. */
export const RichBodyIn = RichTextSchema as unknown as z.ZodType<RichText, unknown>;

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
