import type { MonitoringExport, Role } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { jsonColumn } from '../db/db';
import type { JobErrorBody, JobStatus } from '../jobs/job-queries';

/**
 * The SQL of the monitoring exports. A finished file is a stored file of the file service
 * (`stored_files`, its bytes in the storage) of the use `monitoring-export`: no upload route takes
 * that use and no other route serves it; only its owner reads it, through the export's job.
 */

export const EXPORT_JOB = 'monitoring.export';
const EXPORT_USE = 'monitoring-export';

/** A person's role now, for the job that re-checks its starter (null: archived or gone). */
export async function loadActiveRole(q: Queryable, userId: number): Promise<Role | null> {
  const rows = await q.query<{ role: Role }>(
    'SELECT role FROM users WHERE id = $1 AND archived_at IS NULL',
    [userId],
  );
  return rows[0]?.role ?? null;
}

export interface ExportFileRow {
  id: string;
  label: string;
  mime: string;
  size: number;
}

export async function insertExportFile(
  q: Queryable,
  file: ExportFileRow & { ownerId: number; schoolId: number | null; sha256: string },
): Promise<void> {
  await q.query(
    `INSERT INTO stored_files (id, use, owner_id, school_id, label, mime, size, sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      file.id,
      EXPORT_USE,
      file.ownerId,
      file.schoolId,
      file.label,
      file.mime,
      file.size,
      file.sha256,
    ],
  );
}

/** An export file of `ownerId`, or null (someone else's is as absent as a removed one). */
export async function loadOwnExportFile(
  q: Queryable,
  id: string,
  ownerId: number,
): Promise<ExportFileRow | null> {
  const rows = await q.query<{ id: string; label: string; mime: string; size: string | number }>(
    `SELECT id, label, mime, size FROM stored_files WHERE id = $1 AND use = $2 AND owner_id = $3`,
    [id, EXPORT_USE, ownerId],
  );
  const row = rows[0];
  return row ? { ...row, size: Number(row.size) } : null;
}

/** Removes the rows of `ownerId`'s export files older than `hours`; the caller removes the bytes. */
export async function deleteOldExportFiles(
  q: Queryable,
  ownerId: number,
  hours: number,
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `DELETE FROM stored_files
      WHERE use = $1 AND owner_id = $2 AND created_at < now() - make_interval(hours => $3)
      RETURNING id`,
    [EXPORT_USE, ownerId, hours],
  );
  return rows.map((row) => row.id);
}

export interface ExportJobRow {
  id: number;
  created_by: number | null;
  export: MonitoringExport;
  status: JobStatus;
  stage: string;
  done: number;
  total: number;
  result: unknown;
  error: JobErrorBody | null;
  created_at: string;
  finished_at: string | null;
}

/** An export's job (null for another kind of job or none). */
export async function loadExportJob(q: Queryable, id: number): Promise<ExportJobRow | null> {
  const rows = await q.query<ExportJobRow>(
    `SELECT id, created_by, payload->>'export' AS export, status, stage, done, total, result, error,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
            to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS finished_at
       FROM jobs WHERE id = $1 AND kind = $2`,
    [id, EXPORT_JOB],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...row,
    result: row.result === null ? null : jsonColumn(row.result),
    error: row.error === null ? null : jsonColumn<JobErrorBody>(row.error),
  };
}
