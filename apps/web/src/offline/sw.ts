/**
 * The service worker (issue 31): the app opens on a dropped link.
 *
 * - The shell (the entry chunk, what it imports, its CSS, both catalogues, the icons) is
 *   precached at install; the list is cut from the build by vite.config.ts.
 * - Every other built file (`/assets/…`, hashed, never changing) is kept the first time the app
 *   loads it: the screens a user has opened open again offline.
 * - A page (a navigation) is asked of the network first, so a release and the server's
 *   per-language page (its `lang`, configured feature blocks) are always fresh; offline, the last
 *   page of that language answers (every route of the app is the same page).
 * - The API is not cached here: a response belongs to one user, and the app keeps what it needs
 *   per user in IndexedDB (apps/web/src/offline/), wiped at logout.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const PAGES = 'sabaq-pages';

/** The cached page a navigation stands for: one per interface language. */
function pageKey(url: URL): string {
  return url.pathname === '/ru' || url.pathname.startsWith('/ru/') ? '/ru' : '/kk';
}

self.addEventListener('install', (event) => {
  // Both languages' pages are there before the link first drops.
  event.waitUntil(
    caches
      .open(PAGES)
      .then((cache) => cache.addAll(['/kk', '/ru']))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
// A page that opened while this worker was still installing is not among the clients claimed at
// activation: it asks (register.ts), so that its later loads go through the worker too.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'claim')
    event.waitUntil(self.clients.claim());
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !url.pathname.startsWith('/api/'),
  new NetworkFirst({
    cacheName: PAGES,
    // A link that answers nothing for this long counts as dropped: the cached page opens.
    networkTimeoutSeconds: 8,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => pageKey(new URL(request.url)),
        // Only a good page is kept (never a 5xx page or a 404 of a missing file).
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
      },
    ],
  }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'sabaq-assets',
    plugins: [
      {
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
      },
      // Old releases' chunks go after two months or past 600 files.
      new ExpirationPlugin({
        maxEntries: 600,
        maxAgeSeconds: 60 * 24 * 3600,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);
