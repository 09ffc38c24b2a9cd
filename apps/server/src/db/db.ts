import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
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

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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

/**
 * PGlite on its own thread (pglite-worker.mjs): statements execute there, so a slow one never
 * stalls the sockets and timers of the main thread. One connection: requests run in order, and
 * while a transaction is open only its own statements are sent (`gate`).
 */
function pgliteThread(dataDir: string | undefined, loadDataDir: ArrayBuffer | undefined) {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, loadDataDir },
    ...(loadDataDir ? { transferList: [loadDataDir] } : {}),
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  let nextId = 0;
  let failure: Error | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', (m: { ready: boolean; error?: { message: string } }) =>
      m.ready ? resolve() : reject(new DbError(m.error ?? { message: 'PGlite did not start' })),
    );
    worker.once('error', reject);
  });
  const fail = (err: Error) => {
    failure ??= err;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  worker.on('message', (m: { id?: number; rows?: unknown[]; error?: { message: string } }) => {
    if (m.id === undefined) return;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(new DbError(m.error));
    else p.resolve(m.rows);
  });
  worker.on('error', (err) => fail(err));
  worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit ${code})`)));
  function post<T>(op: 'query' | 'exec' | 'close', sql?: string): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, op, sql });
    });
  }
  return { worker, ready, post };
}

async function openPglite(options: OpenDbOptions): Promise<Db> {
  const dir = options.dataDir ?? '.data';
  if (dir !== 'memory') mkdirSync(dir, { recursive: true });
  const dump = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const thread = pgliteThread(dir === 'memory' ? undefined : dir, dump);
  try {
    await thread.ready;
  } catch (err) {
    await thread.worker.terminate();
    throw err;
  }
  const { post } = thread;
  let closed = false;
  /** Resolves when the open transaction ends; null when none is open. */
  let gate: Promise<void> | null = null;
  /** A statement from outside any transaction: waits until none is open, then goes at once. */
  async function outside<T>(op: 'query' | 'exec', sql: string): Promise<T> {
    while (gate) await gate;
    return post<T>(op, sql);
  }
  // Planning dominates in WASM (30 ms for a join with subqueries, 0.7 ms to run it), so every
  // parameterised statement is PREPAREd once per database and EXECUTEd after that, with the
  // parameters as quoted literals (see inline.ts). Never PREPARE inside a transaction: a failed
  // PREPARE would abort it. A statement that cannot be prepared (a parameter whose type
  // PostgreSQL cannot infer) runs inlined instead.
  const statements = new Map<string, string | null>();
  let seq = 0;
  const MAX_STATEMENTS = 2000;
  async function statement(sql: string, params: readonly unknown[], inTransaction: boolean) {
    if (params.length === 0) return sql;
    let name = statements.get(sql);
    if (name === undefined && !inTransaction && statements.size < MAX_STATEMENTS) {
      const candidate = `sabaq_s${++seq}`;
      try {
        await outside('exec', `PREPARE ${candidate} AS ${sql}`);
        name = candidate;
      } catch {
        name = null;
      }
      // Two callers may have prepared the same text at once: keep the first name.
      name = statements.get(sql) ?? name;
      statements.set(sql, name);
    }
    if (name) return `EXECUTE ${name}(${params.map(quoteLiteral).join(', ')})`;
    return inlineParams(sql, params);
  }
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return outside<T[]>('query', await statement(sql, params, false));
    },
    async transaction(fn) {
      while (gate) await gate;
      let open!: () => void;
      gate = new Promise<void>((r) => (open = r));
      try {
        await post('exec', 'BEGIN');
        const tx: Queryable = {
          async query<T>(sql: string, params: readonly unknown[] = []) {
            return post<T[]>('query', await statement(sql, params, true));
          },
          async exec(sql: string) {
            await post('exec', sql);
          },
        };
        try {
          const result = await fn(tx);
          await post('exec', 'COMMIT');
          return result;
        } catch (err) {
          await post('exec', 'ROLLBACK').catch(() => undefined);
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
    async close() {
      if (closed) return;
      closed = true;
      while (gate) await gate;
      await post('close').catch(() => undefined);
      await thread.worker.terminate();
    },
  };
}

async function openPostgres(url: string, options: OpenDbOptions): Promise<Db> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Invalid schema name: ${schema}`);
  }
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  let closed = false;
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await pool.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async transaction(fn) {
      const client = await pool.connect();
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
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
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
