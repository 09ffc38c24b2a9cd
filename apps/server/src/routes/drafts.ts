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
  DraftPublishResponseSchema,
  DraftResponseSchema,
  MessageResponseSchema,
  inGroup,
  message,
} from '@sabaq/platform';
import type { DraftSummary, Locale } from '@sabaq/platform';
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
import { requireAuth, routeBase } from '../http/context';
import { HttpError } from '../http/errors';

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
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const SELECT = `SELECT id, owner_id, school_id, type, title, lang, version, status, doc,
  to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', ${ISO}) AS updated_at,
  to_char(published_at AT TIME ZONE 'UTC', ${ISO}) AS published_at
  FROM drafts`;

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
  };
}

/** Owner, or a colleague of the same school (methodists co-edit a school's drafts). */
function canAccess(auth: AuthContext, r: DraftRow): boolean {
  return r.owner_id === auth.userId || (r.school_id !== null && r.school_id === auth.schoolId);
}

async function load(q: Queryable, auth: AuthContext, id: string, lock = false): Promise<DraftRow> {
  const rows = await q.query<DraftRow>(
    `${SELECT} WHERE id = $1 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const row = rows[0];
  // Someone else's draft is reported as missing, not forbidden: ids reveal nothing.
  if (!row || !canAccess(auth, row)) throw new HttpError(404, 'not_found');
  return row;
}

/** 423 when the user's only subscriptions are locked (spec §8). */
async function assertNotLocked(q: Queryable, auth: AuthContext, locale: Locale): Promise<void> {
  const rows = await q.query<{ locked: boolean }>(
    `SELECT locked FROM subscriptions WHERE user_id = $1 AND starts_at <= now()
       AND (ends_at IS NULL OR ends_at > now())`,
    [auth.userId],
  );
  if (rows.length > 0 && rows.every((r) => r.locked)) {
    throw new HttpError(423, 'subscription_locked', {
      redirect: `/${locale === 'kz' ? 'kk' : 'ru'}/subscribe-locked`,
    });
  }
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
     RETURNING id, owner_id, school_id, type, title, lang, version, status, doc,
       to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
       to_char(updated_at AT TIME ZONE 'UTC', ${ISO}) AS updated_at, NULL AS published_at`,
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

const ConflictSchema = ApiErrorSchema.extend({ currentVersion: z.number().int() });
const RejectedSchema = ApiErrorSchema.extend({
  rejection: z.object({ index: z.number().int(), code: z.string() }).optional(),
});

export function registerDraftRoutes(app: App, ctx: AppContext): void {
  {
    const b = routeBase(ctx, 'drafts.list');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        querystring: DraftListQuerySchema,
        response: { 200: DraftListResponseSchema, ...b.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const rows = await ctx.db.query<DraftRow>(
          `${SELECT.replace(' doc,', ' NULL AS doc,')} WHERE deleted_at IS NULL
              AND (owner_id = $1 OR (school_id IS NOT NULL AND school_id = $2))
              AND ($3::text IS NULL OR status = $3)
            ORDER BY updated_at DESC, id LIMIT $4 OFFSET $5`,
          [
            auth.userId,
            auth.schoolId ?? -1,
            req.query.status ?? null,
            req.query.limit,
            req.query.offset,
          ],
        );
        return { data: rows.map(summary) };
      },
    });
  }

  {
    const b = routeBase(ctx, 'drafts.create');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        body: DraftCreateRequestSchema,
        response: { 201: DraftResponseSchema, 423: ApiErrorSchema, ...b.errors },
      },
      handler: async (req, reply) => {
        const auth = requireAuth(req);
        await assertNotLocked(ctx.db, auth, req.locale);
        let draft: Draft;
        if (req.body.draft) {
          const parsed = parseDraft({ ...req.body.draft, id: randomUUID() });
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
  }

  {
    const b = routeBase(ctx, 'drafts.import');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        body: DraftImportRequestSchema,
        response: { 200: DraftImportResponseSchema, 423: ApiErrorSchema, ...b.errors },
      },
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
          const parsed = parseDraft(withId);
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
  }

  {
    const b = routeBase(ctx, 'drafts.get');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        params: DraftIdParamsSchema,
        response: { 200: DraftResponseSchema, ...b.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const row = await load(ctx.db, auth, req.params.id);
        return {
          data: { summary: summary(row), draft: jsonColumn(row.doc) as Record<string, unknown> },
        };
      },
    });
  }

  {
    const b = routeBase(ctx, 'drafts.delete');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        params: DraftIdParamsSchema,
        response: { 200: MessageResponseSchema, ...b.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const row = await load(ctx.db, auth, req.params.id);
        if (row.owner_id !== auth.userId && !inGroup(auth.role, 'management')) {
          throw new HttpError(403, 'forbidden');
        }
        await ctx.db.query('UPDATE drafts SET deleted_at = now() WHERE id = $1', [row.id]);
        return { message: message('success', req.locale) };
      },
    });
  }

  {
    const b = routeBase(ctx, 'drafts.commands');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        params: DraftIdParamsSchema,
        body: DraftCommandsRequestSchema,
        response: {
          ...b.errors,
          200: DraftCommandsResponseSchema,
          409: ConflictSchema,
          422: RejectedSchema,
          423: ApiErrorSchema,
        },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        await assertNotLocked(ctx.db, auth, req.locale);
        return ctx.db.transaction(async (tx) => {
          const row = await load(tx, auth, req.params.id, true);
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
          for (const [index, command] of req.body.commands.entries()) {
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
  }

  {
    const b = routeBase(ctx, 'drafts.history');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        params: DraftIdParamsSchema,
        response: { 200: DraftHistoryResponseSchema, ...b.errors },
      },
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
  }

  {
    // Issue 6 (editor): the state the history folds onto, for time travel across sessions.
    const b = routeBase(ctx, 'drafts.initial');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        params: DraftIdParamsSchema,
        response: { 200: DraftResponseSchema, ...b.errors },
      },
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

  {
    const b = routeBase(ctx, 'drafts.publish');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        params: DraftIdParamsSchema,
        response: { 200: DraftPublishResponseSchema, 423: ApiErrorSchema, ...b.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        await assertNotLocked(ctx.db, auth, req.locale);
        const row = await load(ctx.db, auth, req.params.id);
        const draft = jsonColumn(row.doc) as Draft;
        const problems = validateDraft(draft);
        if (problems.length > 0) {
          const errors: Record<string, string[]> = {};
          for (const p of problems)
            (errors[p.path || 'draft'] ??= []).push(problemMessage(p, req.locale));
          throw new HttpError(422, 'draft_not_publishable', { rawErrors: errors });
        }
        const rows = await ctx.db.query<DraftRow>(
          `UPDATE drafts SET status = 'published', published_at = now(), updated_at = now() WHERE id = $1
           RETURNING id, owner_id, school_id, type, title, lang, version, status, doc,
             to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
             to_char(updated_at AT TIME ZONE 'UTC', ${ISO}) AS updated_at,
             to_char(published_at AT TIME ZONE 'UTC', ${ISO}) AS published_at`,
          [row.id],
        );
        const updated = rows[0] ?? row;
        return { data: { summary: summary(updated), statistics: computeStatistics(draft) } };
      },
    });
  }
}
