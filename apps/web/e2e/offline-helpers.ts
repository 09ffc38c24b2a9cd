import type { Page } from 'playwright-core';

/** Shared by the offline browser tests (issue 31). */
/** Waits until the service worker controls the page and has kept the page's chunks. */
export async function controlled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    })
    .catch(async (error: Error) => {
      const state = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return JSON.stringify({
          url: location.href,
          active: r?.active?.state,
          installing: r?.installing?.state,
          waiting: r?.waiting?.state,
          scope: r?.scope,
        });
      });
      throw new Error(`${error.message}; service worker: ${state}`);
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
