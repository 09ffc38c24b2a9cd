import {
  DeletedResponseSchema,
  GroupIdParamsBackofficeSchema,
  SubgroupCreateRequestSchema,
  SubgroupParamsSchema,
  SubgroupRenameRequestSchema,
  SubgroupSavedResponseSchema,
  SubgroupTransferParamsSchema,
  SubgroupTransferRequestSchema,
  SubgroupTransferResponseSchema,
  SubgroupsResponseSchema,
} from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { assertGroupManageable, assertGroupReadable, canManageGroup } from './group-access';
import type { GroupCaller } from './group-access';
import { GroupError } from './group-errors';
import { groupName } from './group-present';
import { findGroup, loadCaller } from './group-queries';
import { assertPlacements, presentSubgroup, presentSubgroups } from './subgroup-present';
import {
  deleteSubgroup,
  findSubgroup,
  insertSubgroup,
  isNameTaken,
  isSubgroupInUse,
  listPupilPlacements,
  listSplittableSubjects,
  listSubgroups,
  renameSubgroup,
  savePlacements,
} from './subgroup-queries';

/** The subgroup and its class, when the caller may change them (404 / 403 / 409 otherwise). */
async function manageableSubgroup(q: Queryable, caller: GroupCaller, subgroupId: number) {
  const subgroup = await findSubgroup(q, subgroupId, true);
  if (!subgroup) throw new GroupError(404, 'subgroup_not_found');
  const group = await findGroup(q, subgroup.group_id, 'kz', true);
  assertGroupManageable(caller, group);
  return { subgroup, group };
}

/** Split a class into subgroups per subject, and move pupils between them. */
export function registerSubgroupRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'backoffice.subgroups', {
    params: GroupIdParamsBackofficeSchema,
    response: { 200: SubgroupsResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const group = await findGroup(db, req.params.groupId, req.locale);
      assertGroupReadable(caller, group);
      const [subjects, subgroups] = await Promise.all([
        listSplittableSubjects(db, group.id, req.locale),
        listSubgroups(db, group.id),
      ]);
      return {
        data: {
          group: {
            id: group.id,
            name: groupName(group.parallel, group.letter),
            pupils: group.pupils,
          },
          subjects: presentSubgroups(subjects, subgroups),
          canManage: canManageGroup(caller, group),
        },
      };
    },
  });

  defineRoute(app, ctx, 'backoffice.subgroupCreate', {
    params: GroupIdParamsBackofficeSchema,
    body: SubgroupCreateRequestSchema,
    response: { 201: SubgroupSavedResponseSchema },
    handler: async (req, reply) => {
      const caller = await loadCaller(db, requireAuth(req));
      const created = await db.transaction(async (tx) => {
        const group = await findGroup(tx, req.params.groupId, req.locale, true);
        assertGroupManageable(caller, group);
        const subjects = await listSplittableSubjects(tx, group.id, req.locale);
        if (!subjects.some((subject) => subject.id === req.body.subjectId))
          throw new GroupError(422, 'subject_not_taught', 'subjectId');
        if (await isNameTaken(tx, group.id, req.body.subjectId, req.body.name, null))
          throw new GroupError(422, 'subgroup_exists', 'name');
        const id = await insertSubgroup(tx, group.id, req.body.subjectId, req.body.name);
        return findSubgroup(tx, id);
      });
      if (!created) throw new GroupError(404, 'subgroup_not_found');
      return reply.code(201).send({ data: presentSubgroup(created) });
    },
  });

  defineRoute(app, ctx, 'backoffice.subgroupRename', {
    params: SubgroupParamsSchema,
    body: SubgroupRenameRequestSchema,
    response: { 200: SubgroupSavedResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const renamed = await db.transaction(async (tx) => {
        const { subgroup } = await manageableSubgroup(tx, caller, req.params.subgroupId);
        const { group_id: groupId, subject_id: subjectId } = subgroup;
        if (await isNameTaken(tx, groupId, subjectId, req.body.name, subgroup.id))
          throw new GroupError(422, 'subgroup_exists', 'name');
        await renameSubgroup(tx, subgroup.id, req.body.name);
        return { ...subgroup, name: req.body.name };
      });
      return { data: presentSubgroup(renamed) };
    },
  });

  defineRoute(app, ctx, 'backoffice.subgroupDelete', {
    params: SubgroupParamsSchema,
    response: { 200: DeletedResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      await db.transaction(async (tx) => {
        const { subgroup } = await manageableSubgroup(tx, caller, req.params.subgroupId);
        if (await isSubgroupInUse(tx, subgroup.id)) throw new GroupError(409, 'subgroup_in_use');
        await deleteSubgroup(tx, subgroup.id);
      });
      return { data: { id: req.params.subgroupId } };
    },
  });

  /** The transfer page: the subject, its subgroups, every pupil with their subgroup. */
  async function loadTransfer(
    q: Queryable,
    caller: GroupCaller,
    groupId: number,
    subjectId: number,
    locale: 'kz' | 'ru',
  ) {
    const group = await findGroup(q, groupId, locale);
    assertGroupReadable(caller, group);
    const subject = (await listSplittableSubjects(q, group.id, locale)).find(
      (s) => s.id === subjectId,
    );
    if (!subject) throw new GroupError(404, 'subject_not_taught');
    const [subgroups, pupils] = await Promise.all([
      listSubgroups(q, group.id),
      listPupilPlacements(q, group.id, subject.id),
    ]);
    return {
      group: { id: group.id, name: groupName(group.parallel, group.letter) },
      subject,
      subgroups: subgroups.filter((s) => s.subject_id === subject.id).map(presentSubgroup),
      pupils: pupils.map((p) => ({ id: p.id, fullname: p.fullname, subgroupId: p.subgroup_id })),
      canManage: canManageGroup(caller, group),
    };
  }

  defineRoute(app, ctx, 'backoffice.subgroupTransfer', {
    params: SubgroupTransferParamsSchema,
    response: { 200: SubgroupTransferResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const { groupId, subjectId } = req.params;
      return { data: await loadTransfer(db, caller, groupId, subjectId, req.locale) };
    },
  });

  defineRoute(app, ctx, 'backoffice.subgroupTransferSave', {
    params: SubgroupTransferParamsSchema,
    body: SubgroupTransferRequestSchema,
    response: { 200: SubgroupTransferResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const { groupId, subjectId } = req.params;
      return db.transaction(async (tx) => {
        const group = await findGroup(tx, groupId, req.locale, true);
        assertGroupManageable(caller, group);
        const page = await loadTransfer(tx, caller, groupId, subjectId, req.locale);
        assertPlacements(page, req.body.members);
        await savePlacements(tx, groupId, subjectId, req.body.members);
        return { data: await loadTransfer(tx, caller, groupId, subjectId, req.locale) };
      });
    },
  });
}
