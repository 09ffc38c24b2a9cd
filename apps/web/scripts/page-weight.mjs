#!/usr/bin/env node
// The signed-in daily screens as a phone meets them on a first visit (issue 29): each page is
// opened signed in, with the HTTP cache cleared and no service worker, at 375 px, and every
// response that came over the wire is counted (bytes as transferred, i.e. compressed, headers
// included). A benchmark, not a test: it prints requests and KiB per page beside the goals
// (≤ 40 requests, ≤ 250 KiB), and with WEIGHT_DETAILS=1 each request.
//
//   npm start                                  # in another terminal (or SABAQ_URL=…)
//   npm run weight -w @sabaq/web
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, DAILY_PAGES as PAGES, signInAndFind } from './daily-pages.mjs';

const BASE = process.env.SABAQ_URL ?? 'http://localhost:8080';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PASSWORD = process.env.SABAQ_PASSWORD ?? 'Sabaq-Demo-2026';
const GOALS = { requests: 40, kib: 250 };
const DETAILS = process.env.WEIGHT_DETAILS === '1';

const browser = await chromium.launch({
  executablePath: CHROME,
  args: CHROMIUM_FLAGS,
});

async function measure(spec) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  try {
    const path = await signInAndFind(page, BASE, spec, PASSWORD);
    // A new tab of the same session, with the HTTP cache emptied: the page as a first visit.
    const fresh = await context.newPage();
    await page.close();
    const cdp = await context.newCDPSession(fresh);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    const urls = new Map();
    const rows = [];
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => {
      if (e.encodedDataLength > 0)
        rows.push({ url: urls.get(e.requestId) ?? '?', bytes: e.encodedDataLength });
    });
    await fresh.goto(`${BASE}${path}`, { waitUntil: 'load' });
    await fresh.waitForLoadState('networkidle', { timeout: 60_000 });
    const bytes = rows.reduce((sum, r) => sum + r.bytes, 0);
    return { ...spec, path, requests: rows.length, kib: bytes / 1024, rows };
  } finally {
    await context.close();
  }
}

const results = [];
try {
  for (const spec of PAGES) results.push(await measure(spec));
} finally {
  await browser.close();
}

console.log(`Signed-in pages, first visit, 375 px, no cache, no service worker, against ${BASE}`);
let met = true;
for (const r of results) {
  const ok = r.requests <= GOALS.requests && r.kib <= GOALS.kib;
  met &&= ok;
  console.log(
    `${r.name.padEnd(26)}${String(r.requests).padStart(5)} requests${r.kib.toFixed(1).padStart(8)} KiB  ${ok ? 'ok' : 'over'}  (${r.login}, ${r.path})`,
  );
  if (DETAILS)
    for (const row of r.rows.sort((a, b) => b.bytes - a.bytes))
      console.log(
        `    ${(row.bytes / 1024).toFixed(1).padStart(7)} KiB  ${row.url.replace(BASE, '')}`,
      );
}
console.log(
  `goals: ≤ ${GOALS.requests} requests, ≤ ${GOALS.kib} KiB per page — ${met ? 'met' : 'NOT met'}`,
);
