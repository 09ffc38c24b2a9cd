import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { schoolDate } from '../teaching/journal-access';
import { loadCurrentYear } from './country-queries';
import { refreshSchoolPeriods } from './rollup';
import { listUnsettledPeriods } from './rollup-queries';

/**
 * A run that graded and wrote at least this many pupil-subject rows refreshes the roll-up tables'
 * statistics (a first roll-up, new weights; a morning after a day of marks writes far fewer, and
 * moving attendance on changes values, not how many rows a school has).
 */
const ANALYZE_AFTER_ROWS = 5_000;

/**
 * School-periods rolled up per transaction: enough that a statement's fixed cost is shared
 * (issue 27: one school per transaction managed about 6 a second on the 1× tree), few enough
 * that the state rows a journal write may wait on are held for a fraction of a second.
 */
export const ROLLUP_BATCH = 10;

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
    let written = 0;
    const todo = unsettled.slice(0, limit);
    for (let at = 0; at < todo.length; at += ROLLUP_BATCH) {
      if (this.stopping) break;
      const batch = todo.slice(at, at + ROLLUP_BATCH);
      written += await refreshSchoolPeriods(this.db, batch, today);
      done += batch.length;
    }
    // A run that wrote many schools' rows: the planner's statistics of the roll-up tables are
    // refreshed now rather than at autovacuum's leisure. Issue 27: on the 10× tree, right after
    // the roll-up, a school's drill-down planned for 4 rows of 1,540 and re-read `departments`
    // per row (26 ms for a 1.7 ms query; the school level took 2.85× its 1× time).
    if (written >= ANALYZE_AFTER_ROWS)
      await this.db.exec('ANALYZE stat_results, stat_school_totals, stat_state');
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
