import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
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

export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options);
}

async function openPglite(options: OpenDbOptions): Promise<Db> {
  const dir = options.dataDir ?? '.data';
  if (dir !== 'memory') mkdirSync(dir, { recursive: true });
  const lite = await PGlite.create(dir === 'memory' ? undefined : dir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  let closed = false;
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
        await lite.exec(`PREPARE ${candidate} AS ${sql}`);
        name = candidate;
      } catch {
        name = null;
      }
      statements.set(sql, name);
    }
    if (name) return `EXECUTE ${name}(${params.map(quoteLiteral).join(', ')})`;
    return inlineParams(sql, params);
  }
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await lite.query<T>(await statement(sql, params, false));
      return res.rows;
    },
    async transaction(fn) {
      return lite.transaction(async (tx) =>
        fn({
          async query<T>(sql: string, params: readonly unknown[] = []) {
            const res = await tx.query<T>(await statement(sql, params, true));
            return res.rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async exec(sql) {
      await lite.exec(sql);
    },
    async close() {
      if (closed) return;
      closed = true;
      await lite.close();
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
