import {
  ArchiveResponseSchema,
  ArchivedGroupResponseSchema,
  GroupIdParamsBackofficeSchema,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { schoolOf } from '../teaching/tenancy';
import { assertArchiveReadable } from './group-access';
import { groupName, presentSubjects } from './group-present';
import { findGroup, loadCaller } from './group-queries';
import {
  listArchivedGroups,
  listArchivedPupils,
  listArchivedSubjects,
  listLeavers,
} from './archive-queries';

/** The archive (management and methodists): archived classes and leavers, read-only. */
export function registerArchiveRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'backoffice.archive', {
    response: { 200: ArchiveResponseSchema },
    handler: async (req) => {
      const schoolId = schoolOf(requireAuth(req));
      const [groups, leavers] = await Promise.all([
        listArchivedGroups(db, schoolId),
        listLeavers(db, schoolId),
      ]);
      return {
        data: {
          groups: groups.map((g) => ({
            id: g.id,
            name: groupName(g.parallel, g.letter),
            archivedAt: g.archived_at,
            pupils: g.pupils,
          })),
          pupils: leavers.map((p) => ({
            id: p.id,
            fullname: p.fullname,
            groupId: p.group_id,
            groupName: groupName(p.parallel, p.letter),
            archivedAt: p.archived_at,
          })),
        },
      };
    },
  });

  defineRoute(app, ctx, 'backoffice.archiveGroup', {
    params: GroupIdParamsBackofficeSchema,
    response: { 200: ArchivedGroupResponseSchema },
    handler: async (req) => {
      const caller = await loadCaller(db, requireAuth(req));
      const group = await findGroup(db, req.params.groupId, req.locale);
      const pupils = group ? await listArchivedPupils(db, group.id, group.archived) : [];
      assertArchiveReadable(caller, group, pupils.length > 0);
      const subjects = await listArchivedSubjects(db, group.id, req.locale);
      return {
        data: {
          group: {
            id: group.id,
            name: groupName(group.parallel, group.letter),
            eduLang: group.edu_lang_name,
            archived: group.archived,
            archivedAt: group.archived_at,
          },
          pupils,
          subjects: presentSubjects(subjects.map((s) => ({ ...s, subgroups: 0 }))).map(
            ({ id, name, teachers }) => ({ id, name, teachers }),
          ),
        },
      };
    },
  });
}
