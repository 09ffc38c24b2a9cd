import { expect } from 'vitest';
import { JobResponseSchema } from '@sabaq/platform';
import type { Job } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { call, fingerprint } from './harness';
import type { ApiResponse } from './harness';

/** Reads a job until it is done or failed (the runner works in the background). */
export async function settleJob(
  server: RunningServer,
  token: string,
  id: number,
  locale: 'kz' | 'ru' = 'ru',
): Promise<Job> {
  for (let i = 0; i < 600; i++) {
    const res = await call(server, 'GET', `/api/v2/os/jobs/${id}`, { token, locale });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = JobResponseSchema.parse(res.body).data;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

/**
 * A call that starts a job (202), followed to its end and answered as the old synchronous route
 * did: 200 with the result, or the job's refusal with its status. Any other answer as it came.
 */
export async function callJob(
  server: RunningServer,
  method: string,
  path: string,
  opts: { token: string; body?: unknown; locale?: 'kz' | 'ru' },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies as the harness's call gives them
): Promise<ApiResponse<any>> {
  const res = await call(server, method, path, opts);
  if (res.status !== 202) return res;
  const job = await settleJob(server, opts.token, res.body.data.id, opts.locale ?? 'ru');
  if (job.status === 'done')
    return { status: 200, body: { data: job.result }, headers: res.headers };
  const { status, ...body } = job.error ?? { status: 500, message: '' };
  return { status, body, headers: res.headers };
}

/** Every table but the jobs: what a job wrote besides its own row. */
export async function dataPrint(server: RunningServer): Promise<string> {
  return (await fingerprint(server))
    .split(',')
    .filter((t) => !t.startsWith('jobs:'))
    .join(',');
}
