import {
  DeletedResponseSchema,
  GroupBodySchema,
  GroupCardResponseSchema,
  GroupDetailResponseSchema,
  GroupDictionariesResponseSchema,
  GroupIdParamsBackofficeSchema,
  GroupListResponseSchema,
  GroupSavedResponseSchema,
} from '@sabaq/platform';
import type { Locale } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { schoolOf } from '../teaching/tenancy';
import {
  assertGroupManageable,
  assertGroupReadable,
  canManageGroup,
  isManagement,
} from './group-access';
import { createGroup, updateGroup } from './group-commands';
import { GroupError, GroupNotEmptyError } from './group-errors';
import {
  presentGroupDetail,
  presentGroupList,
  presentGroupSummary,
  presentParallels,
  presentSubjects,
  groupName,
} from './group-present';
import {
  deleteGroup,
  findGroup,
  listClassTeachers,
  listGroupParts,
  listGroups,
  listLangs,
  listPupils,
  listSchoolTeachers,
  listSubjectTeachers,
  listTeamIds,
  loadCaller,
  schoolKind,
} from './group-queries';

/** The spec §3 detail of a class of the school (after the access check). */
async function loadDetail(q: Queryable, schoolId: number, groupId: number, locale: Locale) {
  const group = await findGroup(q, groupId, locale);
  if (!group || group.school_id !== schoolId) throw new GroupError(404, 'group_not_found');
  const [team, langs, personnels] = await Promise.all([
    listTeamIds(q, groupId),
    listLangs(q, locale),
    listSchoolTeachers(q, schoolId),
  ]);
  return presentGroupDetail(group, team, langs, personnels);
}

/** Classes: the spec §7 modal calls (detail, create, update, dictionaries), list, card, delete. */
export function registerGroupRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'backoffice.groupList', {
    response: { 200: GroupListResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const manage = isManagement(caller);
      const rows = await listGroups(
        db,
        schoolOf(caller.auth),
        req.locale,
        manage ? null : caller.ledGroups,
      );
      const teachers = await listClassTeachers(
        db,
        rows.map((row) => row.id),
      );
      return { data: presentGroupList(rows, teachers, manage) };
    },
  });

  defineRoute(app, ctx, 'backoffice.groupCard', {
    params: GroupIdParamsBackofficeSchema,
    response: { 200: GroupCardResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const group = await findGroup(db, req.params.groupId, req.locale);
      assertGroupReadable(caller, group);
      const [teachers, pupils, subjects, others] = await Promise.all([
        listClassTeachers(db, [group.id]),
        listPupils(db, group.id),
        listSubjectTeachers(db, group.id, req.locale),
        canManageGroup(caller, group) ? listGroups(db, group.school_id, req.locale, null) : [],
      ]);
      return {
        data: {
          group: presentGroupSummary(group, teachers),
          pupils,
          subjects: presentSubjects(subjects),
          otherGroups: others
            .filter((other) => other.id !== group.id)
            .map((other) => ({ id: other.id, name: groupName(other.parallel, other.letter) })),
          canManage: canManageGroup(caller, group),
        },
      };
    },
  });

  defineRoute(app, ctx, 'backoffice.groupGet', {
    params: GroupIdParamsBackofficeSchema,
    response: { 200: GroupDetailResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      assertGroupManageable(caller, await findGroup(db, req.params.groupId, req.locale));
      return loadDetail(db, schoolOf(caller.auth), req.params.groupId, req.locale);
    },
  });

  defineRoute(app, ctx, 'backoffice.groupUpdate', {
    params: GroupIdParamsBackofficeSchema,
    body: GroupBodySchema,
    response: { 200: GroupSavedResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const schoolId = schoolOf(caller.auth);
      return db.transaction(async (tx) => {
        assertGroupManageable(caller, await findGroup(tx, req.params.groupId, req.locale, true));
        await updateGroup(tx, schoolId, req.params.groupId, req.body);
        return loadDetail(tx, schoolId, req.params.groupId, req.locale);
      });
    },
  });

  defineRoute(app, ctx, 'backoffice.groupCreate', {
    body: GroupBodySchema,
    response: { 201: GroupSavedResponseSchema },
    handler: async (req, reply) => {
      const schoolId = schoolOf(requireAuth(req));
      if (schoolId < 0) throw new GroupError(404, 'group_not_found');
      const detail = await db.transaction(async (tx) => {
        const id = await createGroup(tx, schoolId, req.body);
        return loadDetail(tx, schoolId, id, req.locale);
      });
      return reply.code(201).send(detail);
    },
  });

  defineRoute(app, ctx, 'backoffice.groupDelete', {
    params: GroupIdParamsBackofficeSchema,
    response: { 200: DeletedResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      await db.transaction(async (tx) => {
        assertGroupManageable(caller, await findGroup(tx, req.params.groupId, req.locale, true));
        const parts = await listGroupParts(tx, req.params.groupId);
        if (parts.length > 0) throw new GroupNotEmptyError(parts);
        await deleteGroup(tx, req.params.groupId);
      });
      return { data: { id: req.params.groupId } };
    },
  });

  defineRoute(app, ctx, 'backoffice.groupDictionaries', {
    response: { 200: GroupDictionariesResponseSchema },
    handler: async (req) => {
      const schoolId = schoolOf(requireAuth(req));
      const [kind, langs, personnels] = await Promise.all([
        schoolKind(db, schoolId),
        listLangs(db, req.locale),
        listSchoolTeachers(db, schoolId),
      ]);
      return { groups: presentParallels(kind, req.locale), langs, personnels };
    },
  });
}
