import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';

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

/** Builds apps/web once when dist is missing or older than its sources. */
export function ensureBuilt(): void {
  const built = existsSync(join(DIST, 'index.html'))
    ? statSync(join(DIST, 'index.html')).mtimeMs
    : 0;
  if (built > Math.max(...SOURCES.map(newest))) return;
  execFileSync(process.execPath, [viteBin(), 'build', '--logLevel', 'warn'], {
    cwd: WEB_ROOT,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: the
    // browser tests must exercise what users get.
    env: { ...process.env, NODE_ENV: 'production' },
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
  // Fail fast: a missing element is a failure after 10 s, not after Playwright's 30 s default.
  context.setDefaultTimeout(10_000);
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
