/**
 * What the server refuses from an editing peer before applying its update, so one client cannot
 * rewrite the draft for everyone through raw Yjs messages:
 * - `meta` (the base snapshot and format) is the server's: no peer may set or overwrite it;
 * - the log is append-only: no peer may delete events from it;
 * - a peer appends events only in its own name (`actor` = the connection's user), so nobody can
 *   forge a co-author's edits or undo them as that co-author.
 * Rich text (fragments) is free-form and not inspected beyond this.
 */
import * as Y from 'yjs';
import { DOC_NAMES } from './doc.js';

export type GuardRefusal = 'meta' | 'log_delete' | 'actor';

function isMetaOrLog(item: Y.Item, meta: Y.AbstractType<unknown>, log: Y.AbstractType<unknown>) {
  return item.parent === meta || item.parent === log;
}

/** Null when `update` is acceptable from `actor`, else why it is refused. */
export function guardUpdate(doc: Y.Doc, update: Uint8Array, actor: string): GuardRefusal | null {
  const meta = doc.getMap(DOC_NAMES.meta) as unknown as Y.AbstractType<unknown>;
  const log = doc.getArray(DOC_NAMES.log) as unknown as Y.AbstractType<unknown>;
  const { structs, ds } = Y.decodeUpdate(update);
  const known = (id: Y.ID | null): Y.Item | null => {
    if (!id) return null;
    try {
      const s = Y.getItem(doc.store, id);
      return s instanceof Y.Item ? s : null;
    } catch {
      return null; // not in this doc (yet): it cannot be meta or log content we hold
    }
  };
  for (const s of structs) {
    if (!(s instanceof Y.Item)) continue;
    // Parent given by name (first item of a root type) or implied by a neighbour we hold.
    if ((s.parent as unknown) === DOC_NAMES.meta) return 'meta';
    const left = known(s.origin);
    const right = known(s.rightOrigin);
    if ((left && left.parent === meta) || (right && right.parent === meta)) return 'meta';
    if (s.content instanceof Y.ContentAny)
      for (const v of s.content.arr) {
        // Event-shaped values (the log's) must be in the sender's name. Rich-text attributes
        // are plain values and never carry a `command`.
        if (
          v &&
          typeof v === 'object' &&
          'command' in v &&
          (v as { actor?: unknown }).actor !== actor
        )
          return 'actor';
        if (v && typeof v === 'object' && 'draft' in v && 'eventCount' in v) return 'meta';
      }
  }
  for (const [client, ranges] of ds.clients)
    for (const r of ranges) {
      // Walk the deleted range through the items we hold.
      let clock = r.clock;
      while (clock < r.clock + r.len) {
        const item = known(Y.createID(client, clock));
        if (!item) break;
        if (isMetaOrLog(item, meta, log)) return 'log_delete';
        clock = item.id.clock + item.length;
      }
    }
  return null;
}
