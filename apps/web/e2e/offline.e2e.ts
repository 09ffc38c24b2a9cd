// @vitest-environment node
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, HAS_CHROMIUM, e2eSuite, login, withPage } from './harness';

if (!HAS_CHROMIUM) console.log(`Chromium not found at ${CHROMIUM}: browser tests skipped`);

/** The user ids whose reads this browser keeps offline (IndexedDB `sabaq-offline`). */
function keptUsers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('sabaq-offline')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('sabaq-offline');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const r = db.transaction('reads').objectStore('reads').getAllKeys();
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    db.close();
    return [...new Set(keys.map((k) => String(k).split('|')[0] as string))];
  });
}

/** Waits until the service worker controls the page and has kept the page's chunks. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
  await page.waitForFunction(
    async () => {
      const cache = await caches.open('sabaq-assets');
      const loaded = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.startsWith('/assets/'));
      for (const p of loaded) if (!(await cache.match(p))) return false;
      return true;
    },
    undefined,
    { timeout: 60_000, polling: 500 },
  );
}

/**
 * Offline (issue 31) in Chromium against the real server: the app is installable; a teacher's
 * schedule and journal open again with the network switched off (after a previous visit), with
 * the offline banner; logout wipes what the device kept, and the next user's copy is theirs only.
 */
describe.skipIf(!HAS_CHROMIUM)('offline in Chromium', { timeout: 180_000 }, () => {
  const app = e2eSuite({ accessTokenTtlSeconds: 900 });
  let g7a: number;
  let teacherId: number;

  beforeAll(async () => {
    const one = async <T>(sql: string) => (await app.server.db.query<T>(sql))[0] as T;
    g7a = (await one<{ id: number }>("SELECT id FROM groups WHERE parallel = 7 AND letter = 'А'"))
      .id;
    teacherId = (await one<{ id: number }>("SELECT id FROM users WHERE login = 'teacher'")).id;
  });

  it('is installable: a web manifest with icons and a service worker, no installability errors', () =>
    withPage(app.browser, 'offline-install', async (page, context) => {
      await page.goto(`${app.base}/kk/login`);
      await controlled(page);
      const manifest = (await (await fetch(`${app.base}/manifest.webmanifest`)).json()) as {
        name: string;
        icons: { sizes: string }[];
      };
      expect(manifest.name).toContain('оқу платформасы');
      expect(manifest.name).toContain('учебная платформа');
      expect(manifest.icons.map((i) => i.sizes)).toContain('512x512');
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // A test's browser context is an incognito one, which Chromium never offers to install;
      // nothing else may stand in the way.
      expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    }));

  it("a teacher's schedule and journal open offline after a visit; logout wipes the device's copy", () =>
    withPage(app.browser, 'offline-teacher', async (page, context) => {
      await login(page, app.base, 'teacher');
      await page.goto(`${app.base}/kk/control/journal/groups/${g7a}`);
      await page.getByRole('link', { name: 'Алгебра' }).click();
      const cells = page.getByRole('textbox', { name: /^Серікбаев Әлихан, / });
      await cells.first().waitFor();
      const journal = page.url();
      await page.goto(`${app.base}/kk/schedule`);
      await page.getByRole('heading', { name: 'Сабақ кестесі' }).first().waitFor();
      await controlled(page);
      await expect.poll(() => keptUsers(page)).toEqual([String(teacherId)]);

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      expect(await page.getByTestId('offline-banner').innerText()).toMatch(
        /^Интернет байланысы жоқ\. Осы құрылғыда сақталған деректер көрсетілген \(соңғы синхрондау: \d\d\.\d\d\.\d{4} \d\d:\d\d\)\.$/,
      );
      await page.getByRole('heading', { name: 'Сабақ кестесі' }).first().waitFor();
      await page.screenshot({ path: 'test-results/offline-schedule.png', fullPage: true });
      // Inside the app, offline: the journal the teacher opened before.
      await page.goto(journal);
      await cells.first().waitFor();
      await page.screenshot({ path: 'test-results/offline-journal.png', fullPage: true });

      // Back online: the banner goes and the real session returns.
      await context.setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
      await page.getByText('Интернет байланысы қалпына келді.').waitFor();

      // Logout: nothing of the teacher stays on this browser.
      await page.getByRole('button', { name: 'Шығу' }).click();
      await page.waitForURL(/\/login$/);
      await expect.poll(() => keptUsers(page)).toEqual([]);
      await login(page, app.base, 'student');
      await page.getByRole('heading', { name: 'Сабақ кестесі' }).first().waitFor();
      const studentId = (
        await app.server.db.query<{ id: number }>("SELECT id FROM users WHERE login = 'student'")
      )[0]!.id;
      await expect.poll(() => keptUsers(page)).toEqual([String(studentId)]);
    }));
});
