/**
 * Spreadsheet bombs against the calendar-plan import (`npm run bench:sheets -w @sabaq/server`;
 * not a test). Issue 28: an 18 KB file unpacking to 100,000 rows blocked the server 14.8 s and a
 * 67 KB file with one 50 MB cell 4 s, because ExcelJS loaded the whole workbook on the event loop
 * before any limit was checked. For each bomb this prints how long the refusal took, the event
 * loop's longest delay meanwhile (perf_hooks) and how long a plain request (user-info) sent
 * during the refusal waited — and, as the baseline, the same file loaded the old way
 * (`workbook.xlsx.load` on the main thread) with the same delay measured, and how much the
 * server's own heap grew meanwhile (run with `--expose-gc` for a settled start).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { startServer } from '../src/index';
import { call, login } from '../src/test/harness';
import { bigCellBomb, manyRowsBomb } from '../src/test/xlsx-bombs';

const server = await startServer({ port: 0, dataDir: 'memory', logger: false, webDist: '/x' });
const token = (await login(server, 'director')).access_token;
const plans = await server.db.query<{ id: number }>(
  `SELECT cp.id FROM calendar_plans cp JOIN groups g ON g.id = cp.group_id
    WHERE g.school_id = (SELECT school_id FROM users WHERE login = 'director') ORDER BY cp.id LIMIT 1`,
);
const url = `/api/v2/os/calendar-plans/${plans[0]!.id}/lessons`;
const ms = (v: number) => `${v.toFixed(0).padStart(6)} ms`;

async function measure(run: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  // The longest stretch without a 10 ms timer firing: a stalled loop shows here directly.
  let last = performance.now();
  let gap = 0;
  // The server's own heap (a reading thread's heap is its own, capped): what the old way kept.
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const ticker = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 10);
  const started = performance.now();
  const work = run();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const asked = performance.now();
  const other = call(server, 'GET', '/api/v2/os/user-info', { token }).then(
    () => performance.now() - asked,
  );
  await work;
  const total = performance.now() - started;
  const waited = await other;
  clearInterval(ticker);
  delay.disable();
  return {
    total,
    maxDelay: Math.max(delay.max / 1e6, gap),
    waited,
    heap: (heapPeak - heapBefore) / 1024 / 1024,
  };
}

const bombs = [
  ['100,000 rows', manyRowsBomb()],
  ['one 50 MB cell', bigCellBomb()],
] as const;
for (const [name, file] of bombs) {
  const base64 = file.toString('base64');
  const now = await measure(async () => {
    const res = await call(server, 'PUT', url, { token, locale: 'ru', body: { xlsx: base64 } });
    if (res.status !== 422) throw new Error(`${name}: ${res.status}`);
  });
  const old = await measure(async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ExcelJS.Buffer);
  });
  console.log(`${name} (${(file.length / 1024).toFixed(0)} KB)`);
  console.log(
    `  now: refused in ${ms(now.total)}, longest stall ${ms(now.maxDelay)}, user-info waited ${ms(now.waited)}, server heap +${now.heap.toFixed(0)} MB`,
  );
  console.log(
    `  old: loaded in  ${ms(old.total)}, longest stall ${ms(old.maxDelay)}, user-info waited ${ms(old.waited)}, server heap +${old.heap.toFixed(0)} MB`,
  );
}
await server.close();
