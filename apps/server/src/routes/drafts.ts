import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  ApiErrorSchema,
  DraftCommandsRequestSchema,
  DraftCommandsResponseSchema,
  DraftCreateRequestSchema,
  DraftHistoryResponseSchema,
  DraftIdParamsSchema,
  DraftImportRequestSchema,
  DraftImportResponseSchema,
  DraftListQuerySchema,
  DraftListResponseSchema,
  DraftPublishRequestSchema,
  DraftPublishResponseSchema,
  DraftSharingRequestSchema,
  DraftResponseSchema,
  MessageResponseSchema,
  inGroup,
  message,
} from '@sabaq/platform';
import type { DraftSummary, Locale, Role } from '@sabaq/platform';
import {
  DraftInitSchema,
  apply,
  computeStatistics,
  createDraft,
  makeEvent,
  parseDraft,
  problemMessage,
  rejectionMessage,
  validateDraft,
} from '@sabaq/engine';
import type { Draft } from '@sabaq/engine';
import { jsonColumn, type Queryable } from '../db/db';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { collabOf } from '../collab';
import { cleanRichText } from './drafts-rich';
import { registerCollabRoutes } from '../collab/routes';
import { requireOpenSubscription } from '../commerce/subscription-guard';
import { indexPublished, shareItem } from '../catalogue/catalogue-index';
import { isExamType } from '../catalogue/exam-use';
import { DraftShareError } from './drafts-share-texts';
import { assertCanEditDraft, assertCanReadDraft, draftAccess, invitationOf } from './drafts-access';

interface DraftRow {
  id: string;
  owner_id: number;
  school_id: number | null;
  type: string;
  title: string;
  lang: string | null;
  version: number;
  status: 'draft' | 'published';
  doc: unknown;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  /** The author shares it in the catalogue (a SOR/SOCh's choice; issue 28). */
  shared: boolean;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/** A draft row's columns, as read and as returned by the writes. */
const COLUMNS = `id, owner_id, school_id, type, title, lang, version, status, doc,
  to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', ${ISO}) AS updated_at,
  to_char(published_at AT TIME ZONE 'UTC', ${ISO}) AS published_at,
  shared_at IS NOT NULL AS shared`;
const SELECT = `SELECT ${COLUMNS}
  FROM drafts`;

/**
 * Deleting a draft: its owner, or the management (director, zavuch) of the draft's own school. The
 * list's `canDelete` and the delete route use this one rule.
 */
function canDeleteDraft(
  auth: { userId: number; role: Role; schoolId: number | null },
  draft: { owner_id: number; school_id: number | null },
): boolean {
  if (draft.owner_id === auth.userId) return true;
  return (
    inGroup(auth.role, 'management') &&
    draft.school_id !== null &&
    draft.school_id === auth.schoolId
  );
}

function summary(r: DraftRow): DraftSummary {
  return {
    id: r.id,
    title: r.title,
    type: r.type,
    lang: r.lang,
    version: r.version,
    ownerId: r.owner_id,
    status: r.status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    publishedAt: r.published_at,
    shared: r.status === 'published' && (!isExamType(r.type) || r.shared),
  };
}

/**
 * The draft row, if the user may `need` it (drafts-access.ts, the same rule as the live socket):
 * 404 for a draft they may not see, 403 for a draft they may only read when they want to change it.
 */
async function load(
  q: Queryable,
  auth: AuthContext,
  id: string,
  opts: { lock?: boolean; need?: 'read' | 'edit' } = {},
): Promise<DraftRow> {
  const rows = await q.query<DraftRow>(
    `${SELECT} WHERE id = $1 AND deleted_at IS NULL${opts.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const row = rows[0];
  // Someone else's draft is reported as missing, not forbidden: ids reveal nothing.
  if (!row) throw new HttpError(404, 'not_found');
  const ownership = { ownerId: row.owner_id, schoolId: row.school_id };
  const inv = row.owner_id === auth.userId ? null : await invitationOf(q, row.id, auth.userId);
  if (opts.need === 'edit') assertCanEditDraft(auth, ownership, inv);
  else assertCanReadDraft(auth, ownership, inv);
  return row;
}

/** 423 when every subscription the user had has ended (spec §8; commerce/subscription-state.ts). */
async function assertNotLocked(q: Queryable, auth: AuthContext, locale: Locale): Promise<void> {
  await requireOpenSubscription(q, auth.userId, locale);
}

function issuesToErrors(issues: { path: string; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const i of issues) (errors[i.path || 'draft'] ??= []).push(i.message);
  return errors;
}

async function insertDraft(q: Queryable, auth: AuthContext, draft: Draft): Promise<DraftRow> {
  const rows = await q.query<DraftRow>(
    `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, doc, initial)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     RETURNING ${COLUMNS}`,
    [
      draft.id,
      auth.userId,
      auth.schoolId,
      draft.type,
      draft.title,
      draft.lang,
      draft.version,
      JSON.stringify(draft),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('draft insert returned nothing');
  return row;
}

/**
 * 422 naming each rich-text field the editor could not open or the allow-list refuses (kz/ru);
 * else `value` with attributes outside the allow-list dropped (drafts-rich.ts).
 */
function allowedRichText<T>(value: T, prefix: string, locale: Locale): T {
  const checked = cleanRichText(value, prefix, locale);
  if (Object.keys(checked.errors).length > 0)
    throw new HttpError(422, 'validation_failed', { rawErrors: checked.errors });
  return checked.value as T;
}

const ConflictSchema = ApiErrorSchema.extend({ currentVersion: z.number().int() });
const RejectedSchema = ApiErrorSchema.extend({
  rejection: z.object({ index: z.number().int(), code: z.string() }).optional(),
});

export function registerDraftRoutes(app: App, ctx: AppContext): void {
  // The collaborators API belongs to the drafts and is registered with them (the policy table's
  // check at start must see it); changing an invitation closes that user's live sockets.
  registerCollabRoutes(app, ctx, async (draftId, userId) => {
    await collabOf(ctx.db)?.kick(draftId, userId);
  });

  defineRoute(app, ctx, 'drafts.list', {
    querystring: DraftListQuerySchema,
    response: { 200: DraftListResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const mine = req.query.scope === 'mine';
      const rows = await ctx.db.query<DraftRow & { invitation: string | null }>(
        `${SELECT.replace(' doc,', ' NULL AS doc,').replace(
          'FROM drafts',
          `, (SELECT access FROM draft_collaborators c
                  WHERE c.draft_id = drafts.id AND c.user_id = $1) AS invitation
               FROM drafts`,
        )} WHERE deleted_at IS NULL
              AND (owner_id = $1
                   OR EXISTS (SELECT 1 FROM draft_collaborators c
                               WHERE c.draft_id = drafts.id AND c.user_id = $1)
                   OR (NOT $6 AND school_id IS NOT NULL AND school_id = $2))
              AND ($3::text IS NULL OR status = $3)
            ORDER BY updated_at DESC, id LIMIT $4 OFFSET $5`,
        [
          auth.userId,
          auth.schoolId ?? -1,
          req.query.status ?? null,
          req.query.limit,
          req.query.offset,
          mine,
        ],
      );
      const user = { userId: auth.userId, schoolId: auth.schoolId };
      return {
        data: rows.flatMap((r) => {
          const invitation =
            r.invitation === 'edit' || r.invitation === 'view' ? r.invitation : null;
          const access = draftAccess(
            user,
            { ownerId: r.owner_id, schoolId: r.school_id },
            invitation,
          );
          if (access === null) return [];
          return [{ ...summary(r), access, canDelete: canDeleteDraft(auth, r) }];
        }),
      };
    },
  });

  defineRoute(app, ctx, 'drafts.create', {
    body: DraftCreateRequestSchema,
    response: { 201: DraftResponseSchema, 423: ApiErrorSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await assertNotLocked(ctx.db, auth, req.locale);
      let draft: Draft;
      if (req.body.draft) {
        const sent = allowedRichText(req.body.draft, 'draft', req.locale);
        const parsed = parseDraft({ ...sent, id: randomUUID() });
        if (!parsed.ok)
          throw new HttpError(422, 'validation_failed', {
            rawErrors: issuesToErrors(parsed.issues),
          });
        draft = parsed.draft;
      } else {
        const init = DraftInitSchema.safeParse({
          lang: req.locale,
          ...req.body.init,
          id: randomUUID(),
        });
        if (!init.success) {
          throw new HttpError(422, 'validation_failed', {
            rawErrors: issuesToErrors(
              init.error.issues.map((i) => ({
                path: i.path.map(String).join('.'),
                message: message('field_invalid', req.locale),
              })),
            ),
          });
        }
        draft = createDraft(init.data);
      }
      const row = await insertDraft(ctx.db, auth, draft);
      return reply.code(201).send({ data: { summary: summary(row), draft } });
    },
  });

  defineRoute(app, ctx, 'drafts.import', {
    body: DraftImportRequestSchema,
    response: { 200: DraftImportResponseSchema, 423: ApiErrorSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await assertNotLocked(ctx.db, auth, req.locale);
      const results: { index: number; ok: boolean; id?: string; problems?: string[] }[] = [];
      // Each draft stands alone: one bad file in a batch does not stop the others.
      for (const [index, input] of req.body.drafts.entries()) {
        const withId =
          input !== null && typeof input === 'object' && !Array.isArray(input)
            ? { ...(input as Record<string, unknown>), id: randomUUID() }
            : input;
        const rich = cleanRichText(withId, '', req.locale);
        if (Object.keys(rich.errors).length > 0) {
          results.push({
            index,
            ok: false,
            problems: Object.entries(rich.errors).flatMap(([path, ms]) =>
              ms.map((m) => `${path}: ${m}`),
            ),
          });
          continue;
        }
        const parsed = parseDraft(rich.value);
        if (!parsed.ok) {
          results.push({
            index,
            ok: false,
            problems: parsed.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)),
          });
          continue;
        }
        const row = await insertDraft(ctx.db, auth, parsed.draft);
        results.push({ index, ok: true, id: row.id });
      }
      return { results };
    },
  });

  defineRoute(app, ctx, 'drafts.get', {
    params: DraftIdParamsSchema,
    response: { 200: DraftResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const row = await load(ctx.db, auth, req.params.id);
      return {
        data: { summary: summary(row), draft: jsonColumn(row.doc) as Record<string, unknown> },
      };
    },
  });

  defineRoute(app, ctx, 'drafts.delete', {
    params: DraftIdParamsSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const row = await load(ctx.db, auth, req.params.id);
      if (!canDeleteDraft(auth, row)) throw new HttpError(403, 'draft_delete_forbidden');
      await ctx.db.query('UPDATE drafts SET deleted_at = now() WHERE id = $1', [row.id]);
      return { message: message('success', req.locale) };
    },
  });

  defineRoute(app, ctx, 'drafts.commands', {
    params: DraftIdParamsSchema,
    body: DraftCommandsRequestSchema,
    response: {
      200: DraftCommandsResponseSchema,
      409: ConflictSchema,
      422: RejectedSchema,
      423: ApiErrorSchema,
    },
    handler: async (req) => {
      const auth = requireAuth(req);
      await assertNotLocked(ctx.db, auth, req.locale);
      // Before anything is stored: text the editor cannot open would break it for everyone.
      const commands = allowedRichText(req.body.commands, 'commands', req.locale);
      return ctx.db.transaction(async (tx) => {
        const row = await load(tx, auth, req.params.id, { lock: true, need: 'edit' });
        if (row.version !== req.body.expectedVersion) {
          throw new HttpError(409, 'draft_stale', { fields: { currentVersion: row.version } });
        }
        let draft = jsonColumn(row.doc) as Draft;
        const seqRows = await tx.query<{ n: number }>(
          'SELECT coalesce(max(seq), 0)::int AS n FROM draft_events WHERE draft_id = $1',
          [row.id],
        );
        let seq = seqRows[0]?.n ?? 0;
        const at = new Date().toISOString();
        // All or nothing: the first rejected command rejects the batch and nothing is stored.
        for (const [index, command] of commands.entries()) {
          const res = apply(draft, command);
          if (!res.ok) {
            const field = `commands.${index}${res.rejection.path ? `.${res.rejection.path}` : ''}`;
            throw new HttpError(422, 'draft_rejected', {
              rawErrors: { [field]: [rejectionMessage(res.rejection, req.locale)] },
              fields: { rejection: { index, code: res.rejection.code } },
            });
          }
          draft = res.draft;
          seq += 1;
          const event = makeEvent(res.command, {
            id: randomUUID(),
            actor: String(auth.userId),
            at,
          });
          await tx.query(
            'INSERT INTO draft_events (draft_id, seq, actor_id, at, command) VALUES ($1, $2, $3, $4, $5)',
            [row.id, seq, auth.userId, at, JSON.stringify(event)],
          );
        }
        await tx.query(
          'UPDATE drafts SET doc = $2, version = $3, title = $4, type = $5, lang = $6, updated_at = now() WHERE id = $1',
          [row.id, JSON.stringify(draft), draft.version, draft.title, draft.type, draft.lang],
        );
        return {
          data: { version: draft.version, draft: draft as unknown as Record<string, unknown> },
        };
      });
    },
  });

  defineRoute(app, ctx, 'drafts.history', {
    params: DraftIdParamsSchema,
    response: { 200: DraftHistoryResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const row = await load(ctx.db, auth, req.params.id);
      const events = await ctx.db.query<{
        seq: number;
        actor_id: number;
        at: string;
        command: unknown;
      }>(
        `SELECT seq, actor_id, to_char(at AT TIME ZONE 'UTC', ${ISO}) AS at, command
             FROM draft_events WHERE draft_id = $1 ORDER BY seq`,
        [row.id],
      );
      return {
        data: events.map((e) => {
          const event = jsonColumn(e.command) as { command: { type: string } };
          return { seq: e.seq, actor: e.actor_id, at: e.at, command: event.command };
        }),
      };
    },
  });

  {
    // Issue 6 (editor): the state the history folds onto, for time travel across sessions.
    defineRoute(app, ctx, 'drafts.initial', {
      params: DraftIdParamsSchema,
      response: { 200: DraftResponseSchema },
      handler: async (req) => {
        const auth = requireAuth(req);
        const row = await load(ctx.db, auth, req.params.id);
        const rows = await ctx.db.query<{ initial: unknown }>(
          'SELECT initial FROM drafts WHERE id = $1',
          [row.id],
        );
        return {
          data: {
            summary: summary(row),
            draft: jsonColumn(rows[0]?.initial) as Record<string, unknown>,
          },
        };
      },
    });
  }

  defineRoute(app, ctx, 'drafts.publish', {
    params: DraftIdParamsSchema,
    body: DraftPublishRequestSchema,
    response: { 200: DraftPublishResponseSchema, 423: ApiErrorSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await assertNotLocked(ctx.db, auth, req.locale);
      const row = await load(ctx.db, auth, req.params.id, { need: 'edit' });
      const draft = jsonColumn(row.doc) as Draft;
      const problems = validateDraft(draft);
      if (problems.length > 0) {
        const errors: Record<string, string[]> = {};
        for (const p of problems)
          (errors[p.path || 'draft'] ??= []).push(problemMessage(p, req.locale));
        throw new HttpError(422, 'draft_not_publishable', { rawErrors: errors });
      }
      // Sharing an exam is its author's choice: a co-author publishes it as it stands.
      const share =
        isExamType(draft.type) && row.owner_id === auth.userId ? req.body.share : undefined;
      const rows = await ctx.db.query<DraftRow>(
        `UPDATE drafts SET status = 'published', published_at = now(), updated_at = now(),
                shared_at = CASE WHEN $2::boolean IS NULL THEN shared_at
                                 WHEN $2 THEN coalesce(shared_at, now()) END
          WHERE id = $1
           RETURNING ${COLUMNS}`,
        [row.id, share ?? null],
      );
      const updated = rows[0] ?? row;
      // Issue 17: the catalogue lists this published version's snapshot (an exam only shared).
      await indexPublished(ctx.db, updated, draft);
      return { data: { summary: summary(updated), statistics: computeStatistics(draft) } };
    },
  });

  defineRoute(app, ctx, 'drafts.share', {
    params: DraftIdParamsSchema,
    body: DraftSharingRequestSchema,
    response: { 200: DraftResponseSchema, 423: ApiErrorSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await assertNotLocked(ctx.db, auth, req.locale);
      const row = await load(ctx.db, auth, req.params.id);
      // Only the author decides whether other schools see their exam (issue 28).
      if (row.owner_id !== auth.userId) throw new DraftShareError(403, 'share_author_only');
      if (!isExamType(row.type)) throw new DraftShareError(422, 'share_exam_only', 'shared');
      if (row.status !== 'published')
        throw new DraftShareError(422, 'share_published_only', 'shared');
      const rows = await ctx.db.query<DraftRow>(
        `UPDATE drafts SET shared_at = CASE WHEN $2 THEN coalesce(shared_at, now()) END
          WHERE id = $1
           RETURNING ${COLUMNS}`,
        [row.id, req.body.shared],
      );
      const updated = rows[0]!;
      // The item holds the version last published: sharing shows that, not later edits.
      await shareItem(ctx.db, row.id, req.body.shared);
      return {
        data: { summary: summary(updated), draft: jsonColumn(row.doc) as Record<string, unknown> },
      };
    },
  });
}
