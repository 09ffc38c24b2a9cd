/**
 * What a domain hands over to the composition root (server.ts): its migrations, its steps of
 * the demo seed, the start-up work it needs on every start, its routes, its job handlers and its
 * background workers. `db/` knows the database and nothing of the domains; the root lists the
 * domains (server.ts `DOMAINS`) and says, in one list each, the order migrations
 * (`migration-order.ts`) and demo seed steps (`demo-seed.ts`) run in.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Db, Queryable } from './db/db';
import type { Migration } from './db/migrations';
import type { App, AppContext } from './http/context';
import type { JobHandler } from './jobs/job-runner';
import type { FileStorage } from './files/storage';
import type { CoreDemo } from './core/core-seed';
import type { StartServerOptions } from './server';

/** What the demo seed's steps share: the clock and the ids the core step made. */
export interface DemoContext {
  readonly now: Date;
  /** Set by the first step (`core.people`); later steps read it through `coreOf`. */
  core?: CoreDemo;
}

/** One step of the demo seed, run inside the seed's one transaction. */
export interface SeedStep {
  /** `<domain>.<what>`: the name `DEMO_SEED_ORDER` lists it by. */
  readonly name: string;
  run(tx: Queryable, demo: DemoContext): Promise<void>;
}

/** What start-up work gets (every start, after migrations and the demo seed). */
export interface PrepareContext {
  db: Db;
  storage: FileStorage;
  options: StartServerOptions;
  log: FastifyBaseLogger | null;
}

/** A background loop started once the server listens and stopped before the database closes. */
export interface Worker {
  readonly name: string;
  start(log: FastifyBaseLogger): void;
  stop(): Promise<void>;
}

export interface Domain {
  readonly name: string;
  readonly migrations?: readonly Migration[];
  readonly seed?: readonly SeedStep[];
  /** Start-up work on the database and storage (every start; the domains' list order). */
  readonly prepare?: (p: PrepareContext) => Promise<void>;
  /** Registers the domain's API routes (and WebSocket endpoints) on the API scope. */
  readonly routes?: (app: App, ctx: AppContext) => void | Promise<void>;
  /** Handlers of the domain's kinds of jobs (jobs/job-runner.ts). */
  readonly jobs?: (ctx: AppContext) => Readonly<Record<string, JobHandler>>;
  readonly workers?: (ctx: AppContext, options: StartServerOptions) => readonly Worker[];
  /** The domain's own Prometheus gauges (ops/metrics.ts `scrapedGauge`), when metrics are on. */
  readonly metrics?: (ctx: AppContext, registry: Registry) => void;
}

/** The core step's ids, for the steps after it. */
export function coreOf(demo: DemoContext): CoreDemo {
  if (!demo.core) throw new Error('demo seed: the core step (core.people) must run first');
  return demo.core;
}

/**
 * Lists `items` (collected from the domains) in the order of `order`, by key. Every item must be
 * named by the order exactly once and the order may name nothing else: a migration or seed step
 * nobody placed, or a place for one nobody hands over, stops the start with its key.
 */
export function inOrder<T, K extends string | number>(
  what: string,
  items: readonly T[],
  key: (item: T) => K,
  order: readonly K[],
): T[] {
  const byKey = new Map<K, T>();
  for (const item of items) {
    const k = key(item);
    if (byKey.has(k)) throw new Error(`${what} ${k} is handed over twice`);
    byKey.set(k, item);
  }
  const seen = new Set<K>();
  const out: T[] = [];
  for (const k of order) {
    if (seen.has(k)) throw new Error(`${what} ${k} is listed twice in the order`);
    seen.add(k);
    const item = byKey.get(k);
    if (item === undefined) throw new Error(`${what} ${k} is in the order but no domain has it`);
    out.push(item);
  }
  const unplaced = [...byKey.keys()].filter((k) => !seen.has(k));
  if (unplaced.length > 0)
    throw new Error(`${what} not in the order: ${unplaced.join(', ')} — append them to it`);
  return out;
}
