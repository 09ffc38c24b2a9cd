import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { MONITORING_EXPORTS, MONITORING_FOLLOWERS } from '@sabaq/platform';
import type { Locale, MonitoringExport, Role } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { receiptFont } from '../commerce/receipt-pdf';
import type { FileStorage } from '../files/storage';
import { HttpError } from '../http/errors';
import type { JobHandler } from '../jobs/job-runner';
import { schoolDate } from '../teaching/journal-access';
import { loadExportData, parseAsked, type Progress } from './export-data';
import { composeDocument } from './export-document';
import { renderPdf } from './export-pdf';
import { deleteOldExportFiles, insertExportFile, loadActiveRole } from './export-queries';
import { ExportError, nameExportFile } from './export-texts';
import { buildWorkbook } from './export-workbook';
import type { Follower } from './monitoring-node';

/**
 * The job of an export (DESIGN.md "Long work"): it gathers the figures as its starter may see
 * them when it runs (their role and place in the tree read again: one moved or archived since
 * gets their refusal), writes the file into the file service's storage and records it with the
 * job's `done` in one transaction, so a job taken over after a restart never leaves two files.
 */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Export files of a person are kept this long (removed when they export again). */
const KEEP_HOURS = 24;

export const ExportPayloadSchema = z.object({
  export: z.enum(MONITORING_EXPORTS),
  body: z.unknown(),
  locale: z.enum(['kz', 'ru']),
  userId: z.number().int(),
  schoolId: z.number().int().nullable(),
});
export type ExportPayload = z.infer<typeof ExportPayloadSchema>;

export const ExportResultSchema = z.object({
  storedId: z.string(),
  name: z.string(),
  ascii: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type ExportResult = z.infer<typeof ExportResultSchema>;

export interface ExportFile {
  bytes: Buffer;
  name: string;
  ascii: string;
  contentType: string;
}

/** DejaVu Sans, regular and bold (the bold beside it; the regular one when absent). */
function exportFonts(): { regular: string; bold: string } | null {
  const regular = receiptFont();
  if (!regular) return null;
  const bold = regular.replace(/DejaVuSans\.ttf$/, 'DejaVuSans-Bold.ttf');
  return { regular, bold: existsSync(bold) ? bold : regular };
}

/** One export's file, for `auth` as they may see it now; `at` is its moment (its date). */
export async function makeExportFile(
  q: Queryable,
  kind: MonitoringExport,
  auth: Follower,
  body: unknown,
  locale: Locale,
  at: number,
  progress: Progress,
): Promise<ExportFile> {
  const asked = parseAsked(kind, body);
  const data = await loadExportData(q, kind, auth, asked, schoolDate(at), locale, progress);
  const document = composeDocument(data, locale, at);
  const subject = data.kind === 'school' ? data.view.organization.name : data.name;
  const file = nameExportFile(kind, locale, subject, at);
  if (kind === 'node-pdf' || kind === 'school-pdf') {
    const fonts = exportFonts();
    if (!fonts) throw new ExportError(503, 'export_font_missing');
    return { ...file, bytes: await renderPdf(document, fonts), contentType: 'application/pdf' };
  }
  return { ...file, bytes: await buildWorkbook(document), contentType: XLSX };
}

/** The handler of `monitoring.export` jobs. */
export function handleExportJob(storage: FileStorage, now: () => number): JobHandler {
  return async ({ job, db, progress, complete }) => {
    const payload = ExportPayloadSchema.parse(job.payload);
    const role = await loadActiveRole(db, payload.userId);
    if (role === null || !(MONITORING_FOLLOWERS as readonly Role[]).includes(role))
      throw new HttpError(403, 'forbidden');
    const auth = { userId: payload.userId, role };
    const file = await makeExportFile(
      db,
      payload.export,
      auth,
      payload.body,
      payload.locale,
      now(),
      progress,
    );
    await progress('file', 0, 1);
    const storedId = randomUUID();
    await storage.put(storedId, Readable.from([file.bytes]), file.contentType);
    const result: ExportResult = {
      storedId,
      name: file.name,
      ascii: file.ascii,
      contentType: file.contentType,
      size: file.bytes.length,
    };
    let old: string[] = [];
    try {
      await db.transaction(async (tx) => {
        old = await deleteOldExportFiles(tx, payload.userId, KEEP_HOURS);
        await insertExportFile(tx, {
          id: storedId,
          label: file.name,
          mime: file.contentType,
          size: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          ownerId: payload.userId,
          schoolId: payload.schoolId,
        });
        await complete(tx, result);
      });
    } catch (err) {
      await storage.remove(storedId).catch(() => undefined);
      throw err;
    }
    for (const id of old) await storage.remove(id).catch(() => undefined);
  };
}
