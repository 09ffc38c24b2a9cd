// First: zod must not probe for eval under the CSP (zod-jitless.ts).
import './app/zod-jitless';
import './app/styles-base';
import { STORAGE, storage } from './config';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n, loadCatalogue } from './app/i18n';
import { loadFeatureFlags, loadTranslations, restoreSession } from './app/services';
import { reloadForChunkError } from './screens/lazy';
import { loadAppScreens } from './screens/registry';
import { store } from './session/store';
import { mayHaveSession } from './session/token';
import { routeIdForPath } from './app/screen-for-path';

// Spec §2: every path outside /kk and /ru is sent to /kk, so only /ru/… starts in Russian. The
// URL's language is remembered (spec §1: kept in local storage).
const lang = window.location.pathname.split('/')[1] === 'ru' ? 'ru' : 'kz';
storage('local')?.setItem(STORAGE.lang, lang);
// The page's catalogue (preloaded by index.html) comes first: every text below needs it.
const catalogue = loadCatalogue(lang);

// Spec §8: a preload of a stale chunk (after a deploy) reloads the page.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

// Issue 31: the service worker (the app opens offline) registers once the page has loaded, so
// the first visit's downloads come first; its code is a chunk of its own.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener(
    'load',
    () => void import('./offline/register').then((m) => m.registerServiceWorker()),
    { once: true },
  );

// Issue 31: the offline banner follows the browser's network state.
const network = () => store.set({ offline: !navigator.onLine });
network();
window.addEventListener('online', network);
window.addEventListener('offline', network);

// Spec §7: a session opened from the partner integration carries its id (the refresh call's
// optional `mathrix` header) for as long as the tab lives.
const mathrix = new URLSearchParams(window.location.search).get('mathrix');
if (mathrix !== null && /^[\w.-]{1,64}$/.test(mathrix))
  storage('session')?.setItem(STORAGE.mathrix, mathrix);

catalogue.then(
  (messages) => {
    initI18n(lang, messages);
    // A returning user will open an app screen: fetch their table alongside the session.
    // …and the screen of the address itself with the kit's styles, while the session is being
    // restored rather than after it (a phone's link fetched them a second later, issue 29).
    if (mayHaveSession()) {
      const id = routeIdForPath(window.location.pathname);
      void loadAppScreens()
        .then((table) => (id ? table.APP_SCREENS[id]?.() : undefined))
        .catch(() => undefined);
      if (id && id !== 'not-found') void import('./app/styles-kit').catch(() => undefined);
    }
    void restoreSession();
    void loadFeatureFlags();
    void loadTranslations(lang);
    createRoot(document.getElementById('root')!).render(<App />);
  },
  () => {
    // A catalogue that cannot load is a stale release or a dropped network: reload once, then
    // say so in both languages (there is no catalogue to say it with).
    if (!reloadForChunkError()) {
      document.getElementById('root')!.textContent =
        'Бет жүктелмеді, қайта жүктеңіз. / Страница не загрузилась, обновите её.';
    }
  },
);
