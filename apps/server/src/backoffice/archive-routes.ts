import {
  ArchiveJournalParamsSchema,
  ArchiveJournalQuerySchema,
  ArchiveJournalResponseSchema,
  ArchiveResponseSchema,
  ArchivedGroupResponseSchema,
  GroupIdParamsBackofficeSchema,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { inSchool, schoolOf } from '../teaching/tenancy';
import { presentGrid } from '../teaching/journal-present';
import { readGridRows } from '../teaching/journal-queries';
import {
  archivedClassPupils,
  archivedSubgroupPupils,
  archivedYear,
  wasTaught,
  yearPeriods,
} from './archive-journal-queries';
import { YearError } from './year-texts';
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

  /**
   * The archived class's journal of the school year it finished, read as stored: no lesson is
   * dated on the way (journal-queries.ts `readGridRows`), and nothing can be written into it
   * (the journal's writes answer 409 for an archived class).
   */
  defineRoute(app, ctx, 'backoffice.archiveJournal', {
    params: ArchiveJournalParamsSchema,
    querystring: ArchiveJournalQuerySchema,
    response: { 200: ArchiveJournalResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const group = await findGroup(db, req.params.groupId, req.locale);
      // Another school's class, or one not in the archive (its journal is the journal's).
      if (!group?.archived || !inSchool(auth, group.school_id))
        throw new YearError(404, 'group_not_found');
      const year = await archivedYear(db, group);
      const periods = year ? await yearPeriods(db, group.school_id, year, req.locale) : [];
      const asked = req.query.periodId;
      const period = asked === undefined ? periods.at(-1) : periods.find((p) => p.id === asked);
      if (!year || !period) throw new YearError(404, 'period_not_found', 'periodId');
      if (!(await wasTaught(db, group.id, req.params.subjectId)))
        throw new YearError(404, 'subject_not_found');
      const subgroupId = req.query.subgroupId ?? null;
      const page = { group, subjectId: req.params.subjectId, subgroupId, period };
      // A subgroup not of this class and subject: 404 from readGridRows (kz/ru).
      const students =
        subgroupId === null
          ? await archivedClassPupils(db, group.id)
          : await archivedSubgroupPupils(db, group.id, subgroupId);
      const rows = await readGridRows(db, page, req.locale, students);
      return {
        data: {
          schoolYear: year,
          periods: periods.map((p) => ({ id: p.id, name: p.name })),
          grid: presentGrid(page, rows),
        },
      };
    },
  });
}
