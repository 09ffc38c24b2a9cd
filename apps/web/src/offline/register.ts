/**
 * Registers the service worker (src/offline/sw.ts) once the page has loaded: its install
 * (precaching the shell) never competes with the first visit's own downloads, and the first-visit
 * budget of the landing and login pages holds (this module is a separate chunk).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const ready = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) ready.active?.postMessage({ type: 'claim' });
    await keepLoadedChunks();
  } catch {
    // A browser that refuses (private mode, a policy) keeps working online as before.
  }
}

/** The service worker's cache of built files (sw.ts keeps what loads through it there). */
const ASSETS = 'sabaq-assets';

/**
 * The chunks this page loaded before the worker controlled it (the first visit's screen) go into
 * its cache too, from the browser's HTTP cache: the screen then opens offline as well.
 */
export async function keepLoadedChunks(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  const cache = await caches.open(ASSETS);
  const missing = [];
  for (const url of new Set(urls)) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
}
