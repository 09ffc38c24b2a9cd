import type { Queryable } from '../db/db';
import { jsonColumn } from '../db/db';

/** All SQL of jobs (jobs/jobs-schema.ts). */

/** A refusal as the user reads it, stored in both interface languages. */
export interface JobErrorBody {
  status: number;
  kz: { message: string; errors?: Record<string, string[]> };
  ru: { message: string; errors?: Record<string, string[]> };
}

export interface ClaimedJob {
  id: number;
  kind: string;
  school_id: number | null;
  created_by: number | null;
  payload: unknown;
  attempts: number;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRow {
  id: number;
  kind: string;
  school_id: number | null;
  created_by: number | null;
  status: JobStatus;
  stage: string;
  done: number;
  total: number;
  result: unknown;
  error: JobErrorBody | null;
  created_at: string;
  finished_at: string | null;
}

/** A claim without a heartbeat for this long belongs to a process that stopped. */
const STALE = "interval '5 minutes'";

export async function insertJob(
  q: Queryable,
  job: {
    kind: string;
    schoolId: number | null;
    createdBy: number | null;
    payload: unknown;
    dedupeKey?: string | null;
  },
): Promise<{ id: number; created: boolean }> {
  const key = job.dedupeKey ?? null;
  const rows = await q.query<{ id: number }>(
    `INSERT INTO jobs (kind, school_id, created_by, payload, dedupe_key)
     VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL AND status <> 'failed' DO NOTHING
     RETURNING id`,
    [job.kind, job.schoolId, job.createdBy, JSON.stringify(job.payload), key],
  );
  if (rows[0]) return { id: rows[0].id, created: true };
  return { id: (await findLiveJob(q, key ?? '')) ?? 0, created: false };
}

/** The job of a dedupe key that is not failed (queued, running or done), or null. */
export async function findLiveJob(q: Queryable, dedupeKey: string): Promise<number | null> {
  const live = await q.query<{ id: number }>(
    "SELECT id FROM jobs WHERE dedupe_key = $1 AND status <> 'failed'",
    [dedupeKey],
  );
  return live[0]?.id ?? null;
}

/**
 * Takes the oldest due job of the given kinds: queued, or running with a stale heartbeat (its
 * process stopped). One atomic UPDATE … SKIP LOCKED, so two processes never take the same job.
 * A stale job already tried `maxAttempts` times is failed instead (by the caller's next pass).
 */
export async function claimNextJob(
  q: Queryable,
  kinds: string[],
  maxAttempts: number,
): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null;
  await q.query(
    `UPDATE jobs SET status = 'failed', finished_at = now(),
            error = '{"status":500,"kz":{"message":"Жұмыс үзілді: ештеңе жазылған жоқ"},"ru":{"message":"Работа прервалась: ничего не записано"}}'::jsonb
      WHERE status = 'running' AND claimed_at < now() - ${STALE} AND attempts >= $1`,
    [maxAttempts],
  );
  const rows = await q.query<ClaimedJob>(
    `UPDATE jobs SET status = 'running', claimed_at = now(), attempts = attempts + 1
      WHERE id = (SELECT id FROM jobs
                   WHERE kind = ANY($1::text[]) AND attempts < $2
                     AND (status = 'queued' OR (status = 'running' AND claimed_at < now() - ${STALE}))
                   ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, school_id, created_by, payload, attempts`,
    [kinds, maxAttempts],
  );
  const job = rows[0];
  return job ? { ...job, payload: jsonColumn(job.payload) } : null;
}

export async function reportProgress(
  q: Queryable,
  id: number,
  stage: string,
  done: number,
  total: number,
): Promise<void> {
  await q.query(
    'UPDATE jobs SET stage = $2, done = $3, total = $4, claimed_at = now() WHERE id = $1',
    [id, stage, done, total],
  );
}

export async function finishJob(q: Queryable, id: number, result: unknown): Promise<void> {
  await q.query(
    `UPDATE jobs SET status = 'done', stage = 'done', done = greatest(done, total), result = $2::jsonb,
            finished_at = now() WHERE id = $1`,
    [id, JSON.stringify(result ?? null)],
  );
}

export async function failJob(q: Queryable, id: number, error: JobErrorBody): Promise<void> {
  await q.query(
    "UPDATE jobs SET status = 'failed', error = $2::jsonb, finished_at = now() WHERE id = $1",
    [id, JSON.stringify(error)],
  );
}

/** Puts a job that failed unexpectedly back in the queue (its transaction wrote nothing). */
export async function releaseJob(q: Queryable, id: number): Promise<void> {
  await q.query("UPDATE jobs SET status = 'queued', claimed_at = NULL WHERE id = $1", [id]);
}

export async function loadJob(q: Queryable, id: number): Promise<JobRow | null> {
  const rows = await q.query<JobRow>(
    `SELECT id, kind, school_id, created_by, status, stage, done, total, result, error,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
            to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS finished_at
       FROM jobs WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...row,
    result: jsonColumn(row.result),
    error: row.error === null ? null : jsonColumn<JobErrorBody>(row.error),
  };
}

/** Replaces a finished job's result (e.g. one-time passwords blanked once shown). */
export async function replaceJobResult(q: Queryable, id: number, result: unknown): Promise<void> {
  await q.query('UPDATE jobs SET result = $2::jsonb WHERE id = $1', [id, JSON.stringify(result)]);
}
