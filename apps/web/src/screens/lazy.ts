import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, STORAGE, storage } from '../config';

export type Screen = LazyExoticComponent<ComponentType>;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * Spec §8: a chunk that fails to load (usually a new deploy replaced it) reloads the page. A reload
 * within the last 10 s already happened for this reason, so the error goes to the error page
 * instead of looping. Never offline.
 */
export function reloadForChunkError(): boolean {
  // Offline (issue 31) a chunk fails because the link is down, not because a deploy replaced
  // it: a reload would only abort what is under way (a token refresh, the outbox).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  const session = storage('session');
  const last = Number(session?.getItem(STORAGE.chunkReload) ?? 0);
  if (Date.now() - last < 10_000) return false;
  session?.setItem(STORAGE.chunkReload, String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * A lazy screen whose chunk-load errors reload the page. Screens draw with the UI kit, whose full
 * CSS comes with them; `plainScreen` is for the few public screens that do not (the landing and
 * login pages), so a first visit fetches only what it shows.
 */
export function screen(load: () => Promise<{ default: ComponentType }>): Screen {
  return lazyScreen(() =>
    Promise.all([import('../app/styles-kit'), load()]).then(([, module]) => module),
  );
}

/** A lazy screen that uses no UI-kit component (its CSS stays out of the page). */
export function plainScreen(load: () => Promise<{ default: ComponentType }>): Screen {
  return lazyScreen(load);
}

/**
 * Spec §9: a chunk that has not arrived in 120 s has failed (on a dead connection the browser may
 * wait far longer); it takes the chunk-error path below, which reloads the page.
 */
export function withChunkTimeout<T>(load: Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Loading chunk screen failed (timeout after ${ms} ms)`)),
      ms,
    );
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

function lazyScreen(load: () => Promise<{ default: ComponentType }>): Screen {
  return lazy(() =>
    withChunkTimeout(load()).catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadForChunkError()) {
        // Never resolves: the page is reloading.
        return new Promise<never>(() => {});
      }
      throw error;
    }),
  );
}
