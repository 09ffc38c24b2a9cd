import { startServer } from '../server';
import type { RunningServer, StartServerOptions } from '../server';
import { DEMO_PASSWORD } from '../core/seed-data';
import { preparedDemoDump } from '../db/prepared-demo';

/**
 * Test harness: one server per test file (a cold PGlite start costs seconds), on PGlite always
 * and on PostgreSQL too when DATABASE_URL is set (each server in its own throw-away schema).
 */
export type Backend = 'pglite' | 'postgres';

export const BACKENDS: readonly Backend[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export async function startTestServer(
  backend: Backend,
  opts: StartServerOptions = {},
): Promise<RunningServer> {
  // The demo database is made once per run and loaded (db/prepared-demo.ts), unless the test
  // starts from its own data or none.
  const prepared =
    backend === 'pglite' && opts.seed !== false && !opts.loadDataDir && !opts.dataDir
      ? await preparedDemoDump()
      : null;
  return startServer({
    port: 0,
    dataDir: 'memory',
    ...(prepared ? { loadDataDir: prepared } : {}),
    webDist: '/nonexistent',
    // The statistics' background roll-up runs only where a test starts it.
    statisticsRollupMs: 0,
    ...(backend === 'postgres'
      ? {
          databaseUrl: process.env.DATABASE_URL as string,
          databaseSchema: 'fresh',
          // The shared PostgreSQL of a busy machine may take over a second to open a
          // connection: not an outage (the fault tests stop their own server to get one).
          databaseConnectTimeoutMs: 15_000,
        }
      : {}),
    ...opts,
  });
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Raw body string (malformed JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
  locale?: 'kz' | 'ru';
}

export async function call<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  server: RunningServer,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.locale) headers['x-localization'] = opts.locale;
  let body: string | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(server.url + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (static files, redirects)
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  user: { userId: number; role: string };
}

export async function login(
  server: RunningServer,
  loginName: string,
  password = DEMO_PASSWORD,
): Promise<Tokens> {
  const res = await call<Tokens>(server, 'POST', '/api/v2/os/auth/login', {
    body: { login: loginName, password },
  });
  if (res.status !== 200)
    throw new Error(`login ${loginName} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The last full hash per server, with the transaction snapshot it was taken in. */
const lastHash = new WeakMap<RunningServer, { snapshot: string; hash: string }>();

/**
 * Every table's content as one hash: equal before and after means nothing was written.
 *
 * Hashing every row of every table costs tens of milliseconds, and the fuzz tests take one per
 * request. So it is skipped when it cannot change: any write gets a transaction id, so while the
 * database's snapshot (next id to assign and the ids in progress, `pg_current_snapshot()`) is the
 * one the last hash was taken in, no write has committed or begun since and that hash still holds.
 * A rolled-back or concurrent write changes the snapshot and the rows are hashed again.
 */
export async function fingerprint(server: RunningServer): Promise<string> {
  const [now] = await server.db.query<{ snapshot: string }>(
    'SELECT pg_current_snapshot()::text AS snapshot',
  );
  const last = lastHash.get(server);
  if (last && now && last.snapshot === now.snapshot) return last.hash;
  const hash = await hashTables(server);
  // The snapshot before the hash: a write that slips in between only makes the next call hash again.
  if (now) lastHash.set(server, { snapshot: now.snapshot, hash });
  return hash;
}

async function hashTables(server: RunningServer): Promise<string> {
  const tables = await server.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  // Row count and an order-independent sum of row hashes per table: no sort, no big strings.
  const sql = tables
    .map(
      (t) =>
        `SELECT '${t.name}' AS t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text AS h FROM "${t.name}" x`,
    )
    .join(' UNION ALL ');
  const rows = await server.db.query<{ t: string; h: string }>(sql);
  // Sorted here: PostgreSQL may run the UNION ALL as a parallel append, rows in any order.
  return rows
    .map((r) => `${r.t}:${r.h}`)
    .sort()
    .join(',');
}

/**
 * Waits until the letters of password recovery and registration asked for so far are written:
 * they are queued as jobs and written after the answer (routes/auth-mail.ts).
 */
export async function settleMail(server: RunningServer): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const rows = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE kind = 'auth-mail' AND status IN ('queued', 'running')`,
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the letters of auth requests were not written within 15 s');
}

/** Every letter queued for a recipient, oldest first: kind, subject and body. */
export async function mailsTo(
  server: RunningServer,
  recipient: string,
): Promise<{ kind: string; subject: string; body: string }[]> {
  await settleMail(server);
  return server.db.query<{ kind: string; subject: string; body: string }>(
    'SELECT kind, subject, body FROM outbox WHERE recipient = $1 ORDER BY id',
    [recipient],
  );
}

/** The latest letter queued for a recipient (dev outbox). */
export async function lastMail(server: RunningServer, recipient: string): Promise<string> {
  await settleMail(server);
  const rows = await server.db.query<{ body: string }>(
    'SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
    [recipient],
  );
  const body = rows[0]?.body;
  if (!body) throw new Error(`no mail for ${recipient}`);
  return body;
}
