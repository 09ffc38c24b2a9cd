import { routeById, type AppRouteId, type Role } from '@sabaq/platform';
import { loadNotifications } from '../app/services';
import { loadAppScreens } from '../screens/registry';
import { keepLoadedChunks } from './register';

/**
 * Issue 31: after sign-in the screens a role works in offline — those whose reads the device
 * keeps (read-cache.ts) — load in the background, so that they open without the link even when
 * this browser never showed them before. The service worker keeps what loads (sw.ts); chunks that
 * loaded before it took control are copied into its cache (register.ts).
 */
export const OFFLINE_SCREENS = [
  'schedule',
  'lesson',
  'schedule-content-platform',
  'schedule-exam-platform',
  'journal-groups',
  'journal-group',
  'journal-subject',
  'homework-control-list',
  'homework-control-answers',
  'homework-list',
  'homework-assigned',
  'diary',
  'chat-control',
  'chat-control-dialog',
  'chat',
  'chat-dialog',
] as const satisfies readonly AppRouteId[];

/** The offline screens `role` may open (the route table's roles). */
export function offlineScreensFor(role: Role): AppRouteId[] {
  return OFFLINE_SCREENS.filter((id) => routeById(id).roles?.includes(role) ?? true);
}

type Load = (id: AppRouteId) => Promise<unknown>;

const loadScreen: Load = (id) =>
  Promise.all([import('../app/styles-kit'), loadAppScreens().then((t) => t.APP_SCREENS[id]?.())]);

/**
 * How long after sign-in (or a reload) the background loading waits: the screen the user opened
 * and its data come first, on a weak link too, and the first view's weight stays its own.
 */
export const PRECACHE_DELAY_MS = 15_000;

/**
 * Loads the role's offline screens one after another, `delayMs` after the call and once the
 * browser is idle. Nothing on a connection that asks to save data (the screens then load as they
 * are opened, as before), and nothing that fails stops the rest: the link may be dropping.
 */
export async function precacheScreens(
  role: Role,
  load: Load = loadScreen,
  delayMs = PRECACHE_DELAY_MS,
): Promise<AppRouteId[]> {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return [];
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  await idle();
  const loaded: AppRouteId[] = [];
  for (const id of offlineScreensFor(role)) {
    if (!navigator.onLine) break;
    try {
      await load(id);
      loaded.push(id);
    } catch {
      // Offline or a stale release: this screen loads when it is opened.
    }
  }
  // The notices' chunk (loaded at sign-in, offline/session.ts) once more if that failed.
  if (navigator.onLine) await loadNotifications().catch(() => undefined);
  await keepLoadedChunks().catch(() => undefined);
  document.documentElement.dataset.offlineScreens = String(loaded.length);
  return loaded;
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: 5_000 });
    else setTimeout(resolve, 1_000);
  });
}
