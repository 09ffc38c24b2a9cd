import { z } from 'zod';
import { dataEnvelope } from './common';

// The draft and command shapes belong to @sabaq/engine (DraftSchema, commands); the API carries
// them as JSON and the server validates them with the engine, so here they are opaque objects.
const DraftJson = z.record(z.string(), z.unknown());
const CommandJson = z.object({ type: z.string().max(100) }).catchall(z.unknown());

export const DraftSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  lang: z.string().nullable(),
  version: z.number().int(),
  ownerId: z.number().int(),
  status: z.enum(['draft', 'published']),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  /**
   * In the shared catalogue (issue 28): a published lesson or lecture always; a SOR/SOCh only
   * when its author chose to share it (on publishing, or later from their list of exams).
   */
  shared: z.boolean(),
});
export type DraftSummary = z.infer<typeof DraftSummarySchema>;

/** Publishing: a SOR/SOCh may be shared in the catalogue at once (omitted: as it was). */
export const DraftPublishRequestSchema = z
  .object({ share: z.boolean().optional() })
  .nullish()
  .transform((v) => v ?? {});
/** The author shares a published SOR/SOCh in the catalogue, or takes it back. */
export const DraftSharingRequestSchema = z.object({ shared: z.boolean() });

export const DraftListQuerySchema = z.object({
  status: z.enum(['draft', 'published']).optional(),
  /**
   * `mine`: the drafts the caller owns or was invited to (the "My lessons" list); `school`
   * (default): every draft the caller may read, colleagues' included.
   */
  scope: z.enum(['mine', 'school']).default('school'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
/** A list row says what the caller may do with it, so a list offers only what will work. */
export const DraftListItemSchema = DraftSummarySchema.extend({
  access: z.enum(['edit', 'view']),
  canDelete: z.boolean(),
});
export type DraftListItem = z.infer<typeof DraftListItemSchema>;
export const DraftListResponseSchema = dataEnvelope(z.array(DraftListItemSchema));

export const DraftCreateRequestSchema = z.object({
  /** Options for the engine's createDraft (type, title, lang, …). */
  init: DraftJson.optional(),
  /** Or a whole draft to store as it is (validated by the engine). */
  draft: DraftJson.optional(),
});
export const DraftResponseSchema = dataEnvelope(
  z.object({ summary: DraftSummarySchema, draft: DraftJson }),
);

export const DraftIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const DraftCommandsRequestSchema = z.object({
  expectedVersion: z.number().int().min(0),
  commands: z.array(CommandJson).min(1).max(500),
});
export const DraftCommandsResponseSchema = dataEnvelope(
  z.object({ version: z.number().int(), draft: DraftJson }),
);

export const DraftEventSchema = z.object({
  seq: z.number().int(),
  actor: z.number().int(),
  at: z.string(),
  command: CommandJson,
});
export const DraftHistoryResponseSchema = dataEnvelope(z.array(DraftEventSchema));

export const DraftPublishResponseSchema = dataEnvelope(
  z.object({ summary: DraftSummarySchema, statistics: z.unknown() }),
);

export const DraftImportRequestSchema = z.object({ drafts: z.array(z.unknown()).min(1).max(1000) });
export const DraftImportResponseSchema = z.object({
  results: z.array(
    z.object({
      index: z.number().int(),
      ok: z.boolean(),
      id: z.string().optional(),
      problems: z.array(z.string()).optional(),
    }),
  ),
});
export type DraftImportResponse = z.infer<typeof DraftImportResponseSchema>;
