import {
  BehalfRequestSchema,
  BehalfTargetParamsSchema,
  BehalfTargetResponseSchema,
  LoginResponseSchema,
  isRole,
} from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { audit } from '../auth/audit';
import { openSession } from './auth';

interface TargetRow {
  id: number;
  role: string;
  school_id: number | null;
  firstname: string;
  surname: string;
  lastname: string | null;
  group_name: string | null;
}

/**
 * The user a director or zavuch may look through the eyes of: a teacher or pupil of the same
 * school, never another manager nor themselves. 404 for someone outside the school (nothing to
 * learn about other schools), 403 for someone inside it who may not be switched to.
 */
async function loadTarget(q: Queryable, auth: AuthContext, userId: number): Promise<TargetRow> {
  const rows = await q.query<TargetRow>(
    `SELECT u.id, u.role, u.school_id, u.firstname, u.surname, u.lastname,
            CASE WHEN g.id IS NULL THEN NULL ELSE g.parallel::text || g.letter END AS group_name
       FROM users u LEFT JOIN groups g ON g.id = u.group_id
      WHERE u.id = $1 AND u.dismissed_at IS NULL AND u.archived_at IS NULL`,
    [userId],
  );
  const target = rows[0];
  if (!target || target.school_id === null || target.school_id !== auth.schoolId) {
    throw new HttpError(404, 'not_found');
  }
  if (!['student', 'teacher'].includes(target.role) || target.id === auth.userId) {
    throw new HttpError(403, 'behalf_forbidden');
  }
  return target;
}

/**
 * Behalf sign-in in two steps: the web screen at /{lang}/behalf_auth?userId=N first reads whose
 * session it would open (GET auth/behalf/:userId, changes nothing) and asks; only the person's
 * explicit "yes" sends POST auth/behalf {userId, confirmed: true}. Both carry the bearer token,
 * which the browser never attaches on its own, so a link or form on another site cannot switch
 * a signed-in director's session. The audit row names the director as actor and records the
 * confirmation.
 */
export function registerBehalfRoutes(app: App, ctx: AppContext): void {
  defineRoute(app, ctx, 'auth.behalfTarget', {
    params: BehalfTargetParamsSchema,
    response: { 200: BehalfTargetResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const target = await loadTarget(ctx.db, auth, req.params.userId);
      if (!isRole(target.role)) throw new HttpError(404, 'not_found');
      return {
        data: {
          userId: target.id,
          role: target.role,
          firstname: target.firstname,
          surname: target.surname,
          lastname: target.lastname,
          group: target.group_name,
        },
      };
    },
  });

  defineRoute(app, ctx, 'auth.behalf', {
    body: BehalfRequestSchema,
    response: { 200: LoginResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const target = await loadTarget(ctx.db, auth, req.body.userId);
      const opened = await openSession(ctx, req, reply, target.id, auth.userId);
      await audit(ctx.db, {
        actorId: auth.userId,
        action: 'behalf_auth',
        targetUserId: target.id,
        sessionId: auth.sessionId,
        route: 'auth.behalf',
        status: 200,
        meta: {
          ip: req.ip,
          sessionId: auth.sessionId,
          // The session opened: every write in it is audited under this id (issue 28).
          behalfSessionId: opened.sessionId,
          confirmed: req.body.confirmed,
          userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
        },
      });
      return opened.body;
    },
  });
}
