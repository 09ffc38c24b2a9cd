/**
 * Bench: 10,000 realistic drafts (variations of the fixture drafts: other ids, titles, option
 * order and texts) validated by the real `sabaq validate` process, with one worker and with
 * `--concurrency 2`. Prints files/s for each and the ratio (goal: ≥2,000 files/s with two
 * workers, ≥1.6× one): wall-clock time of the whole process, start-up and exit included, best
 * and median of BENCH_RUNS alternating runs, with the CPU time of each and where the time went
 * (the `SABAQ_TIMING=1` line of src/cli/timing.ts: phases, and per thread read / JSON.parse /
 * schema / rules / format).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const bin = resolve(here, '../bin/sabaq.js');
const fixtures = resolve(here, '../../../fixtures/drafts/valid');
const COUNT = Number(process.env['BENCH_FILES'] ?? 10_000);

/** Deterministic pseudo-random numbers (mulberry32) so every run validates the same files. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface AnyDraft {
  id: string;
  title: string;
  pages: { modules: { options: null | { kind: string; items?: unknown[] } }[] }[];
}

function generate(dir: string): void {
  const bases = readdirSync(fixtures)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(fixtures, f), 'utf8')) as AnyDraft);
  const rand = rng(42);
  for (let i = 0; i < COUNT; i++) {
    const d = structuredClone(bases[i % bases.length] as AnyDraft);
    d.id = `${d.id}-${i}`;
    d.title = `${d.title} · №${i + 1}`;
    for (const p of d.pages)
      for (const m of p.modules) {
        const items = m.options?.items;
        if (items !== undefined && rand() < 0.5) items.reverse();
      }
    // Two halves in two folders (walked in order: the whole is still one sorted list), so the
    // control below can give each half to a process of its own.
    const half = join(dir, i < COUNT / 2 ? 'a' : 'b');
    if (i === 0 || i === Math.ceil(COUNT / 2)) mkdirSync(half, { recursive: true });
    writeFileSync(join(half, `${String(i).padStart(5, '0')}.json`), JSON.stringify(d));
  }
}

/** The `sabaq timing:` line (src/cli/timing.ts). */
interface Timing {
  threads: number;
  bootMs: number;
  loadMs: number;
  setupMs: number;
  listMs: number;
  validateMs: number;
  reportMs: number;
  endMs: number;
  cpuMs: number;
  perThread: {
    thread: string;
    readyMs: number | null;
    chunks: number;
    times: {
      files: number;
      read: number;
      json: number;
      schema: number;
      rules: number;
      format: number;
    } | null;
  }[];
}

interface Run {
  /** Whole process, start-up and exit included: what counts. */
  wall: number;
  /** CPU time of the process, every thread (user + system, as the process reports it). */
  cpu: number;
  timing: Timing;
}

function time(concurrency: number): Run {
  const args = ['validate', dir, '--json', '--concurrency', String(concurrency)];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, SABAQ_TIMING: '1' },
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`sabaq ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const report = JSON.parse(r.stdout) as {
    summary: { files: number; valid: number; elapsedMs: number };
  };
  if (report.summary.valid !== COUNT)
    throw new Error(`expected ${COUNT} valid drafts, got ${report.summary.valid}`);
  const line = /^sabaq timing: (.*)$/m.exec(r.stderr)?.[1];
  if (line === undefined) throw new Error(`no timing line in: ${r.stderr}`);
  const timing = JSON.parse(line) as Timing;
  return { wall, cpu: timing.cpuMs, timing };
}

/**
 * The control: each half validated by a `sabaq validate` process of its own, both at once (no
 * threads, nothing shared). Its wall time against one process shows how much two cores of this
 * machine give for this work at this moment: the ceiling for `--concurrency 2`.
 */
async function timePair(): Promise<Run> {
  const one = (half: string): Promise<{ cpu: number }> =>
    new Promise((done, fail) => {
      const p = spawn(process.execPath, [bin, 'validate', join(dir, half), '--json'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, SABAQ_TIMING: '1' },
      });
      let err = '';
      p.stdout.resume();
      p.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      p.on('error', fail);
      p.on('close', (code) => {
        const line = /^sabaq timing: (.*)$/m.exec(err)?.[1];
        if (code !== 0 || line === undefined) fail(new Error(`pair run exited ${code}: ${err}`));
        else done({ cpu: (JSON.parse(line) as Timing).cpuMs });
      });
    });
  const t0 = process.hrtime.bigint();
  const [a, b] = await Promise.all([one('a'), one('b')]);
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  return { wall, cpu: a.cpu + b.cpu, timing: null as unknown as Timing };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const min = (xs: number[]): number => Math.min(...xs);
const rate = (ms: number): string => String(Math.round((COUNT / ms) * 1000)).padStart(6);
const ms = (x: number): string => x.toFixed(0).padStart(5);

const dir = mkdtempSync(join(tmpdir(), 'sabaq-bench-'));
try {
  const g0 = Date.now();
  generate(dir);
  console.log(`generated ${COUNT} drafts in ${Date.now() - g0} ms (${dir})`);
  // Warm the file cache and the CLI bundle (built on the first run after a source change).
  time(1);
  time(2);
  const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);
  const load0 = loadavg()[0] ?? 0;
  const runs: Record<1 | 2, Run[]> = { 1: [], 2: [] };
  const pairs: Run[] = [];
  // The settings alternate, and which goes first alternates too, so a change in the load of
  // the (shared) machine hits both alike.
  for (let i = 0; i < RUNS; i++) {
    for (const c of i % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const)) runs[c].push(time(c));
    pairs.push(await timePair());
  }
  const load1 = loadavg()[0] ?? 0;

  console.log(
    `\n${RUNS} runs of each, whole process (start-up and exit included)     wall best / median     CPU best / median`,
  );
  for (const c of [1, 2] as const) {
    const w = runs[c].map((r) => r.wall);
    const cpu = runs[c].map((r) => r.cpu);
    console.log(
      `validate, ${c} worker${c === 1 ? ': ' : 's:'}  best ${rate(min(w))} files/s, median ${rate(median(w))} files/s   ${ms(min(w))} / ${ms(median(w))} ms   ${ms(min(cpu))} / ${ms(median(cpu))} ms`,
    );
  }
  const w1 = runs[1].map((r) => r.wall);
  const w2 = runs[2].map((r) => r.wall);
  const bestRatio = min(w1) / min(w2);
  const medRatio = median(w1) / median(w2);
  // Pairs run back to back see the same machine: their ratios are the fairest on a busy one.
  const pairRatios = w1.map((x, i) => x / (w2[i] as number));
  console.log(
    `ratio 2 workers / 1:  best ${bestRatio.toFixed(2)}×, median ${medRatio.toFixed(2)}×, median of back-to-back pairs ${median(pairRatios).toFixed(2)}×`,
  );
  const wp = pairs.map((r) => r.wall);
  const cp = pairs.map((r) => r.cpu);
  console.log(
    `control, 2 processes on halves: best ${rate(min(wp))} files/s, median ${rate(median(wp))} files/s   ${ms(min(wp))} / ${ms(median(wp))} ms   ${ms(min(cp))} / ${ms(median(cp))} ms`,
  );
  console.log(
    `  = what two cores give this work now: ${(median(w1) / median(wp)).toFixed(2)}× one process by the median (the ceiling for --concurrency 2; each process pays its own start-up)`,
  );
  console.log(
    `goals: ≥ 2000 files/s with 2 workers (${Math.round((COUNT / median(w2)) * 1000) >= 2000 ? 'met' : 'NOT met'} by the median); 2 workers ≥ 1.60× one (${medRatio >= 1.6 ? 'met' : 'NOT met'} by the median)`,
  );

  // Phases (median over the runs of each): where the wall time goes.
  const phases = [
    ['boot', (t: Run) => t.timing.bootMs, 'node start-up until bin/sabaq.js runs'],
    ['load', (t: Run) => t.timing.loadMs, 'loading the CLI bundle'],
    ['setup', (t: Run) => t.timing.setupMs, 'arguments (commander)'],
    ['list', (t: Run) => t.timing.listMs, 'file list (workers boot meanwhile)'],
    ['validate', (t: Run) => t.timing.validateMs, 'read, parse, validate, format: all threads'],
    ['report', (t: Run) => t.timing.reportMs, 'output assembled and written'],
    ['exit', (t: Run) => t.wall - t.timing.endMs, 'process exit (workers stopped)'],
  ] as const;
  console.log(`\nphases, median ms            1 worker  2 workers`);
  for (const [name, f, what] of phases)
    console.log(
      `  ${name.padEnd(9)}             ${ms(median(runs[1].map(f)))}      ${ms(median(runs[2].map(f)))}   ${what}`,
    );
  console.log(`  ${'wall'.padEnd(9)}             ${ms(median(w1))}      ${ms(median(w2))}`);
  // Per thread, from the median run of each setting: files, and where its own time went.
  console.log(
    `\nper thread (median run)   files  chunks  ready   read   json schema  rules format   (ms)`,
  );
  for (const c of [1, 2] as const) {
    const sorted = [...runs[c]].sort((a, b) => a.wall - b.wall);
    const run = sorted[sorted.length >> 1] as Run;
    for (const th of run.timing.perThread) {
      const t = th.times;
      console.log(
        `  ${c} worker${c === 1 ? ' ' : 's'} ${th.thread.padEnd(9)} ${String(t?.files ?? 0).padStart(6)}  ${String(th.chunks).padStart(6)}  ${th.readyMs === null ? '    —' : ms(th.readyMs)}  ${t === null ? '' : [t.read, t.json, t.schema, t.rules, t.format].map(ms).join('  ')}`,
      );
    }
  }
  console.log(
    `\nload average (1 min): ${load0.toFixed(1)} before, ${load1.toFixed(1)} after, on ${cpus().length} CPUs${load1 > 1 ? ' (busy machine: figures are noisy)' : ''}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
