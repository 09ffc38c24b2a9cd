import type { Job, JobKind, Locale } from '@sabaq/platform';
import { jobErrorFor } from './job-runner';
import type { JobRow } from './job-queries';

/** A job row → the platform's Job (its refusal in the reader's language). */
export function presentJob(row: JobRow, locale: Locale): Job {
  return {
    id: row.id,
    kind: row.kind as JobKind,
    status: row.status,
    stage: row.stage,
    done: row.done,
    total: row.total,
    error: row.error ? jobErrorFor(row.error, locale) : null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    result: row.result,
  } as Job;
}

/**
 * A finished import's result without its one-time passwords: they are shown to the starter
 * once (as "add pupil" answers one once), then not kept in the jobs table.
 */
export function withoutPasswords(result: unknown): unknown {
  if (!result || typeof result !== 'object' || !('created' in result)) return result;
  const created = (result as { created: unknown }).created;
  if (!Array.isArray(created)) return result;
  return {
    ...result,
    created: created.map((c: Record<string, unknown>) => ({ ...c, password: null })),
  };
}
