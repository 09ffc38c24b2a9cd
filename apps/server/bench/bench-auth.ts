/**
 * Timing of password recovery and registration for accounts that exist and that do not
 * (`npm run bench:auth -w @sabaq/server`; not a test). Issue 28: `auth/password/forgot` took
 * 27 ms for a known address and 19 ms for an unknown one (median), so the time told which
 * addresses have accounts. Both routes now queue the same job and answer; the lookup and the
 * letter come after (routes/auth-mail.ts).
 *
 * Requests alternate known / unknown (so load drifts hit both alike) over loopback, after a
 * warm-up; prints the median and p90 of each and the ratio of the medians. PGlite by default,
 * PostgreSQL with DATABASE_URL.
 */
import { performance } from 'node:perf_hooks';
import { startServer } from '../src/index';
import { makeIin } from '../src/core/seed-data';

const N = Number(process.env.BENCH_AUTH_N ?? 200);
const server = await startServer({
  port: 0,
  dataDir: 'memory',
  logger: false,
  webDist: '/x',
  // The bench makes far more requests than a person would.
  authRateLimitPerMinute: 1_000_000,
  ...(process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL, databaseSchema: 'fresh' as const }
    : {}),
});

const known = await server.db.query<{ email: string; iin: string }>(
  "SELECT lower(email) AS email, iin FROM users WHERE login = 'teacher'",
);
const { email: knownEmail, iin: knownIin } = known[0]!;

async function post(path: string, body: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-localization': 'ru' },
    body: JSON.stringify(body),
  });
  await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return performance.now() - started;
}

function stats(times: number[]): { p50: number; p90: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p90: at(0.9) };
}

async function compare(
  name: string,
  n: number,
  a: { label: string; send: (i: number) => Promise<number> },
  b: { label: string; send: (i: number) => Promise<number> },
): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await a.send(10_000 + i);
    await b.send(10_000 + i);
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < n; i++) {
    ta.push(await a.send(i));
    tb.push(await b.send(i));
  }
  const sa = stats(ta);
  const sb = stats(tb);
  const f = (v: number) => v.toFixed(2).padStart(7);
  console.log(`${name} (${n} each, ms)`);
  console.log(`  ${a.label.padEnd(28)} p50 ${f(sa.p50)}  p90 ${f(sa.p90)}`);
  console.log(`  ${b.label.padEnd(28)} p50 ${f(sb.p50)}  p90 ${f(sb.p90)}`);
  console.log(`  ratio of the medians ${(sa.p50 / sb.p50).toFixed(3)}`);
}

const backend = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`auth timing on ${backend}`);
await compare(
  'password/forgot',
  N,
  {
    label: 'address with an account',
    send: () => post('/api/v2/os/auth/password/forgot', { email: knownEmail }),
  },
  {
    label: 'address without one',
    send: (i) => post('/api/v2/os/auth/password/forgot', { email: `nobody-${i}@mail.kz` }),
  },
);
const register = (iin: string, email: string) =>
  post('/api/v2/os/auth/register', {
    iin,
    firstname: 'Бенч',
    surname: 'Тексеру',
    email,
    password: 'Bench-Pass-2026!',
    password_confirmation: 'Bench-Pass-2026!',
  });
await compare(
  'register',
  Math.min(N, 60),
  { label: 'taken IIN and e-mail', send: () => register(knownIin, knownEmail) },
  {
    label: 'free IIN and e-mail',
    send: (i) => {
      const born = new Date(Date.UTC(1990, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      return register(makeIin(born, 'm', 1000 + (i % 8000)), `bench-${i}@mail.kz`);
    },
  },
);
await server.close();
