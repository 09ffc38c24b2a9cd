#!/usr/bin/env node
// Lighthouse (mobile profile) against a running Sabaq: the landing `/kk`, `/ru/login`, and a
// signed-in schedule page. A benchmark, not a test: it prints performance, accessibility, LCP,
// TBT and the bytes transferred per page beside the goals (performance ≥ 90, accessibility ≥ 95,
// at most 250 KiB transferred).
//
//   npm start                                   # in another terminal (or SABAQ_URL=…)
//   npm run lighthouse -w @sabaq/web            # CHROME_PATH defaults to /usr/bin/chromium
//
// Lighthouse 12 (the last line that runs on Node 20) is fetched from the npm registry by npx on
// first use. Chromium is started once with a debugging port; the signed-in page is measured in
// the same browser after a login through the real form, with Lighthouse told to keep storage.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, DAILY_PAGES, signInAndFind } from './daily-pages.mjs';

const BASE = process.env.SABAQ_URL ?? 'http://localhost:8080';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 9333);
const LIGHTHOUSE = process.env.LIGHTHOUSE_PACKAGE ?? 'lighthouse@12.2.3';
const PASSWORD = process.env.SABAQ_PASSWORD ?? 'Sabaq-Demo-2026';
const GOALS = { performance: 90, accessibility: 95, kib: 250 };

const out = mkdtempSync(join(tmpdir(), 'sabaq-lighthouse-'));

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}\n${err.slice(-2000)}`)),
    );
  });
}

async function audit(name, url, keepStorage) {
  const file = join(out, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  await run('npx', [
    '--yes',
    LIGHTHOUSE,
    url,
    `--port=${PORT}`,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${file}`,
    '--quiet',
    ...(keepStorage ? ['--disable-storage-reset'] : []),
  ]);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (process.env.LIGHTHOUSE_DETAILS) {
    for (const item of report.audits['bootup-time']?.details?.items ?? [])
      console.error(
        `${name}: bootup ${Math.round(item.total)} ms (script ${Math.round(item.scripting)} ms, parse ${Math.round(item.scriptParseCompile)} ms)\t${item.url}`,
      );
    // The long tasks Lighthouse saw (simulated start and duration, ms): what TBT is made of.
    for (const item of report.audits['long-tasks']?.details?.items ?? [])
      console.log(
        `${name}: long task at ${Math.round(item.startTime)} ms for ${Math.round(item.duration)} ms\t${item.url}`,
      );
    for (const item of report.audits['mainthread-work-breakdown']?.details?.items ?? [])
      console.error(
        `${name}: main thread ${Math.round(item.duration)} ms\t${item.groupLabel ?? item.group}`,
      );
    for (const item of report.audits['network-requests'].details.items)
      console.error(`${name}: ${item.transferSize}\t${item.url}`);
    for (const item of [
      ...(report.audits['layout-shifts']?.details?.items ?? []),
      ...(report.audits['layout-shift-elements']?.details?.items ?? []),
    ])
      console.error(`${name}: shift ${JSON.stringify(item).slice(0, 300)}`);
  }
  const bytes = report.audits['total-byte-weight'].numericValue;
  return {
    page: name,
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    lcpMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(report.audits['total-blocking-time'].numericValue),
    fcpMs: Math.round(report.audits['first-contentful-paint'].numericValue),
    cls: Math.round(report.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    siMs: Math.round(report.audits['speed-index'].numericValue),
    kib: Math.round((bytes / 1024) * 10) / 10,
    finalUrl: report.finalDisplayedUrl,
    requests: report.audits['network-requests'].details.items.length,
  };
}

// A persistent context is the browser's default one, where Lighthouse opens its tabs: the login
// made here is the session Lighthouse sees.
const context = await chromium.launchPersistentContext(join(out, 'profile'), {
  executablePath: CHROME,
  args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${PORT}`],
});
const rows = [];
try {
  if (!process.env.LIGHTHOUSE_PAGES) {
    rows.push(await audit('landing /kk', `${BASE}/kk`, false));
    rows.push(await audit('login /ru/login', `${BASE}/ru/login`, false));
  }
  // LIGHTHOUSE_PAGES=journal,builder audits only the daily pages whose name has one of the words.
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  for (const spec of DAILY_PAGES.filter((p) => !only || only.some((w) => p.name.includes(w)))) {
    // The previous account's session ends: cookies and the page's storage go.
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${BASE}/kk`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    const path = await signInAndFind(page, BASE, spec, PASSWORD);
    // Keep the session (cookies, storage) but not the files nor the service worker the sign-in
    // registered: the page is measured as a first load.
    await page.evaluate(async () => {
      for (const r of (await navigator.serviceWorker?.getRegistrations()) ?? [])
        await r.unregister();
      for (const key of (await caches?.keys()) ?? []) await caches.delete(key);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
    rows.push(await audit(`${spec.name} (${spec.login})`, `${BASE}${path}`, true));
  }
} finally {
  await context.close();
  rmSync(out, { recursive: true, force: true });
}

console.log(`Lighthouse (${LIGHTHOUSE}, mobile profile) against ${BASE}`);
console.log(
  'page'.padEnd(34) +
    'perf'.padStart(6) +
    'a11y'.padStart(6) +
    'LCP ms'.padStart(8) +
    'TBT ms'.padStart(8) +
    'FCP ms'.padStart(8) +
    'SI ms'.padStart(8) +
    'CLS'.padStart(7) +
    'KiB'.padStart(8),
);
let met = true;
for (const r of rows) {
  const ok =
    r.performance >= GOALS.performance &&
    r.accessibility >= GOALS.accessibility &&
    r.kib <= GOALS.kib;
  met &&= ok;
  console.log(
    r.page.padEnd(34) +
      String(r.performance).padStart(6) +
      String(r.accessibility).padStart(6) +
      String(r.lcpMs).padStart(8) +
      String(r.tbtMs).padStart(8) +
      String(r.fcpMs).padStart(8) +
      String(r.siMs).padStart(8) +
      String(r.cls).padStart(7) +
      String(r.kib).padStart(8) +
      (ok ? '  ok' : '  below goal') +
      `  (${r.requests} requests, ended at ${new URL(r.finalUrl).pathname})`,
  );
}
console.log(
  `goals: performance ≥ ${GOALS.performance}, accessibility ≥ ${GOALS.accessibility}, ≤ ${GOALS.kib} KiB — ${met ? 'met' : 'NOT met'}`,
);
