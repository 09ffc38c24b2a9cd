/**
 * Collaborators of a draft (API): the owner invites colleagues of the draft's school who build
 * content, with edit or view access, and withdraws invitations. Anyone with access sees the list.
 */
import { z } from 'zod';
import { DraftIdParamsSchema, MessageResponseSchema, message } from '@sabaq/platform';
import type { Locale } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { accessOf } from './service';

/** Closes a user's open sockets on a draft after their invitation changed (4409). */
export type KickCollaborator = (draftId: string, userId: number) => Promise<void>;

const INVITABLE_ROLES = ['teacher', 'group-lead', 'director', 'zavuch', 'methodist'] as const;

export const CollaboratorSchema = z.object({
  userId: z.number().int(),
  fullname: z.string(),
  role: z.string(),
  access: z.enum(['owner', 'edit', 'view']),
});
export const CollaboratorsResponseSchema = z.object({
  data: z.object({
    /** The caller's own access to the draft. */
    access: z.enum(['edit', 'view']),
    collaborators: z.array(CollaboratorSchema),
    /** Colleagues the owner may still invite (empty for everyone else). */
    candidates: z.array(CollaboratorSchema.omit({ access: true })),
  }),
});
export const InviteRequestSchema = z.object({
  userId: z.number().int().positive(),
  access: z.enum(['edit', 'view']).default('edit'),
});
const UninviteParamsSchema = DraftIdParamsSchema.extend({
  userId: z.coerce.number().int().positive(),
});

/** Field errors in words, kz/ru. */
const TEXT = {
  notColleague: {
    kz: 'Тек осы мектептің мұғалімдері мен әдіскерлерін шақыруға болады',
    ru: 'Пригласить можно только учителей и методистов этой школы',
  },
  self: { kz: 'Автор өзін шақыра алмайды', ru: 'Автор не может пригласить сам себя' },
  onlyOwner: {
    kz: 'Қатысушыларды тек жоба авторы басқарады',
    ru: 'Участниками управляет только автор черновика',
  },
} as const;
const t = (k: keyof typeof TEXT, l: Locale) => TEXT[k][l === 'ru' ? 'ru' : 'kz'];

interface DraftOwnerRow {
  owner_id: number;
  school_id: number | null;
}

export function registerCollabRoutes(app: App, ctx: AppContext, kick: KickCollaborator): void {
  async function draftFor(id: string, userId: number, schoolId: number | null) {
    const access = await accessOf(ctx.db, id, { userId, schoolId });
    // No access reads as no draft: ids reveal nothing (as the draft routes do).
    if (!access) throw new HttpError(404, 'not_found');
    const rows = await ctx.db.query<DraftOwnerRow>(
      'SELECT owner_id, school_id FROM drafts WHERE id = $1',
      [id],
    );
    return { access, row: rows[0]! };
  }

  defineRoute(app, ctx, 'drafts.collaborators', {
    params: DraftIdParamsSchema,
    response: { 200: CollaboratorsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { access, row } = await draftFor(req.params.id, auth.userId, auth.schoolId);
      const people = await ctx.db.query<{
        id: number;
        fullname: string;
        role: string;
        access: string;
      }>(
        `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname, u.role, 'owner' AS access
             FROM users u WHERE u.id = $2
           UNION ALL
           SELECT u.id, concat_ws(' ', u.surname, u.firstname), u.role, c.access
             FROM draft_collaborators c JOIN users u ON u.id = c.user_id
            WHERE c.draft_id = $1
            ORDER BY 4 DESC, 2`,
        [req.params.id, row.owner_id],
      );
      const collaborators = people.map((p) => ({
        userId: p.id,
        fullname: p.fullname,
        role: p.role,
        access: p.access as 'owner' | 'edit' | 'view',
      }));
      let candidates: Array<{ userId: number; fullname: string; role: string }> = [];
      if (row.owner_id === auth.userId && row.school_id !== null) {
        const rows = await ctx.db.query<{ id: number; fullname: string; role: string }>(
          `SELECT u.id, concat_ws(' ', u.surname, u.firstname) AS fullname, u.role FROM users u
              WHERE u.school_id = $1 AND u.id <> $2 AND u.role = ANY($3::text[])
                AND NOT EXISTS (SELECT 1 FROM draft_collaborators c
                                 WHERE c.draft_id = $4 AND c.user_id = u.id)
              ORDER BY 2 LIMIT 500`,
          [row.school_id, auth.userId, INVITABLE_ROLES, req.params.id],
        );
        candidates = rows.map((r) => ({ userId: r.id, fullname: r.fullname, role: r.role }));
      }
      return { data: { access, collaborators, candidates } };
    },
  });

  defineRoute(app, ctx, 'drafts.invite', {
    params: DraftIdParamsSchema,
    body: InviteRequestSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { row } = await draftFor(req.params.id, auth.userId, auth.schoolId);
      if (row.owner_id !== auth.userId)
        throw new HttpError(403, 'forbidden', {
          rawErrors: { userId: [t('onlyOwner', req.locale)] },
        });
      if (req.body.userId === auth.userId)
        throw new HttpError(422, 'validation_failed', {
          rawErrors: { userId: [t('self', req.locale)] },
        });
      const invitee = await ctx.db.query<{ id: number }>(
        'SELECT id FROM users WHERE id = $1 AND school_id = $2 AND role = ANY($3::text[])',
        [req.body.userId, row.school_id ?? -1, INVITABLE_ROLES],
      );
      if (invitee.length === 0)
        throw new HttpError(422, 'validation_failed', {
          rawErrors: { userId: [t('notColleague', req.locale)] },
        });
      await ctx.db.query(
        `INSERT INTO draft_collaborators (draft_id, user_id, access, invited_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (draft_id, user_id) DO UPDATE SET access = EXCLUDED.access`,
        [req.params.id, req.body.userId, req.body.access, auth.userId],
      );
      // Open sockets keep the access they were opened with; reconnecting picks up the new one.
      await kick(req.params.id, req.body.userId);
      return { message: message('success', req.locale) };
    },
  });

  defineRoute(app, ctx, 'drafts.uninvite', {
    params: UninviteParamsSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { row } = await draftFor(req.params.id, auth.userId, auth.schoolId);
      // The owner withdraws anyone; a collaborator may leave on their own.
      if (row.owner_id !== auth.userId && req.params.userId !== auth.userId)
        throw new HttpError(403, 'forbidden', {
          rawErrors: { userId: [t('onlyOwner', req.locale)] },
        });
      const rows = await ctx.db.query<{ user_id: number }>(
        'DELETE FROM draft_collaborators WHERE draft_id = $1 AND user_id = $2 RETURNING user_id',
        [req.params.id, req.params.userId],
      );
      if (rows.length === 0) throw new HttpError(404, 'not_found');
      await kick(req.params.id, req.params.userId);
      return { message: message('success', req.locale) };
    },
  });
}
