import type { Job } from '@sabaq/platform';
import type { ApiResult, ErrorType } from '../../api/client';
import { api } from '../../app/services';
import { path } from '../shared/api';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorTypeOf(status: number): ErrorType {
  if (status === 422) return 'validation';
  if (status === 404) return 'not-found';
  if (status === 403) return 'forbidden';
  return status >= 500 ? 'server' : 'message';
}

/**
 * Follows long work the server runs as a job (an import, the year transition): reads the job
 * until it is done or failed, telling `onProgress` each state, and answers as a plain call would
 * — the job's result, or its refusal (a 422 naming rows, a 409…) with its status.
 */
export async function followJob<R>(
  started: ApiResult<{ data: Job }>,
  onProgress?: (job: Job) => void,
  intervalMs = 400,
  /** Stops following (the screen that showed it is gone); the job itself runs on. */
  signal?: AbortSignal,
): Promise<ApiResult<{ data: R }>> {
  if (started.error) return started;
  let job = started.data.data;
  onProgress?.(job);
  while (job.status === 'queued' || job.status === 'running') {
    await wait(intervalMs);
    if (signal?.aborted) return { error: true, status: 0, errorType: 'other', data: null };
    const read = await api.get<{ data: Job }>(path('jobs.get', { jobId: job.id }), {
      handle: 'silent',
    });
    if (read.error) return read;
    job = read.data.data;
    onProgress?.(job);
  }
  if (job.status === 'done') return { error: false, status: 200, data: { data: job.result as R } };
  const status = job.error?.status ?? 500;
  return {
    error: true,
    status,
    errorType: errorTypeOf(status),
    data: {
      ...(job.error?.message ? { message: job.error.message } : {}),
      ...(job.error?.errors ? { errors: job.error.errors } : {}),
    },
  };
}
