import type { RunningServer, StartServerOptions } from '@sabaq/server';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
export const WEB_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(WEB_ROOT, 'dist');
export const RESULTS = join(WEB_ROOT, 'test-results');
export const DEMO_PASSWORD = 'Sabaq-Demo-2026';

const SOURCES = [
  join(WEB_ROOT, 'src'),
  join(WEB_ROOT, 'index.html'),
  join(WEB_ROOT, 'vite.config.ts'),
  join(WEB_ROOT, 'public'),
  // Every workspace bundled into the app: a change in any of them makes dist stale.
  ...['platform', 'engine', 'editor', 'collab'].map((name) =>
    join(WEB_ROOT, '..', '..', 'packages', name, 'src'),
  ),
];

export function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newest(join(path, name))),
    stat.mtimeMs,
  );
}

function isFresh(): boolean {
  const index = join(DIST, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  return built > Math.max(...SOURCES.map(newest));
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds apps/web when dist is missing or older than its sources. Test files run in parallel
 * workers and a server may already be serving dist, so one build runs at a time (a lock
 * directory; the others wait, then find dist fresh) and the new build is swapped in by renames:
 * nobody ever sees a half-written dist.
 */
export function ensureBuilt(): void {
  if (isFresh()) return;
  const lock = `${DIST}.lock`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed run is older than any real build.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 10 * 60_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`e2e: waited 10 min for ${lock}`);
      sleepSync(500);
    }
  }
  try {
    if (isFresh()) return;
    const next = `${DIST}.next-${process.pid}`;
    const old = `${DIST}.old-${process.pid}`;
    execFileSync(
      process.execPath,
      [viteBin(), 'build', '--logLevel', 'warn', '--outDir', next, '--emptyOutDir'],
      {
        cwd: WEB_ROOT,
        stdio: 'inherit',
        // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: the
        // browser tests must exercise what users get.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (existsSync(DIST)) renameSync(DIST, old);
    renameSync(next, DIST);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Builds the app when stale and starts the real server, in memory with demo data, serving the
 * built app: what every browser test file runs against. `overrides` tunes it per file.
 */
export async function startE2EServer(
  overrides: Partial<StartServerOptions> = {},
): Promise<RunningServer> {
  ensureBuilt();
  const { startServer, preparedDemoDump } = await import('@sabaq/server');
  // The demo database is made once per run and loaded by every file's server (about 8 s less
  // per start on a busy machine); a file that brings its own data or none migrates as usual.
  const prepared =
    overrides.seed !== false && !overrides.dataDir && !overrides.loadDataDir
      ? await preparedDemoDump()
      : null;
  return startServer({
    port: 0,
    dataDir: 'memory',
    seed: true,
    ...(prepared ? { loadDataDir: prepared } : {}),
    webDist: DIST,
    accessTokenTtlSeconds: 600,
    // Many logins in one file: the per-address limit is the server's own test (auth.test.ts).
    authRateLimitPerMinute: 1000,
    ...overrides,
  });
}

/** Finds vite's CLI whether npm hoisted it to the root or kept it in the workspace. */
export function viteBin(): string {
  const require = createRequire(join(WEB_ROOT, 'package.json'));
  return join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
}

export async function launch(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/**
 * Runs `fn` on a fresh page (own cookies and storage); on failure saves a full-page screenshot
 * under apps/web/test-results/ before rethrowing.
 */
export async function withPage(
  browser: Browser,
  name: string,
  fn: (page: Page, context: BrowserContext) => Promise<void>,
  viewport = { width: 1280, height: 800 },
): Promise<void> {
  const context = await browser.newContext({ viewport, locale: 'kk-KZ' });
  // Generous: on a busy 2-core machine (a second suite beside this one) a lazily loaded screen
  // took over 10 s to appear; a missing element still fails, after 30 s.
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await fn(page, context);
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  } catch (error) {
    mkdirSync(RESULTS, { recursive: true });
    const file = join(RESULTS, `${name.replace(/[^\w-]+/g, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

export async function login(
  page: Page,
  base: string,
  login: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`${base}/kk/login`);
  await page.getByLabel('Пайдаланушы аты').fill(login);
  await page.getByLabel('Құпиясөз', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Кіру', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

export type E2E = {
  /** The running server (in memory, demo data, the built app). */
  readonly server: RunningServer;
  /** Its address, e.g. http://127.0.0.1:41234 */
  readonly base: string;
  readonly browser: Browser;
};

/**
 * Called inside a `describe`: starts the server (startE2EServer with `overrides`) and Chromium
 * before the suite's tests and closes both after them. The fields of the answer are there once
 * `beforeAll` has run, i.e. inside the tests.
 */
export function e2eSuite(overrides: Partial<StartServerOptions> = {}, setupMs = 300_000): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startE2EServer(overrides);
    browser = await launch();
  }, setupMs);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('e2eSuite: used before beforeAll ran');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get base() {
      return started(server).url;
    },
    get browser() {
      return started(browser);
    },
  };
}

let axeSource: string | undefined;

type AxeViolation = {
  id: string;
  impact: string | null;
  nodes: Array<{ target: unknown[]; html: string }>;
};

/**
 * axe-core violations on the page as it is now (contrast included: this is a real browser), one
 * line each naming the rule and the offending nodes. `within`: only inside the first element
 * matching this selector (default the whole document); `serious`: only serious and critical ones.
 */
export async function audit(
  page: Page,
  { within, serious = false }: { within?: string; serious?: boolean } = {},
): Promise<string[]> {
  // Navigation drops the script: inject it again whenever the page no longer has it.
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFileSync(
      createRequire(join(WEB_ROOT, 'package.json')).resolve('axe-core/axe.min.js'),
      'utf8',
    );
    // Evaluated by the test driver, not as an inline <script>: the app's CSP rightly refuses those.
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run(context?: Element): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    if (selector === null) return (await axe.run()).violations;
    const context = document.querySelector(selector);
    if (context === null) throw new Error(`audit: nothing matches ${selector}`);
    return (await axe.run(context)).violations;
  }, within ?? null);
  return violations
    .filter((v) => !serious || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes
          .map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 200)}`)
          .join(', ')}`,
    );
}

/**
 * The demo teacher logs in and goes by clicking from backoffice/ktp to 7А's algebra plan, then
 * into the show mode of plan lesson №1 (the demo lecture): its first page is on screen.
 */
export async function openAlgebraShow(page: Page, base: string): Promise<void> {
  await login(page, base, 'teacher');
  await page.goto(`${base}/kk/backoffice/ktp`);
  await page.getByRole('link', { name: /^7А/ }).click();
  await page.getByRole('link', { name: 'Алгебра', exact: true }).click();
  await page.getByRole('link', { name: 'Көрсету режимі: №1' }).click();
  await page.getByRole('heading', { name: 'Теория' }).waitFor();
}
