import {
  ContingentListQuerySchema,
  ContingentListResponseSchema,
  JobResponseSchema,
  RosterImportRequestSchema,
} from '@sabaq/platform';
import type { ContingentPupil } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { requireSchool } from './personnel-commands';
import { jobsOf } from '../jobs/job-runner';
import { presentJob } from '../jobs/job-present';
import { loadJob } from '../jobs/job-queries';
import type { JobRow } from '../jobs/job-queries';
import { planRoster } from './roster-commands';
import type { RosterPupilRow } from './roster-queries';
import { findPeriod, listRoster } from './roster-queries';
import { buildRosterWorkbook, readRosterSheet } from './roster-sheet';
import { RosterError } from './roster-texts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function present(r: RosterPupilRow): ContingentPupil {
  return {
    id: r.id,
    iin: r.iin,
    surname: r.surname,
    firstname: r.firstname,
    lastname: r.lastname,
    birthDate: r.birth_date,
    className: r.class_name,
    lang: r.lang,
    archivedAt: r.archived_at,
  };
}

/**
 * The pupils' roster (issue 13 "contingent"): .xlsx export and import in the backoffice and the
 * §7 monitoring list. Director and zavuch (policies/roster.ts), of their own school only: every
 * query is bound to the caller's school, so another school's pupils are never read or touched.
 */
export function registerRosterRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  defineRoute(app, ctx, 'roster.export', {
    handler: async (req, reply) => {
      const caller = requireSchool(requireAuth(req));
      const rows = await listRoster(db, caller.schoolId, req.locale, false);
      const file = await buildRosterWorkbook(rows.map(present), req.locale);
      const name = req.locale === 'ru' ? 'Контингент.xlsx' : 'Оқушылар.xlsx';
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(file);
    },
  });

  // The import is long work (thousands of one-time passwords): the rows are read and checked
  // here (422 naming every bad row, nothing queued), then a job writes them (roster-commands.ts).
  const jobs = jobsOf(db);
  defineRoute(app, ctx, 'roster.import', {
    body: RosterImportRequestSchema,
    response: { 202: JobResponseSchema },
    handler: async (req, reply) => {
      const caller = requireSchool(requireAuth(req));
      const rows = await readRosterSheet(req.body.xlsx);
      await planRoster(db, caller.schoolId, rows);
      const queued = await jobs.enqueue({
        kind: 'roster.import',
        schoolId: caller.schoolId,
        createdBy: caller.userId,
        payload: { rows },
      });
      const job = (await loadJob(db, queued.id)) as JobRow;
      return reply.code(202).send({ data: presentJob(job, req.locale) });
    },
  });

  defineRoute(app, ctx, 'monitoring.contingentList', {
    querystring: ContingentListQuerySchema,
    response: { 200: ContingentListResponseSchema },
    handler: async (req) => {
      const caller = requireSchool(requireAuth(req));
      const { periodId, archive } = req.query;
      const period = await findPeriod(db, caller.schoolId, periodId ?? null, req.locale);
      if (!period) throw new RosterError(404, 'period_not_found', 'periodId');
      // Active pupils are the roster as it is; the archive is who left within the period.
      const rows = archive
        ? await listRoster(db, caller.schoolId, req.locale, true, period.start, period.end)
        : await listRoster(db, caller.schoolId, req.locale, false);
      return {
        data: {
          period: { id: period.id, name: period.name },
          archive,
          pupils: rows.map(present),
        },
      };
    },
  });
}
