import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { schoolDate } from '../teaching/journal-access';
import { loadCurrentYear } from './country-queries';
import { refreshSchoolPeriod } from './rollup';
import { listUnsettledPeriods } from './rollup-queries';

/**
 * The background roll-up of the statistics (issue 16). A read rolls up the schools it needs only
 * while they are few (`SYNC_ROLLUP_SCHOOLS`): on the large tree every school becomes unsettled
 * each school day (attendance moves on), and rolling up a thousand schools inside one request
 * would take minutes. This worker settles the current school year's quarters of every school in
 * the background instead, school by school (each in its own transaction holding the school's
 * state row, so a journal write during it is never lost and two server processes never roll up
 * the same school at once), and the drill-down shows the last roll-up of the rest and how many
 * are pending.
 */
export const SYNC_ROLLUP_SCHOOLS = 60;

export class RollupWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** Started and not stopped: the timer runs. */
  private started = false;
  /** Set by stop(): a run in progress ends after its current school. */
  private stopping = false;
  private intervalMs = 60_000;
  private log: FastifyBaseLogger | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Runs every `intervalMs` (at once when a run left work behind or when nudged). */
  start(intervalMs: number, log: FastifyBaseLogger | null = null): void {
    if (intervalMs <= 0) return;
    this.intervalMs = intervalMs;
    this.log = log;
    this.started = true;
    this.stopping = false;
    this.schedule(intervalMs);
  }

  async stop(): Promise<void> {
    this.started = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** A read found more unsettled schools than it rolls up itself: start now, not at the tick. */
  nudge(): void {
    if (this.started && !this.running) this.schedule(0);
  }

  /**
   * Rolls up at most `limit` unsettled school-periods of the current year's quarters up to the
   * current one; returns how many it rolled up. One run at a time per process.
   */
  runOnce(limit = 50): Promise<number> {
    this.running ??= this.settle(limit).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.runOnce()
        .then((done) => {
          if (this.started) this.schedule(done > 0 ? 0 : this.intervalMs);
        })
        .catch((err: unknown) => {
          this.log?.error({ err }, 'statistics roll-up failed');
          if (this.started) this.schedule(this.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  private async settle(limit: number): Promise<number> {
    const current = await loadCurrentYear(this.db);
    if (!current) return 0;
    const today = schoolDate(this.now());
    const quarters = [1, 2, 3, 4].filter((quarter) => quarter <= current.quarter);
    const all = { regionId: null, departmentId: null, schoolId: null };
    const unsettled = await listUnsettledPeriods(
      this.db,
      all,
      { school_year: current.school_year, quarters },
      today,
    );
    let done = 0;
    for (const period of unsettled.slice(0, limit)) {
      if (this.stopping) break;
      await refreshSchoolPeriod(this.db, period, today);
      done++;
    }
    return done;
  }
}

const WORKERS = new WeakMap<Db, RollupWorker>();

/** The database's roll-up worker (one per server, like its job runner). */
export function rollupWorkerOf(db: Db): RollupWorker {
  let worker = WORKERS.get(db);
  if (!worker) {
    worker = new RollupWorker(db);
    WORKERS.set(db, worker);
  }
  return worker;
}
