import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@sabaq/platform';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../http/errors';
import {
  claimNextJob,
  failJob,
  findLiveJob,
  finishJob,
  insertJob,
  releaseJob,
  reportProgress,
} from './job-queries';
import type { ClaimedJob, JobErrorBody } from './job-queries';

/** A job that failed this many times for an unexpected reason stops being retried. */
export const MAX_ATTEMPTS = 3;

/** What a job's handler gets: its row, the database, and the two ways to report. */
export interface JobContext {
  job: ClaimedJob;
  db: Db;
  /** Stage and counts the screen shows; also the heartbeat that keeps the claim alive. */
  progress(stage: string, done: number, total: number): Promise<void>;
  /** Marks the job done with its result, inside the transaction of its writes. */
  complete(tx: Queryable, result: unknown): Promise<void>;
}

export type JobHandler = (ctx: JobContext) => Promise<void>;

export interface NewJob {
  kind: string;
  schoolId: number | null;
  /** Null for work nobody signed in asked for (a password-recovery letter). */
  createdBy: number | null;
  payload: unknown;
  /** One live job per key: a second request with the same key gets the first job. */
  dedupeKey?: string | null;
}

const LOCALES: readonly Locale[] = ['kz', 'ru'];

/** An answer the user should see (422 naming rows, 409…), in both languages. */
function errorBody(err: HttpError): JobErrorBody {
  return {
    status: err.status,
    kz: err.toBody('kz'),
    ru: err.toBody('ru'),
  };
}

const UNEXPECTED: JobErrorBody = {
  status: 500,
  kz: { message: 'Жұмыс аяқталмады: ештеңе жазылған жоқ. Кейінірек қайталап көріңіз' },
  ru: { message: 'Работа не завершилась: ничего не записано. Попробуйте позже' },
};

/**
 * Runs long work (DESIGN.md "Long work") the way the mail outbox sends letters: jobs are rows,
 * claimed one at a time with an atomic UPDATE … SKIP LOCKED, so several processes never run the
 * same job and a job outlives the process that queued it. A handler writes and marks itself done
 * in one transaction (`complete`); if the process dies first, nothing of it is written and the
 * row, left `running` with a stale heartbeat, is taken over and run again. A domain refusal
 * (HttpError) fails the job with the user's message in kz and ru; anything else is retried up to
 * MAX_ATTEMPTS times.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private log: FastifyBaseLogger | null = null;
  private claimFailing = false;

  constructor(
    private readonly db: Db,
    private readonly intervalMs = 2000,
  ) {}

  /** Registers the handler of one kind of job (at route registration). */
  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Polls for queued and orphaned jobs (those of a process that stopped) from now on. */
  start(log: FastifyBaseLogger): void {
    this.log = log;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
    void this.flush();
  }

  /** Queues a job and starts it at once; returns its id (the live one of the same key if any). */
  async enqueue(job: NewJob): Promise<{ id: number; created: boolean }> {
    const queued = await insertJob(this.db, job);
    if (queued.created) void this.flush();
    return queued;
  }

  /** The live (queued, running or done) job of a key, or null. */
  liveJob(dedupeKey: string): Promise<number | null> {
    return findLiveJob(this.db, dedupeKey);
  }

  /** Runs what is due now; a call during a pass runs one more pass after it. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped && (await this.runOne()));
    } while (this.again && !this.stopped);
  }

  /** Claims and runs one job; false when none is due. */
  private async runOne(): Promise<boolean> {
    let failed = false;
    const job = await claimNextJob(this.db, [...this.handlers.keys()], MAX_ATTEMPTS).catch(
      (err: unknown) => {
        // Once per outage, not every poll while the database is away.
        if (!this.claimFailing) this.log?.warn({ err }, 'jobs: cannot claim');
        failed = true;
        return null;
      },
    );
    this.claimFailing = failed;
    if (!job) return false;
    const handler = this.handlers.get(job.kind);
    if (!handler) return true;
    let completed = false;
    const ctx: JobContext = {
      job,
      db: this.db,
      progress: (stage, done, total) => reportProgress(this.db, job.id, stage, done, total),
      complete: async (tx, result) => {
        await finishJob(tx, job.id, result);
        completed = true;
      },
    };
    try {
      await handler(ctx);
      if (!completed) await finishJob(this.db, job.id, null);
    } catch (err) {
      await this.settleFailure(job, err).catch((e: unknown) =>
        this.log?.warn({ err: e, jobId: job.id }, 'jobs: cannot record a failure'),
      );
    }
    return true;
  }

  private async settleFailure(job: ClaimedJob, err: unknown): Promise<void> {
    if (err instanceof HttpError) {
      await failJob(this.db, job.id, errorBody(err));
      return;
    }
    this.log?.warn({ err, jobId: job.id, kind: job.kind }, 'jobs: failed; will retry');
    if (job.attempts >= MAX_ATTEMPTS) await failJob(this.db, job.id, UNEXPECTED);
    else await releaseJob(this.db, job.id);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

/** The stored error in the reader's language. */
export function jobErrorFor(
  error: JobErrorBody,
  locale: Locale,
): { status: number; message: string; errors?: Record<string, string[]> } {
  const body = error[LOCALES.includes(locale) ? locale : 'kz'];
  return {
    status: error.status,
    message: body.message,
    ...(body.errors ? { errors: body.errors } : {}),
  };
}

const RUNNERS = new WeakMap<Db, JobRunner>();

/**
 * The one job runner of a database: features register their handlers on it while their routes
 * register, routes queue jobs on it, and the server starts it after listening and stops it
 * before the database closes (server.ts).
 */
export function jobsOf(db: Db): JobRunner {
  let runner = RUNNERS.get(db);
  if (!runner) {
    runner = new JobRunner(db);
    RUNNERS.set(db, runner);
  }
  return runner;
}
