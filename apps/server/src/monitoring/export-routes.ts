import {
  MonitoringExportJobParamsSchema,
  MonitoringExportJobResponseSchema,
  MonitoringExportQueuedResponseSchema,
  MonitoringExportRequestSchema,
  MonitoringSchoolExportRequestSchema,
  apiPath,
} from '@sabaq/platform';
import type { Locale, MonitoringExport, MonitoringExportJob, RouteId } from '@sabaq/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import type { FileStorage } from '../files/storage';
import { jobErrorFor, jobsOf } from '../jobs/job-runner';
import { schoolDate } from '../teaching/journal-access';
import { checkExport, type NodeAsked, type SchoolAsked } from './export-data';
import { ExportResultSchema, type ExportPayload } from './export-job';
import { EXPORT_JOB, loadExportJob, loadOwnExportFile } from './export-queries';
import type { ExportJobRow } from './export-queries';
import { ExportError, contentDisposition } from './export-texts';

export interface ExportRouteOptions {
  /** How long a request waits for its file before answering 202 with the job (ms). */
  waitMs?: number;
  now?: () => number;
}

const POLL_MS = 40;

/**
 * The five monitoring exports of §7 (issue 16) and the way to fetch a slow one. A request is
 * checked at once (the caller's node, the period, the size of the file: a refusal queues
 * nothing), then queued as a `monitoring.export` job (export-job.ts) and waited for about a
 * second: done, it answers 200 with the file; not yet, 202 with the job, which the starter
 * follows (`monitoring.exportJob`) and fetches (`monitoring.exportFile`). Nobody else reads a
 * job or its file (404).
 */
export function registerMonitoringExportRoutes(
  app: App,
  ctx: AppContext,
  options: ExportRouteOptions = {},
): void {
  const { db } = ctx;
  const storage = ctx.files.storage;
  const now = options.now ?? (() => Date.now());
  const waitMs = options.waitMs ?? 1000;
  const jobs = jobsOf(db);

  async function waitFor(jobId: number): Promise<ExportJobRow> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const job = (await loadExportJob(db, jobId))!;
      const settled = job.status === 'done' || job.status === 'failed';
      if (settled || Date.now() + POLL_MS > deadline) return job;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async function start(
    kind: MonitoringExport,
    req: FastifyRequest & { body: NodeAsked | SchoolAsked },
    reply: FastifyReply,
  ) {
    const auth = requireAuth(req);
    await checkExport(db, kind, auth, req.body, schoolDate(now()), req.locale);
    const payload: ExportPayload = {
      export: kind,
      body: req.body,
      locale: req.locale,
      userId: auth.userId,
      schoolId: auth.schoolId,
    };
    const queued = await jobs.enqueue({
      kind: EXPORT_JOB,
      schoolId: auth.schoolId,
      createdBy: auth.userId,
      payload,
    });
    const job = await waitFor(queued.id);
    if (job.status === 'done') return sendExport(reply, db, storage, auth, job);
    if (job.status === 'failed') return sendRefusal(reply, job, req.locale);
    return reply.code(202).send({ data: { jobId: job.id } });
  }

  const routes: [RouteId, MonitoringExport][] = [
    ['monitoring.export', 'node-xlsx'],
    ['monitoring.exportPdf', 'node-pdf'],
    ['monitoring.exportSchoolPages', 'pages-xlsx'],
  ];
  for (const [id, kind] of routes)
    defineRoute(app, ctx, id, {
      body: MonitoringExportRequestSchema,
      response: { 202: MonitoringExportQueuedResponseSchema },
      handler: (req, reply) => start(kind, req, reply),
    });
  const schoolRoutes: [RouteId, MonitoringExport][] = [
    ['monitoring.exportSchool', 'school-xlsx'],
    ['monitoring.exportPdfSchool', 'school-pdf'],
  ];
  for (const [id, kind] of schoolRoutes)
    defineRoute(app, ctx, id, {
      body: MonitoringSchoolExportRequestSchema,
      response: { 202: MonitoringExportQueuedResponseSchema },
      handler: (req, reply) => start(kind, req, reply),
    });

  /** The caller's own export job (404 for anyone else's, or for another kind of job). */
  async function ownJob(auth: AuthContext, jobId: number): Promise<ExportJobRow> {
    const job = await loadExportJob(db, jobId);
    if (!job || job.created_by !== auth.userId) throw new HttpError(404, 'not_found');
    return job;
  }

  defineRoute(app, ctx, 'monitoring.exportJob', {
    params: MonitoringExportJobParamsSchema,
    response: { 200: MonitoringExportJobResponseSchema },
    handler: async (req) => {
      const job = await ownJob(requireAuth(req), req.params.jobId);
      return { data: presentExportJob(job, req.locale) };
    },
  });

  defineRoute(app, ctx, 'monitoring.exportFile', {
    params: MonitoringExportJobParamsSchema,
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const job = await ownJob(auth, req.params.jobId);
      if (job.status === 'failed') return sendRefusal(reply, job, req.locale);
      if (job.status !== 'done') throw new ExportError(409, 'export_not_ready');
      return sendExport(reply, db, storage, auth, job);
    },
  });
}

function presentExportJob(job: ExportJobRow, locale: Locale): MonitoringExportJob {
  const result = job.status === 'done' ? ExportResultSchema.safeParse(job.result) : null;
  return {
    id: job.id,
    export: job.export,
    status: job.status,
    stage: job.stage,
    done: job.done,
    total: job.total,
    error: job.error ? jobErrorFor(job.error, locale) : null,
    createdAt: job.created_at,
    finishedAt: job.finished_at,
    file: result?.success
      ? {
          name: result.data.name,
          contentType: result.data.contentType,
          size: result.data.size,
          url: apiPath('monitoring.exportFile', { jobId: job.id }),
        }
      : null,
  };
}

/** A job's refusal as it was stored (in the reader's language), with its status. */
function sendRefusal(reply: FastifyReply, job: ExportJobRow, locale: Locale) {
  const { status, ...body } = jobErrorFor(job.error!, locale);
  return reply.code(status).send(body);
}

/** The finished file of a done job, as an attachment. */
async function sendExport(
  reply: FastifyReply,
  db: Queryable,
  storage: FileStorage,
  auth: AuthContext,
  job: ExportJobRow,
) {
  const result = ExportResultSchema.parse(job.result);
  const file = await loadOwnExportFile(db, result.storedId, auth.userId);
  if (!file) throw new ExportError(404, 'export_file_gone');
  const size = await storage.size(file.id);
  if (size === null) throw new ExportError(404, 'export_file_gone');
  // Sent as stored: an .xlsx and a PDF are compressed already (the compression plugin skips it).
  reply.request.headers['x-no-compression'] = '1';
  return reply
    .code(200)
    .header('content-type', file.mime)
    .header('content-length', size)
    .header('content-disposition', contentDisposition(result))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(await storage.read(file.id));
}
