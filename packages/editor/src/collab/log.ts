import { readBase, type CollabDraft } from '@sabaq/collab';
import type { CommandInput, DraftEvent, EventOrigin } from '@sabaq/engine';
import type { AppendResult, DraftLog } from '../log/DraftLog';

/**
 * The editor's `DraftLog` over a shared Y.Doc: `events()` is the doc's log (own and co-authors'
 * events, in the order every peer sees), `draft()` its fold with the typed rich text, and
 * `append` writes this actor's events into the doc, which the provider sends to the server.
 * Undo/redo (`undoLast`/`redoLast`) stay per author: the engine builds an actor's stacks from
 * that actor's events only.
 */
export function createYjsDraftLog(collab: CollabDraft): DraftLog {
  const array = collab.doc.getArray<DraftEvent>('log');
  // One array per state of the log: React's useSyncExternalStore needs a stable snapshot.
  let events: DraftEvent[] | null = null;
  array.observe(() => {
    events = null;
  });
  return {
    actor: collab.actor,
    base: () => readBase(collab.doc).draft,
    // Junk a hostile peer might push is still in the array; the fold rejects it like any
    // other event whose command does not apply.
    events: () => (events ??= array.toArray()),
    draft: () => collab.draft,
    append(commands: readonly CommandInput[], origin?: EventOrigin): AppendResult {
      return collab.applyAll(commands, origin);
    },
    subscribe: (listener) => collab.subscribe(() => listener()),
  };
}
