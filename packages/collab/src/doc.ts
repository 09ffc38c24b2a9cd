/**
 * One Y.Doc per draft. Layout (all top-level names are fixed so every peer agrees):
 * - `meta` (Y.Map): `base`, the snapshot the log starts from (set once, by whoever creates the
 *   doc — the server — never by a joining peer), and `format`, this layout's version.
 * - `log` (Y.Array): the draft's events (engine `DraftEvent`s), append-only. Yjs gives every peer
 *   the same order after sync and the engine folds it deterministically, so every peer reaches
 *   the same draft; a command whose target vanished concurrently is rejected by the fold on every
 *   peer alike.
 * - `rich` (Y.Map of Y.XmlFragment): long rich text edited character by character, keyed by
 *   `moduleId/field`. A map (not free top-level fragments) so two peers seeding the same field at
 *   once cannot double its text: the map keeps exactly one of the two fragments on every peer.
 */
import * as Y from 'yjs';
import {
  SCHEMA_VERSION,
  SnapshotSchema,
  apply,
  emptyDoc,
  replay,
  type Draft,
  type Module,
  type Rejection,
  type RichText,
  type Snapshot,
} from '@sabaq/engine';
import { RICH_FIELDS, readRichText, richKey, writeRichText, type RichField } from './rich.js';

export const DOC_NAMES = { meta: 'meta', log: 'log', rich: 'rich' } as const;
/** Version of the layout above; a peer refuses a doc of another format. */
export const DOC_FORMAT = 1;

export type LogArray = Y.Array<unknown>;
export type RichMap = Y.Map<Y.XmlFragment>;

export function logOf(doc: Y.Doc): LogArray {
  return doc.getArray<unknown>(DOC_NAMES.log);
}
export function richOf(doc: Y.Doc): RichMap {
  return doc.getMap<Y.XmlFragment>(DOC_NAMES.rich);
}
function metaOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>(DOC_NAMES.meta);
}

/** The doc is not (yet) a draft doc: no base, a base that is not a snapshot, or another format. */
export class DraftDocError extends Error {
  constructor(
    readonly code: 'no_base' | 'bad_base' | 'bad_format',
    message: string,
  ) {
    super(message);
    this.name = 'DraftDocError';
  }
}

/** The value of a module's rich field in the log's draft. */
export function richValue(m: Module, field: RichField): RichText | null {
  return field === 'content'
    ? m.content
    : field === 'description'
      ? m.description
      : m.hints.solution;
}

function hasText(doc: RichText | null): boolean {
  return !!doc && Array.isArray(doc.content) && doc.content.length > 0;
}

/** The history a doc starts with when the draft already has one (REST edits before it went live). */
export interface DocHistory {
  /** Events (engine `DraftEvent`s) that lead from the base to `current`, oldest first. */
  events: readonly unknown[];
  /** The draft those events fold to: its rich fields seed the fragments. */
  current: Draft;
}

/**
 * Builds the doc of a draft (server side, once per draft): the base snapshot, the draft's earlier
 * events when it has a history (so the history panel and time travel reach back before the first
 * live session), and a fragment for every non-empty rich field of the current draft, so joining
 * peers find the text already there and never seed it concurrently. Pass `doc` to fill an
 * existing empty doc (e.g. one with a fixed client id).
 */
export function createDraftDoc(
  base: Draft | Snapshot,
  doc: Y.Doc = new Y.Doc(),
  history?: DocHistory,
): Y.Doc {
  const snapshot: Snapshot =
    'eventCount' in base && 'draft' in base
      ? base
      : { schemaVersion: SCHEMA_VERSION, eventCount: 0, draft: base };
  // Fragments hold the text as it is now: seeding them from the base would let a stale
  // fragment override what a later event wrote.
  const now = history?.current ?? snapshot.draft;
  doc.transact(() => {
    const meta = metaOf(doc);
    meta.set('format', DOC_FORMAT);
    // Stored as plain JSON: the base never changes once set.
    meta.set('base', JSON.parse(JSON.stringify(snapshot)) as unknown);
    if (history && history.events.length > 0)
      logOf(doc).push(JSON.parse(JSON.stringify(history.events)) as unknown[]);
    const rich = richOf(doc);
    for (const p of now.pages)
      for (const m of p.modules)
        for (const f of RICH_FIELDS) {
          const v = richValue(m, f);
          if (!hasText(v)) continue;
          const frag = new Y.XmlFragment();
          rich.set(richKey(m.id, f), frag);
          writeRichText(frag, v);
        }
  });
  return doc;
}

const baseCache = new WeakMap<Y.Doc, { raw: unknown; snapshot: Snapshot }>();

/** True once the doc holds a base (a peer has synced with the server at least once). */
export function hasBase(doc: Y.Doc): boolean {
  return metaOf(doc).has('base');
}

/** The validated base snapshot; throws DraftDocError when missing or malformed. */
export function readBase(doc: Y.Doc): Snapshot {
  const meta = metaOf(doc);
  const raw = meta.get('base');
  const cached = baseCache.get(doc);
  if (cached && cached.raw === raw) return cached.snapshot;
  if (raw === undefined) throw new DraftDocError('no_base', 'the doc has no base snapshot yet');
  const format = meta.get('format');
  if (format !== DOC_FORMAT)
    throw new DraftDocError('bad_format', `doc format ${String(format)}, expected ${DOC_FORMAT}`);
  const parsed = SnapshotSchema.safeParse(raw);
  if (!parsed.success)
    throw new DraftDocError(
      'bad_base',
      `base snapshot is invalid: ${parsed.error.issues[0]?.message}`,
    );
  baseCache.set(doc, { raw, snapshot: parsed.data });
  return parsed.data;
}

export interface RejectedEvent {
  /** Position in the log (0-based, not counting the base). */
  position: number;
  eventId: string | null;
  rejection: Rejection;
}

export interface Fold {
  /** The log's draft (rich fields as last set through commands). */
  draft: Draft;
  /** Events folded (= log length). */
  length: number;
  rejected: RejectedEvent[];
}

/** Stretches at least this long are folded by `replay` (measured break-even: about 8). */
const REPLAY_FROM = 16;

/** Folds the whole log from the base, from scratch. */
export function foldDoc(doc: Y.Doc): Fold {
  const base = readBase(doc);
  const events = logOf(doc).toArray();
  const r = replay(events, { base: base.draft });
  return { draft: r.draft, length: events.length, rejected: r.rejected };
}

function commandOf(e: unknown): unknown {
  return typeof e === 'object' && e !== null ? (e as { command?: unknown }).command : undefined;
}
function eventIdOf(e: unknown): string | null {
  const id = typeof e === 'object' && e !== null ? (e as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : null;
}

/**
 * Folds events appended after `fold` (the engine's apply chain equals its replay). A long
 * stretch goes through `replay` (one copy of the draft, then mutated in place: about 2 µs an
 * event against 5 µs for `apply`, which copies on write per event); a short one through `apply`,
 * which shares structure with the previous draft instead of copying all of it.
 */
export function foldMore(fold: Fold, appended: readonly unknown[]): Fold {
  if (appended.length >= REPLAY_FROM) {
    const r = replay(appended, {
      base: { schemaVersion: SCHEMA_VERSION, eventCount: fold.length, draft: fold.draft },
    });
    return {
      draft: r.draft,
      length: fold.length + appended.length,
      rejected: r.rejected.length > 0 ? fold.rejected.concat(r.rejected) : fold.rejected.slice(),
    };
  }
  let draft = fold.draft;
  const rejected = fold.rejected.slice();
  appended.forEach((e, i) => {
    const r = apply(draft, commandOf(e));
    if (r.ok) draft = r.draft;
    else
      rejected.push({ position: fold.length + i, eventId: eventIdOf(e), rejection: r.rejection });
  });
  return { draft, length: fold.length + appended.length, rejected };
}

/**
 * The draft with the rich fields taken from their fragments where a fragment exists (the text
 * people type lives there). Fragments of modules that no longer exist are ignored; they stay in
 * the doc so that undoing a module's removal brings its text back.
 */
export function overlayRich(draft: Draft, rich: RichMap): Draft {
  if (rich.size === 0) return draft;
  let changedAny = false;
  const pages = draft.pages.map((p) => {
    let changed = false;
    const modules = p.modules.map((m) => {
      let next: Module | null = null;
      for (const f of RICH_FIELDS) {
        const frag = rich.get(richKey(m.id, f));
        if (!(frag instanceof Y.XmlFragment)) continue;
        const doc = readRichText(frag);
        next ??= { ...m, hints: { ...m.hints } };
        if (f === 'content') next.content = hasText(doc) ? doc : emptyDoc();
        else if (f === 'description') next.description = hasText(doc) ? doc : null;
        else next.hints.solution = hasText(doc) ? doc : null;
      }
      if (next) changed = true;
      return next ?? m;
    });
    if (!changed) return p;
    changedAny = true;
    return { ...p, modules };
  });
  return changedAny ? { ...draft, pages } : draft;
}

/** The draft a doc holds right now: its log folded, with the rich text people typed. */
export function materialise(doc: Y.Doc): Draft {
  return overlayRich(foldDoc(doc).draft, richOf(doc));
}
