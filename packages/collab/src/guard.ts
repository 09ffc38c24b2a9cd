/**
 * What the server refuses from an editing peer before applying its update, so one client cannot
 * rewrite the draft for everyone through raw Yjs messages. The decision is on the update's
 * effect once integrated into the server's doc — where each new item lands (its parent, found
 * through its origins in the doc or in the update itself), what its content is, and what the
 * delete set removes — for every Yjs content kind:
 * - `meta` (the base snapshot and format) is the server's: no peer may set or overwrite it;
 * - the log is append-only and holds events only: no peer may delete from it, and a new entry
 *   is an event object (`ContentAny`, the kind every peer writes) in the sender's own name
 *   (`actor` = the connection's user), so nobody can forge a co-author's edits or undo them as
 *   that co-author; any other content kind (legacy JSON, strings, embeds, nested types,
 *   sub-documents, binaries) is refused there;
 * - the delete set names only what the server holds or what the update itself brings (a range
 *   past that would wait in Yjs and delete a co-author's future edits as they arrive);
 * - every struct integrates now: one that would wait for a missing origin or parent would
 *   integrate later, when its dependency arrives, without passing this check;
 * - sub-documents are refused anywhere (a draft has none).
 * - rich text inside a log entry (a command's content, solution, description) passes the
 *   allow-list of stored rich text (`allowRichText`, issue 28) with nothing to drop: the log is
 *   what the draft is folded from and what the catalogue and lessons serve, and the editor never
 *   writes a node, mark, link or attribute outside it.
 * The live fragments (typing) are free-form and not inspected beyond this (the editor opens them
 * through its schema); event-shaped values are in the sender's name wherever they are.
 */
import * as Y from 'yjs';
import { allowRichText, copyRichNode } from '@sabaq/engine';
import { DOC_NAMES } from './doc.js';

export type GuardRefusal =
  | 'meta'
  | 'log_delete'
  | 'log_content'
  | 'actor'
  | 'future_delete'
  | 'missing'
  | 'content'
  | 'rich';

/** Whether every rich-text document inside `value` is allowed as stored, with nothing to drop. */
function richAllowed(value: unknown, depth = 0): boolean {
  if (depth > 64 || typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every((v) => richAllowed(v, depth + 1));
  if ((value as { type?: unknown }).type === 'doc') {
    const shaped = copyRichNode(value);
    if (!shaped) return true; // not rich text the engine reads: the command is rejected there
    const allowed = allowRichText(shaped);
    return allowed.ok && allowed.dropped === 0;
  }
  return Object.values(value).every((v) => richAllowed(v, depth + 1));
}

/** Where an item lands: a root type of the draft doc, anywhere else, or nowhere we can tell. */
type Place = 'meta' | 'log' | 'rich' | 'other';

/** An item nested in a type keeps the meta/log verdict of that type; other nesting is free. */
function nested(p: Place): Place {
  return p === 'meta' || p === 'log' ? p : 'other';
}

function rootPlace(name: string): Place {
  if (name === DOC_NAMES.meta) return 'meta';
  if (name === DOC_NAMES.log) return 'log';
  if (name === DOC_NAMES.rich) return 'rich';
  return 'other';
}

/** The values an item's content carries that a reader of the doc sees as plain data. */
function plainValues(content: Y.Item['content']): unknown[] {
  if (content instanceof Y.ContentAny) return content.arr;
  if (content instanceof Y.ContentJSON) return content.arr;
  if (content instanceof Y.ContentEmbed) return [content.embed];
  if (content instanceof Y.ContentFormat) return [content.value];
  return [];
}

/** Null when `update` is acceptable from `actor`, else why it is refused. */
export function guardUpdate(doc: Y.Doc, update: Uint8Array, actor: string): GuardRefusal | null {
  const meta = doc.getMap(DOC_NAMES.meta) as unknown as Y.AbstractType<unknown>;
  const log = doc.getArray(DOC_NAMES.log) as unknown as Y.AbstractType<unknown>;
  const rich = doc.getMap(DOC_NAMES.rich) as unknown as Y.AbstractType<unknown>;
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return 'content';
  }
  const { structs, ds } = decoded;

  // --- what the server holds and what the update brings, per client ---------------------------
  const stateOf = (client: number) => Y.getState(doc.store, client);
  /** New structs by client, in clock order (decodeUpdate groups and sorts them). */
  const incoming = new Map<number, Array<Y.Item | Y.GC>>();
  /** Per client: the clock up to which the doc plus this update hold every struct. */
  const reach = new Map<number, number>();
  for (const s of structs) {
    const client = s.id.client;
    if (!reach.has(client)) reach.set(client, stateOf(client));
    if (s instanceof Y.Skip) continue;
    const end = s.id.clock + s.length;
    if (end <= stateOf(client)) continue; // already integrated: Yjs ignores it
    // A gap before it (a Skip, or a first clock past the doc's state): it would wait.
    if (s.id.clock > reach.get(client)!) return 'missing';
    reach.set(client, Math.max(reach.get(client)!, end));
    let list = incoming.get(client);
    if (!list) incoming.set(client, (list = []));
    list.push(s);
  }
  const reachOf = (client: number) => reach.get(client) ?? stateOf(client);

  /** The item at `id`: in the doc, else in this update; null when neither holds it. */
  const docItem = (id: Y.ID): Y.Item | Y.GC | null => {
    if (id.clock >= stateOf(id.client)) return null;
    try {
      return Y.getItem(doc.store, id) as Y.Item | Y.GC;
    } catch {
      return null;
    }
  };
  const newItem = (id: Y.ID): Y.Item | Y.GC | null => {
    // Binary search: a reconnecting peer's update may bring thousands of structs.
    const list = incoming.get(id.client);
    if (!list) return null;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = list[mid]!;
      if (id.clock < s.id.clock) hi = mid - 1;
      else if (id.clock >= s.id.clock + s.length) lo = mid + 1;
      else return s;
    }
    return null;
  };
  const holds = (id: Y.ID) => id.clock < reachOf(id.client) && (docItem(id) ?? newItem(id));

  /** Where an integrated type lives (nested types inherit meta/log). */
  const placeOfType = (type: Y.AbstractType<unknown>): Place => {
    let t: Y.AbstractType<unknown> | null = type;
    let nest = false;
    for (let depth = 0; t && depth < 1000; depth++) {
      const p: Place | null = t === meta ? 'meta' : t === log ? 'log' : t === rich ? 'rich' : null;
      if (p) return nest ? nested(p) : p;
      const item: Y.Item | null = t._item;
      if (!item) return 'other'; // another root type
      t = item.parent as Y.AbstractType<unknown> | null;
      nest = true;
    }
    return 'other';
  };

  // --- where each new item lands --------------------------------------------------------------
  const placed = new Map<Y.Item | Y.GC, Place | 'gone'>();
  /** Follows origins and parents (through the doc or the update) until a place is known. */
  const placeOf = (start: Y.Item): Place | 'gone' | 'missing' => {
    const chain: Y.Item[] = [];
    /** steps[k]: chain[k] reaches the next link through its parent (nests) or a neighbour. */
    const steps: boolean[] = [];
    let cur: Y.Item | Y.GC = start;
    let found: Place | 'gone' | 'missing' = 'missing';
    for (;;) {
      const memo = placed.get(cur);
      if (memo) {
        found = memo;
        break;
      }
      if (cur instanceof Y.GC) {
        found = 'gone'; // garbage: Yjs collects whatever hangs on it
        break;
      }
      if (chain.length > structs.length) break; // a cycle in a hostile update
      chain.push(cur);
      const parent = cur.parent as unknown;
      let next: Y.ID;
      if (typeof parent === 'string') {
        steps.push(false);
        found = rootPlace(parent);
        break;
      } else if (parent instanceof Y.ID) {
        const inDoc = docItem(parent);
        if (inDoc instanceof Y.Item) {
          steps.push(false);
          found =
            inDoc.content instanceof Y.ContentType
              ? nested(placeOfType(inDoc.content.type as Y.AbstractType<unknown>))
              : 'gone';
          break;
        }
        next = parent;
        steps.push(true);
      } else {
        const ref = cur.origin ?? cur.rightOrigin;
        if (!ref) break; // no parent and no neighbour: not a struct Yjs can place
        const inDoc = docItem(ref);
        if (inDoc instanceof Y.Item) {
          steps.push(false);
          found = inDoc.parent ? placeOfType(inDoc.parent as Y.AbstractType<unknown>) : 'gone';
          break;
        }
        next = ref;
        steps.push(false);
      }
      if (!holds(next)) break; // depends on something nobody sent: it would wait
      const n = docItem(next) ?? newItem(next);
      if (!n) break;
      cur = n;
    }
    if (found === 'missing') return 'missing';
    // Back along the chain: a step through a parent nests, a step through a neighbour does not.
    let result: Place | 'gone' = found;
    for (let i = chain.length - 1; i >= 0; i--) {
      if (steps[i] && result !== 'gone') result = nested(result);
      placed.set(chain[i]!, result);
    }
    return result;
  };

  for (const list of incoming.values())
    for (const s of list) {
      if (!(s instanceof Y.Item)) continue;
      // Dependencies the doc lacks and the update does not bring: Yjs would park it.
      for (const dep of [s.origin, s.rightOrigin, s.parent instanceof Y.ID ? s.parent : null])
        if (dep && !holds(dep)) return 'missing';
      const place = placeOf(s);
      if (place === 'missing') return 'missing';
      if (s.content instanceof Y.ContentDoc) return 'content';
      if (place === 'meta') return 'meta';
      if (place === 'log' && !(s.content instanceof Y.ContentDeleted)) {
        if (!(s.content instanceof Y.ContentAny)) return 'log_content';
        for (const v of s.content.arr) {
          if (!v || typeof v !== 'object' || Array.isArray(v)) return 'log_content';
          if ((v as { actor?: unknown }).actor !== actor) return 'actor';
          if (!richAllowed((v as { command?: unknown }).command)) return 'rich';
        }
      }
      if (
        place === 'rich' &&
        !(s.content instanceof Y.ContentDeleted) &&
        !(s.content instanceof Y.ContentType && s.content.type instanceof Y.XmlFragment)
      )
        return 'content';
      for (const v of plainValues(s.content)) {
        if (!v || typeof v !== 'object') continue;
        // Event-shaped values (the log's) must be in the sender's name wherever they are.
        // Rich-text attributes are plain values and never carry a `command`.
        if ('command' in v && (v as { actor?: unknown }).actor !== actor) return 'actor';
        if ('draft' in v && 'eventCount' in v) return 'meta';
      }
    }

  // --- what the delete set removes ------------------------------------------------------------
  for (const [client, ranges] of ds.clients)
    for (const r of ranges) {
      if (r.clock + r.len > reachOf(client)) return 'future_delete';
      // Walk the deleted range through the items the doc holds (new ones are checked above).
      let clock = r.clock;
      const held = Math.min(r.clock + r.len, stateOf(client));
      while (clock < held) {
        const item = docItem(Y.createID(client, clock));
        if (!item) break;
        if (item instanceof Y.Item && !item.deleted && item.parent) {
          const place = placeOfType(item.parent as Y.AbstractType<unknown>);
          if (place === 'meta' || place === 'log') return 'log_delete';
        }
        clock = item.id.clock + item.length;
      }
    }
  return null;
}
