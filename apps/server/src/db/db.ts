import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { DbUnavailableError, asUnavailable, isUnavailable } from './errors';
import { inlineParams, quoteLiteral } from './inline';

/**
 * One thin query interface over PGlite (embedded, default) and node-postgres (DATABASE_URL), so
 * every query, migration and test runs unchanged on both. Plain parameterised SQL in the
 * PostgreSQL dialect; rows come back as plain objects.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The database. When it is away (connection refused or dropped, server stopping, the embedded
 * database's thread restarting) every call rejects with `DbUnavailableError` (db/errors.ts) at
 * once or within `connectTimeoutMs`; a broken connection is discarded, never reused, and calls
 * succeed again as soon as the database is back, without a restart of the server.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Resolves when the database answers (readiness); DbUnavailableError otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /** Connections now, for the metrics. */
  stats(): DbStats;
  close(): Promise<void>;
}

export interface DbStats {
  /** Open connections (PGlite: its one session, 0 while its thread restarts). */
  total: number;
  /** Of those, idle. */
  idle: number;
  /** Callers waiting for a connection (PGlite: for the open transaction to end). */
  waiting: number;
  /** Times the embedded database's thread was restarted after it died (PostgreSQL: 0). */
  restarts: number;
}

export interface OpenDbOptions {
  /** Directory for PGlite's files, or 'memory' for a throw-away database. */
  dataDir?: string | 'memory';
  /** postgres://… — when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /**
   * PostgreSQL only: a schema to work in (created when missing). Tests use a fresh one per
   * server so parallel test files never see each other's rows.
   */
  schema?: string;
  /** PostgreSQL only: drop `schema` on close (test schemas). */
  dropSchemaOnClose?: boolean;
  /** PGlite only: a data-dir dump to start from (tests clone one migrated, seeded database). */
  loadDataDir?: Blob;
  /**
   * PostgreSQL only: how long a caller waits for a new connection before DbUnavailableError
   * (default 1000 ms: while the database is away, API calls answer 503 within about a second).
   */
  connectTimeoutMs?: number;
  /** PostgreSQL only: connections in the pool (default 10). */
  poolSize?: number;
}

/**
 * A json/jsonb column's value: node-postgres and PGlite hand jsonb over parsed, but a json value
 * read as text (a cast, an older driver setting) comes as a string.
 */
export function jsonColumn<T = unknown>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options);
}

/** A database error as PostgreSQL reported it (message, code, detail, …). */
export class DbError extends Error {
  code?: string;
  detail?: string;
  constructor(fields: { message: string } & Record<string, unknown>) {
    super(fields.message);
    this.name = 'DbError';
    Object.assign(this, fields);
  }
}

type Pending = { resolve(v: unknown): void; reject(e: unknown): void };

/** One PGlite worker thread and the requests it has not answered yet. */
interface Thread {
  readonly worker: Worker;
  /** Counts the threads of one database: a request or transaction belongs to one. */
  readonly generation: number;
  readonly ready: Promise<void>;
  up: boolean;
  dead: boolean;
  readonly pending: Map<number, Pending>;
}

/** A restart that fails waits longer before the next, up to this. */
const MAX_RESTART_DELAY_MS = 5000;

/**
 * PGlite on its own thread (pglite-worker.mjs): statements execute there, so a slow one never
 * stalls the sockets and timers of the main thread. One connection: requests run in order, and
 * while a transaction is open only its own statements are sent (`gate`).
 *
 * If the thread dies (a crash in the WASM engine, the worker ending), what it had not answered
 * fails with DbUnavailableError, calls fail at once with it meanwhile, and a new thread opens the
 * same data directory (PostgreSQL's crash recovery replays its WAL): after a short wait, doubled
 * up to 5 s while restarts fail. An in-memory database cannot be reopened and stays unavailable.
 */
class PgliteThreads {
  thread: Thread;
  restarts = 0;
  private generations = 0;
  private failedStarts = 0;
  private closing = false;
  private nextId = 0;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  /** Called when a new thread is up: what the old one's session held (PREPAREs) is gone. */
  onRestart: () => void = () => undefined;

  constructor(
    private readonly dataDir: string | undefined,
    dump: ArrayBuffer | undefined,
  ) {
    this.thread = this.spawn(dump);
  }

  private spawn(dump: ArrayBuffer | undefined): Thread {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: this.dataDir, loadDataDir: dump },
      ...(dump ? { transferList: [dump] } : {}),
    });
    let up!: () => void;
    let down!: (err: unknown) => void;
    const thread: Thread = {
      worker,
      generation: ++this.generations,
      ready: new Promise<void>((resolve, reject) => {
        up = resolve;
        down = reject;
      }),
      up: false,
      dead: false,
      pending: new Map(),
    };
    thread.ready.catch(() => undefined);
    worker.on(
      'message',
      (m: {
        ready?: boolean;
        id?: number;
        rows?: unknown[];
        error?: { message: string };
        engine?: boolean;
      }) => {
        if (m.id === undefined) {
          if (m.ready) {
            thread.up = true;
            up();
          } else down(new DbError(m.error ?? { message: 'PGlite did not start' }));
          return;
        }
        const p = thread.pending.get(m.id);
        if (!p) return;
        thread.pending.delete(m.id);
        if (m.error && m.engine)
          p.reject(new DbUnavailableError(`the embedded database failed: ${m.error.message}`));
        else if (m.error) p.reject(new DbError(m.error));
        else p.resolve(m.rows);
      },
    );
    const died = (err: Error) => {
      down(err);
      this.died(thread, err);
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`the database thread stopped (exit ${code})`)));
    return thread;
  }

  private died(thread: Thread, err: Error): void {
    if (thread.dead) return;
    thread.dead = true;
    const cameUp = thread.up;
    thread.up = false;
    const failure = new DbUnavailableError(`the embedded database stopped: ${err.message}`, {
      cause: err,
    });
    for (const p of thread.pending.values()) p.reject(failure);
    thread.pending.clear();
    // A first open that fails is the caller's to report; a later death is ours to repair.
    if (this.closing || thread !== this.thread || (thread.generation === 1 && !cameUp)) return;
    if (this.dataDir === undefined) return; // in memory: nothing to reopen
    this.failedStarts = cameUp ? 0 : this.failedStarts + 1;
    const delay = Math.min(MAX_RESTART_DELAY_MS, 100 * 2 ** this.failedStarts);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.closing) return;
      const next = this.spawn(undefined);
      this.thread = next;
      next.ready.then(
        () => {
          this.restarts++;
          this.onRestart();
        },
        () => undefined,
      );
    }, delay);
    this.restartTimer.unref();
  }

  /** The current thread's generation (a transaction keeps to the one it began on). */
  get generation(): number {
    return this.thread.generation;
  }

  post<T>(op: 'query' | 'exec' | 'close', sql?: string, generation?: number): Promise<T> {
    const thread = this.thread;
    if (!thread.up || (generation !== undefined && generation !== thread.generation))
      return Promise.reject(
        new DbUnavailableError(
          this.closing
            ? 'the database is closed'
            : this.dataDir === undefined && thread.dead
              ? 'the embedded in-memory database stopped'
              : 'the embedded database is restarting',
        ),
      );
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      thread.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      thread.worker.postMessage({ id, op, sql });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const thread = this.thread;
    if (thread.up) await this.post('close').catch(() => undefined);
    await thread.worker.terminate();
  }
}

/** Tests: the worker thread of a PGlite database (to end it as a crash would). */
const threads = new WeakMap<Db, PgliteThreads>();
export function pgliteWorkerOf(db: Db): Worker | null {
  return threads.get(db)?.thread.worker ?? null;
}

/** Rejects with DbUnavailableError when `p` takes longer than `ms`. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DbUnavailableError(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const LOCK_FILE = 'sabaq.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * One process per PGlite data directory: a second server, or a backup taken while the server
 * runs, would open the same files from another PostgreSQL and corrupt them. The holder's pid is
 * written in `sabaq.pid`; a file left by a process that is gone (a crash) is taken over.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  if (existsSync(path)) {
    const pid = Number(readFileSync(path, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
      throw new Error(
        `the data directory ${dir} is in use by process ${pid}: stop it first (one process per PGlite data directory; remove ${path} if that process is not a Sabaq server)`,
      );
  }
  writeFileSync(path, String(process.pid));
  return () => {
    try {
      if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
    } catch {
      // gone already
    }
  };
}

/** Whether `dir` holds a PGlite (PostgreSQL) database. */
export function hasPgliteDatabase(dir: string): boolean {
  return (
    existsSync(join(dir, 'PG_VERSION')) || (existsSync(dir) && readdirSync(dir).includes('base'))
  );
}

/**
 * The data directory as one gzipped tarball (PGlite's `dumpDataDir`), with the server stopped
 * (the lock says so otherwise): the PGlite backup.
 */
export async function dumpPglite(dir: string): Promise<Blob> {
  const release = lockDataDir(dir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const lite = await PGlite.create(dir);
    try {
      return await lite.dumpDataDir('gzip');
    } finally {
      await lite.close();
    }
  } finally {
    release();
  }
}

/** Makes a PGlite database in the empty folder `dir` from a `dumpPglite` tarball. */
export async function loadPglite(dir: string, dump: Blob): Promise<void> {
  mkdirSync(dir, { recursive: true });
  if (hasPgliteDatabase(dir)) throw new Error(`${dir} already holds a database`);
  const release = lockDataDir(dir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const lite = await PGlite.create(dir, { loadDataDir: dump });
    await lite.close();
  } finally {
    release();
  }
}

async function openPglite(options: OpenDbOptions): Promise<Db> {
  const dir = options.dataDir ?? '.data';
  if (dir !== 'memory') mkdirSync(dir, { recursive: true });
  const unlock = dir === 'memory' ? () => undefined : lockDataDir(dir);
  const dump = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const threads_ = new PgliteThreads(dir === 'memory' ? undefined : dir, dump);
  try {
    await threads_.thread.ready;
  } catch (err) {
    await threads_.thread.worker.terminate();
    unlock();
    throw err;
  }
  let closed = false;
  /** Resolves when the open transaction ends; null when none is open. */
  let gate: Promise<void> | null = null;
  /** Callers waiting for the open transaction to end (metrics). */
  let waiting = 0;
  /** A statement from outside any transaction: waits until none is open, then goes at once. */
  async function outside<T>(op: 'query' | 'exec', sql: string, generation?: number): Promise<T> {
    if (gate) {
      waiting++;
      try {
        while (gate) await gate;
      } finally {
        waiting--;
      }
    }
    return threads_.post<T>(op, sql, generation);
  }
  // Planning dominates in WASM (30 ms for a join with subqueries, 0.7 ms to run it), so every
  // parameterised statement is PREPAREd once per session and EXECUTEd after that, with the
  // parameters as quoted literals (see inline.ts). Never PREPARE inside a transaction: a failed
  // PREPARE would abort it. A statement that cannot be prepared (a parameter whose type
  // PostgreSQL cannot infer) runs inlined instead. A restarted thread is a new session: the
  // names are forgotten, and a statement named for the old one fails as unavailable.
  const statements = new Map<string, string | null>();
  threads_.onRestart = () => statements.clear();
  let seq = 0;
  const MAX_STATEMENTS = 2000;
  async function statement(
    sql: string,
    params: readonly unknown[],
    inTransaction: boolean,
  ): Promise<{ text: string; generation: number }> {
    const generation = threads_.generation;
    if (params.length === 0) return { text: sql, generation };
    let name = statements.get(sql);
    if (name === undefined && !inTransaction && statements.size < MAX_STATEMENTS) {
      const candidate = `sabaq_s${++seq}`;
      try {
        await outside('exec', `PREPARE ${candidate} AS ${sql}`, generation);
        name = candidate;
      } catch (err) {
        if (err instanceof DbUnavailableError) throw err;
        name = null;
      }
      // Two callers may have prepared the same text at once: keep the first name.
      name = statements.get(sql) ?? name;
      statements.set(sql, name);
    }
    if (name)
      return { text: `EXECUTE ${name}(${params.map(quoteLiteral).join(', ')})`, generation };
    return { text: inlineParams(sql, params), generation };
  }
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const s = await statement(sql, params, false);
      return outside<T[]>('query', s.text, s.generation);
    },
    async transaction(fn) {
      while (gate) await gate;
      let open!: () => void;
      gate = new Promise<void>((r) => (open = r));
      try {
        // The whole transaction keeps to the thread it began on: after a restart its statements
        // fail instead of running outside any transaction on the new one.
        const generation = threads_.generation;
        await threads_.post('exec', 'BEGIN', generation);
        const tx: Queryable = {
          async query<T>(sql: string, params: readonly unknown[] = []) {
            const s = await statement(sql, params, true);
            return threads_.post<T[]>('query', s.text, generation);
          },
          async exec(sql: string) {
            await threads_.post('exec', sql, generation);
          },
        };
        try {
          const result = await fn(tx);
          await threads_.post('exec', 'COMMIT', generation);
          return result;
        } catch (err) {
          await threads_.post('exec', 'ROLLBACK', generation).catch(() => undefined);
          throw err;
        }
      } finally {
        gate = null;
        open();
      }
    },
    async exec(sql) {
      await outside('exec', sql);
    },
    async ping(timeoutMs = 2000) {
      await within(outside('query', 'SELECT 1'), timeoutMs, 'the embedded database');
    },
    stats() {
      const up = threads_.thread.up ? 1 : 0;
      return { total: up, idle: up && !gate ? 1 : 0, waiting, restarts: threads_.restarts };
    },
    async close() {
      if (closed) return;
      closed = true;
      while (gate) await gate;
      await threads_.close();
      unlock();
    },
  };
  threads.set(db, threads_);
  return db;
}

async function openPostgres(url: string, options: OpenDbOptions): Promise<Db> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Invalid schema name: ${schema}`);
  }
  const connectTimeoutMs = options.connectTimeoutMs ?? 1000;
  if (schema) {
    const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // While the database is away a caller fails fast (503) instead of queueing for ever.
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool drops it.
  pool.on('error', () => undefined);
  let closed = false;
  /** Runs `fn`, reporting a lost or refused connection as DbUnavailableError. */
  async function guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw asUnavailable(err);
    }
  }
  return {
    kind: 'postgres',
    query<T>(sql: string, params: readonly unknown[] = []) {
      // pool.query releases its client with the error, so a broken one is destroyed.
      return guarded(async () => (await pool.query(sql, params as unknown[])).rows as T[]);
    },
    async transaction(fn) {
      const client = await guarded(() => pool.connect());
      // A checked-out client that loses its connection emits 'error'; without a listener that
      // would end the process. It is noted here and the client destroyed on release.
      let broken: Error | null = null;
      const onError = (err: Error) => {
        broken ??= err;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<T>(sql: string, params: readonly unknown[] = []) {
            const res = await client.query(sql, params as unknown[]);
            return res.rows as T[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        if (isUnavailable(err)) broken ??= err instanceof Error ? err : new Error(String(err));
        if (!broken)
          await client.query('ROLLBACK').catch((e: unknown) => {
            broken = e instanceof Error ? e : new Error(String(e));
          });
        throw broken ? asUnavailable(isUnavailable(err) ? err : broken) : err;
      } finally {
        client.off('error', onError);
        // With an error the pool destroys the client instead of handing it out again.
        client.release(broken ?? undefined);
      }
    },
    exec(sql) {
      return guarded(async () => {
        await pool.query(sql);
      });
    },
    async ping(timeoutMs = 2000) {
      await within(
        guarded(() => pool.query('SELECT 1')),
        timeoutMs,
        'PostgreSQL',
      );
    },
    stats() {
      return {
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        restarts: 0,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      if (schema && options.dropSchemaOnClose) {
        await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      }
      await pool.end();
    },
  };
}

/** A unique schema name for one test server on PostgreSQL. */
export function testSchemaName(): string {
  return `sabaq_t_${randomBytes(6).toString('hex')}`;
}
