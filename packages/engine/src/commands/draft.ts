/**
 * Draft-level commands: metadata (spec §3 fields) and the server dictionaries the draft refers to.
 * `draft/create` only starts a log (see `replay`); `apply` refuses it because the draft exists.
 */
import { z } from 'zod';
import {
  DictionaryEntrySchema,
  DICTIONARIES,
  DraftInitSchema,
  DraftTypeSchema,
  DURATION_LIMITS,
  IdSchema,
  LangSchema,
  LONG_TEXT_MAX,
  TEXT_MAX,
  type Draft,
} from '../model.js';
import { done, keep, reject, type Ctx, type Outcome, own } from '../reducer/context.js';

export const MetaPatchSchema = z
  .object({
    type: DraftTypeSchema,
    title: z.string().max(TEXT_MAX),
    summary: z.string().max(LONG_TEXT_MAX),
    lang: LangSchema,
    discipline: IdSchema.nullable(),
    class: z.number().int().min(0).max(12).nullable(),
    duration: z.number().int().min(DURATION_LIMITS.min).max(DURATION_LIMITS.max),
    themeTypeId: IdSchema.nullable(),
    speechActivityId: IdSchema.nullable(),
  })
  .partial()
  .strict();
export type MetaPatch = z.infer<typeof MetaPatchSchema>;

export const draftCommandSchemas = [
  z.object({ type: z.literal('draft/create'), init: DraftInitSchema }),
  z.object({ type: z.literal('draft/setMeta'), patch: MetaPatchSchema }),
  z.object({
    type: z.literal('draft/setDictionary'),
    dictionary: z.enum(DICTIONARIES),
    entries: z.array(DictionaryEntrySchema).max(500),
  }),
] as const;

type DraftCommand = z.infer<(typeof draftCommandSchemas)[number]>;

const META_KEYS = [
  'type',
  'title',
  'summary',
  'lang',
  'discipline',
  'class',
  'duration',
  'themeTypeId',
  'speechActivityId',
] as const satisfies ReadonlyArray<keyof MetaPatch>;

export function handleDraft(d: Draft, c: DraftCommand, ctx: Ctx): Outcome {
  switch (c.type) {
    case 'draft/create':
      return reject('conflict', 'the draft already exists; draft/create only starts a log');
    case 'draft/setMeta': {
      const old: Record<string, unknown> = {};
      for (const k of META_KEYS) if (k in c.patch) old[k] = d[k];
      for (const k of META_KEYS) {
        if (k in c.patch) (d as Record<string, unknown>)[k] = c.patch[k];
      }
      return done(ctx, { type: 'draft/setMeta', patch: old as MetaPatch });
    }
    case 'draft/setDictionary': {
      const ids = new Set<string>();
      for (const e of c.entries) {
        if (ids.has(e.id))
          return reject('duplicate_id', `dictionary entry twice: ${e.id}`, 'entries', { id: e.id });
        ids.add(e.id);
      }
      const before = keep(ctx, d.dictionaries[c.dictionary]);
      d.dictionaries[c.dictionary] = own(ctx, c.entries);
      return done(ctx, { type: 'draft/setDictionary', dictionary: c.dictionary, entries: before });
    }
    default:
      return c satisfies never;
  }
}
