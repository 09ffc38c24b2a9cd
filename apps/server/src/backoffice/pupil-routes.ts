import {
  DeletedResponseSchema,
  GroupIdParamsBackofficeSchema,
  GroupPupilParamsSchema,
  PupilAddRequestSchema,
  PupilAddedResponseSchema,
  PupilMoveRequestSchema,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { assertGroupManageable, canManageGroup } from './group-access';
import { addPupil, archivePupil, movePupil } from './group-commands';
import { GroupError } from './group-errors';
import { findGroup, findGroupPupil, listPupils, loadCaller } from './group-queries';

/** Pupils of a class: add (existing account by IIN, or a new one), move, remove to the archive. */
export function registerPupilRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'backoffice.pupilAdd', {
    params: GroupIdParamsBackofficeSchema,
    body: PupilAddRequestSchema,
    response: { 201: PupilAddedResponseSchema },
    handler: async (req, reply) => {
      const caller = await loadCaller(db, requireAuth(req));
      const added = await db.transaction(async (tx) => {
        const group = await findGroup(tx, req.params.groupId, req.locale, true);
        assertGroupManageable(caller, group);
        const result = await addPupil(tx, group.school_id, group.id, req.body);
        const pupil = (await listPupils(tx, group.id)).find((row) => row.id === result.userId);
        if (!pupil) throw new Error('added pupil is not in the class');
        return { pupil, initialPassword: result.initialPassword };
      });
      return reply.code(201).send({ data: added });
    },
  });

  defineRoute(app, ctx, 'backoffice.pupilMove', {
    params: GroupPupilParamsSchema,
    body: PupilMoveRequestSchema,
    response: { 200: DeletedResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      await db.transaction(async (tx) => {
        const group = await findGroup(tx, req.params.groupId, req.locale, true);
        assertGroupManageable(caller, group);
        const pupil = await findGroupPupil(tx, group.id, req.params.userId);
        if (!pupil) throw new GroupError(404, 'pupil_not_in_group');
        const target = await findGroup(tx, req.body.groupId, req.locale, true);
        if (!target || target.id === group.id || target.archived || !canManageGroup(caller, target))
          throw new GroupError(422, 'target_group_invalid', 'groupId');
        await movePupil(tx, pupil.id, group.id, target.id);
      });
      return { data: { id: req.params.userId } };
    },
  });

  defineRoute(app, ctx, 'backoffice.pupilArchive', {
    params: GroupPupilParamsSchema,
    response: { 200: DeletedResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      await db.transaction(async (tx) => {
        const group = await findGroup(tx, req.params.groupId, req.locale, true);
        assertGroupManageable(caller, group);
        const pupil = await findGroupPupil(tx, group.id, req.params.userId);
        if (!pupil) throw new GroupError(404, 'pupil_not_in_group');
        await archivePupil(tx, pupil.id, group.id);
      });
      return { data: { id: req.params.userId } };
    },
  });
}
