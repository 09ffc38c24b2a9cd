import { useEffect, useSyncExternalStore } from 'react';

/**
 * Breadcrumb labels a screen knows from its data (issue 29: the journal's trail says «7А /
 * Алгебра», not «Сынып / Пән»), by route id. The shell's Breadcrumbs reads them; a screen sets
 * them with `useCrumbLabels` and they go when it unmounts.
 */
type Labels = Readonly<Record<string, string>>;

let current: Labels = {};
const listeners = new Set<() => void>();

function publish(next: Labels): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The labels set now (for Breadcrumbs). */
export function useCrumbLabelsNow(): Labels {
  return useSyncExternalStore(subscribe, () => current);
}

/** Names route ids of the trail while the calling screen is shown (undefined values: not yet). */
export function useCrumbLabels(labels: Readonly<Record<string, string | undefined>>): void {
  const key = JSON.stringify(labels);
  useEffect(() => {
    const known = Object.fromEntries(
      Object.entries(JSON.parse(key) as Record<string, string | undefined>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    );
    publish(known);
    return () => publish({});
  }, [key]);
}
