import {
  StaffHireRequestSchema,
  StaffImportRequestSchema,
  JobResponseSchema,
  StaffListQuerySchema,
  StaffListResponseSchema,
  StaffParamsSchema,
  StaffPasswordResponseSchema,
  StaffSavedResponseSchema,
  StaffUpdateRequestSchema,
  MessageResponseSchema,
  message,
} from '@sabaq/platform';
import type { Locale } from '@sabaq/platform';
import type { z } from 'zod';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { Caller } from './personnel-access';
import { assertAssignable, assertManageable } from './personnel-access';
import {
  dismissStaff,
  editStaff,
  hireStaff,
  planStaffImport,
  requireSchool,
  resetStaffPassword,
} from './personnel-commands';
import { buildStaffWorkbook, readStaffSheet } from './personnel-import';
import { jobsOf } from '../jobs/job-runner';
import { presentJob } from '../jobs/job-present';
import { loadJob } from '../jobs/job-queries';
import type { JobRow } from '../jobs/job-queries';
import { presentStaff } from './personnel-present';
import type { StaffWrite } from './personnel-queries';
import { findStaff, listStaff, subjectNames } from './personnel-queries';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function toWrite(body: z.output<typeof StaffUpdateRequestSchema>): StaffWrite {
  return {
    surname: body.surname.trim(),
    firstname: body.firstname.trim(),
    lastname: body.lastname?.trim() || null,
    role: body.role,
    // A subrole is a teacher's (spec §3: "a teacher's subrole replaces the role").
    subrole: body.role === 'teacher' ? body.subrole : null,
    position: body.position?.trim() || null,
    phone: body.phone || null,
    email: body.email?.trim() || null,
    subjectIds: [...new Set(body.subjectIds)],
  };
}

async function loadMember(
  ctx: AppContext,
  caller: Caller & { schoolId: number },
  id: number,
  locale: Locale,
) {
  const row = await findStaff(ctx.db, caller.schoolId, id, locale);
  if (!row) throw new HttpError(404, 'not_found');
  return presentStaff(row, caller);
}

/**
 * Backoffice personnel (issue 13): handlers only — who asks, load, check (personnel-access),
 * change (personnel-commands), answer (personnel-present). Sign-in on someone's behalf is the
 * existing audited auth/behalf (routes/behalf.ts), linked from the screen.
 */
export function registerPersonnelRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  defineRoute(app, ctx, 'personnel.list', {
    querystring: StaffListQuerySchema,
    response: { 200: StaffListResponseSchema },
    handler: async (req) => {
      const caller = requireSchool(requireAuth(req));
      const rows = await listStaff(db, caller.schoolId, req.locale, req.query.status === 'all');
      const subjects = await subjectNames(db);
      return {
        data: {
          staff: rows.map((r) => presentStaff(r, caller)),
          subjects: subjects.map((s) => ({
            id: s.id,
            name: req.locale === 'ru' ? s.name_ru : s.name_kz,
          })),
        },
      };
    },
  });

  defineRoute(app, ctx, 'personnel.hire', {
    body: StaffHireRequestSchema,
    response: { 201: StaffSavedResponseSchema },
    handler: async (req, reply) => {
      const caller = requireSchool(requireAuth(req));
      const write = toWrite(req.body);
      assertAssignable(caller, write.role, write.subrole);
      const { id, password } = await hireStaff(db, caller, req.body.iin, write);
      reply.code(201);
      return { data: { member: await loadMember(ctx, caller, id, req.locale), password } };
    },
  });

  defineRoute(app, ctx, 'personnel.update', {
    params: StaffParamsSchema,
    body: StaffUpdateRequestSchema,
    response: { 200: StaffSavedResponseSchema },
    handler: async (req) => {
      const caller = requireSchool(requireAuth(req));
      const target = await findStaff(db, caller.schoolId, req.params.userId, req.locale);
      assertManageable(caller, target);
      const write = toWrite(req.body);
      assertAssignable(caller, write.role, write.subrole);
      await editStaff(db, caller, req.params.userId, write);
      return { data: { member: await loadMember(ctx, caller, req.params.userId, req.locale) } };
    },
  });

  defineRoute(app, ctx, 'personnel.dismiss', {
    params: StaffParamsSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const caller = requireSchool(requireAuth(req));
      const target = await findStaff(db, caller.schoolId, req.params.userId, req.locale);
      assertManageable(caller, target);
      await dismissStaff(db, caller, req.params.userId);
      // Their open sockets close now (4401), not at the next periodic check.
      void ctx.websockets.checkSessions().catch(() => undefined);
      return { message: message('success', req.locale) };
    },
  });

  defineRoute(app, ctx, 'personnel.passwordReset', {
    params: StaffParamsSchema,
    response: { 200: StaffPasswordResponseSchema },
    handler: async (req) => {
      const caller = requireSchool(requireAuth(req));
      const target = await findStaff(db, caller.schoolId, req.params.userId, req.locale);
      assertManageable(caller, target);
      const password = await resetStaffPassword(db, caller, req.params.userId);
      void ctx.websockets.checkSessions().catch(() => undefined);
      return { data: { password } };
    },
  });

  defineRoute(app, ctx, 'personnel.export', {
    handler: async (req, reply) => {
      const caller = requireSchool(requireAuth(req));
      const rows = await listStaff(db, caller.schoolId, req.locale, false);
      const file = await buildStaffWorkbook(
        rows.map((r) => presentStaff(r, caller)),
        req.locale,
      );
      const name = req.locale === 'ru' ? 'Сотрудники.xlsx' : 'Қызметкерлер.xlsx';
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(file);
    },
  });

  // The rows are read and checked here (422 naming every bad row, nothing queued); a job writes
  // them (personnel-commands.ts `runStaffImport`), as every import runs.
  const jobs = jobsOf(db);
  defineRoute(app, ctx, 'personnel.import', {
    body: StaffImportRequestSchema,
    response: { 202: JobResponseSchema },
    handler: async (req, reply) => {
      const caller = requireSchool(requireAuth(req));
      const rows = await readStaffSheet(req.body.xlsx, await subjectNames(db));
      await planStaffImport(db, caller, rows);
      const queued = await jobs.enqueue({
        kind: 'personnel.import',
        schoolId: caller.schoolId,
        createdBy: caller.userId,
        payload: {
          caller: { userId: caller.userId, role: caller.role, schoolId: caller.schoolId },
          rows,
        },
      });
      const job = (await loadJob(db, queued.id)) as JobRow;
      return reply.code(202).send({ data: presentJob(job, req.locale) });
    },
  });
}
