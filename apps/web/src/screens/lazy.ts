import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { STORAGE, storage } from '../config';

export type Screen = LazyExoticComponent<ComponentType>;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * Spec §8: a chunk that fails to load (usually a new deploy replaced it) reloads the page. A reload
 * within the last 10 s already happened for this reason, so the error goes to the error page
 * instead of looping.
 */
export function reloadForChunkError(): boolean {
  const session = storage('session');
  const last = Number(session?.getItem(STORAGE.chunkReload) ?? 0);
  if (Date.now() - last < 10_000) return false;
  session?.setItem(STORAGE.chunkReload, String(Date.now()));
  window.location.reload();
  return true;
}

/** A lazy screen whose chunk-load errors reload the page. */
export function screen(load: () => Promise<{ default: ComponentType }>): Screen {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadForChunkError()) {
        // Never resolves: the page is reloading.
        return new Promise<never>(() => {});
      }
      throw error;
    }),
  );
}
