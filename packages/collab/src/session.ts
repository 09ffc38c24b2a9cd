/**
 * `CollabDraft`: one peer's view of a draft doc. It folds the log as it changes: incrementally
 * when events are only appended, and when a sync puts events in the middle (concurrent edits
 * land just before the newest events), from the last checkpoint before them, not from the
 * start: a long log costs the same as a short one. It appends
 * this peer's commands as events, and gives undo/redo per author: the engine computes an actor's
 * stacks from that actor's own events only, so a co-author's edits never enter the local stack.
 */
import * as Y from 'yjs';
import {
  apply,
  makeEvent,
  redo as engineRedo,
  undo as engineUndo,
  type CommandInput,
  type Draft,
  type DraftEvent,
  type EventOrigin,
  type Rejection,
} from '@sabaq/engine';
import {
  hasBase,
  logOf,
  overlayRich,
  readBase,
  richOf,
  richValue,
  type Fold,
  type RejectedEvent,
} from './doc.js';
import { richKey, writeRichText, RICH_FIELDS, type RichField } from './rich.js';
import { CHECKPOINT_EVERY, Checkpoints } from './checkpoints.js';

export interface CollabDraftOptions {
  /** The local author (user id as a string); stamped on every event this peer appends. */
  actor: string;
  /** Event ids; default: this doc's client id, a counter and a random part. */
  newId?: () => string;
  /** Event times (informational; the fold never reads them). */
  now?: () => string;
  /** Events between two fold checkpoints (default 32; tests use small values). */
  checkpointEvery?: number;
}

export type BatchResult =
  { ok: true; events: DraftEvent[] } | { ok: false; index: number; rejection: Rejection };

export type CommandResult =
  { ok: true; event: DraftEvent } | { ok: false; rejection: Rejection; event?: DraftEvent };

/** Origin of the transactions this class makes (providers and undo managers can tell them). */
export const LOCAL_ORIGIN = Symbol('sabaq-collab-local');

export class CollabDraft {
  readonly doc: Y.Doc;
  readonly actor: string;
  private readonly newId: () => string;
  private readonly now: () => string;
  private fold: Fold | null = null;
  /** Events appended after `fold`, folded when the draft is next read (lazily: many remote
   * updates between two renders cost one pass). */
  private pending: unknown[] = [];
  /** Where an insertion in the middle of the log refolds from. */
  private readonly checkpoints: Checkpoints;
  private view: Draft | null = null;
  private readonly listeners = new Set<(draft: Draft) => void>();
  private readonly onLog: (e: Y.YArrayEvent<unknown>) => void;
  private readonly onRich: () => void;
  private readonly onMeta: () => void;

  constructor(doc: Y.Doc, opts: CollabDraftOptions) {
    this.doc = doc;
    this.actor = opts.actor;
    this.checkpoints = new Checkpoints(Math.max(1, opts.checkpointEvery ?? CHECKPOINT_EVERY));
    let n = 0;
    const prefix = `${doc.clientID.toString(36)}${Math.floor(Math.random() * 2 ** 31).toString(36)}`;
    this.newId = opts.newId ?? (() => `${prefix}-${(++n).toString(36)}`);
    this.now = opts.now ?? (() => new Date().toISOString());
    this.onLog = (e) => {
      this.noteChange(e);
      this.view = null;
      this.emit();
    };
    this.onRich = () => {
      this.view = null;
      this.emit();
    };
    this.onMeta = () => {
      // The base arrived (first sync) or changed: everything is folded again.
      this.reset();
      this.view = null;
      this.emit();
    };
    logOf(doc).observe(this.onLog);
    richOf(doc).observeDeep(this.onRich);
    doc.getMap('meta').observe(this.onMeta);
  }

  /** False until the doc has its base (before the first sync with the server). */
  get ready(): boolean {
    return hasBase(this.doc);
  }

  private noteChange(e: Y.YArrayEvent<unknown>): void {
    const prev = this.fold;
    if (!prev || !hasBase(this.doc)) {
      this.reset();
      return;
    }
    // Where the change starts: the log is append-only, so a change is insertions only.
    let retain = 0;
    let first: number | null = null;
    let inserted: unknown[] = [];
    let ok = true;
    for (const op of e.changes.delta) {
      if (op.retain !== undefined) retain += op.retain;
      else if (op.insert !== undefined && Array.isArray(op.insert)) {
        first ??= retain;
        inserted = op.insert;
        retain += op.insert.length;
      } else ok = false;
    }
    if (!ok) return this.reset();
    if (first === null) return;
    const known = prev.length + this.pending.length;
    if (first === known && retain === known + inserted.length) {
      // Appended at the end: fold only the new events.
      for (const x of inserted) this.pending.push(x);
      return;
    }
    // Inserted before events already seen (a concurrent edit): back to the last checkpoint
    // at or before the insertion, and fold the log from there when next read.
    this.fold = this.checkpoints.rewind(first, prev, readBase(this.doc).draft);
    this.pending = logOf(this.doc).slice(this.fold.length);
  }

  private reset(): void {
    this.fold = null;
    this.pending = [];
    this.checkpoints.clear();
  }

  private currentFold(): Fold {
    if (!this.fold) {
      this.checkpoints.clear();
      this.fold = { draft: readBase(this.doc).draft, length: 0, rejected: [] };
      this.pending = logOf(this.doc).toArray();
    }
    if (this.pending.length > 0) this.fold = this.checkpoints.fold(this.fold, this.pending);
    this.pending = [];
    return this.fold;
  }

  /** Events folded over this peer's life (how much work the incremental fold did). */
  get foldedEvents(): number {
    return this.checkpoints.foldedEvents;
  }

  /** The draft as it stands on this peer (log folded, rich text from the fragments). */
  get draft(): Draft {
    this.view ??= overlayRich(this.currentFold().draft, richOf(this.doc));
    return this.view;
  }

  /** Events of the log the fold rejected (on every peer alike). */
  get rejected(): readonly RejectedEvent[] {
    return this.currentFold().rejected;
  }

  /** Calls `fn` after every change of the draft (local or remote). */
  subscribe(fn: (draft: Draft) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(): void {
    if (this.listeners.size === 0) return;
    const d = this.ready ? this.draft : null;
    if (d) for (const fn of this.listeners) fn(d);
  }

  private event(command: CommandInput, origin?: DraftEvent['origin']): DraftEvent {
    return makeEvent(command, {
      id: this.newId(),
      actor: this.actor,
      at: this.now(),
      ...(origin ? { origin } : {}),
    });
  }

  /**
   * Applies a command: refused locally when it does not apply to the current draft (nothing is
   * appended), else appended as this actor's event. Rich-text commands also rewrite the field's
   * fragment, and a duplicated module gets copies of its source's fragments, in one transaction.
   */
  apply(command: CommandInput): CommandResult {
    const r = this.applyAll([command]);
    return r.ok ? { ok: true, event: r.events[0]! } : { ok: false, rejection: r.rejection };
  }

  /**
   * Applies commands all-or-nothing: on the first one that does not apply, nothing is appended
   * and its index and rejection are returned. Otherwise they are appended in one transaction
   * (co-authors receive them together). `origin` marks them as an undo or redo.
   */
  applyAll(commands: readonly CommandInput[], origin?: EventOrigin): BatchResult {
    let draft = this.currentFold().draft;
    const events: DraftEvent[] = [];
    for (const [index, command] of commands.entries()) {
      const r = apply(draft, command);
      if (!r.ok) return { ok: false, index, rejection: r.rejection };
      draft = r.draft;
      events.push(this.event(r.command, origin));
    }
    if (events.length === 0) return { ok: true, events };
    this.doc.transact(() => {
      logOf(this.doc).push(events);
      for (const e of events) this.afterCommand(e);
    }, LOCAL_ORIGIN);
    return { ok: true, events };
  }

  /** Keeps fragments in step with commands that set or copy rich text. */
  private afterCommand(event: DraftEvent): void {
    const c = event.command;
    const rich = richOf(this.doc);
    const set = (
      moduleId: string,
      field: RichField,
      value: Parameters<typeof writeRichText>[1],
    ) => {
      const frag = rich.get(richKey(moduleId, field));
      if (frag) writeRichText(frag, value);
    };
    if (c.type === 'module/setContent') set(c.moduleId, 'content', c.content);
    else if (c.type === 'module/setDescription') set(c.moduleId, 'description', c.description);
    else if (c.type === 'module/setHint') set(c.moduleId, 'solution', c.solution);
    else if (c.type === 'module/duplicate') {
      const src = this.draft;
      for (const p of src.pages)
        for (const m of p.modules)
          if (m.id === c.moduleId)
            for (const f of RICH_FIELDS) {
              if (!rich.has(richKey(m.id, f))) continue;
              const frag = new Y.XmlFragment();
              rich.set(richKey(c.newModuleId, f), frag);
              writeRichText(frag, richValue(m, f));
            }
    }
  }

  /**
   * The fragment a rich-text editor binds to, created (and filled from the draft) on first use.
   * Two peers creating it at the same moment end with one of the two on both sides; the
   * `rich` map's change tells the other editor to rebind (see `onFragmentReplaced`).
   */
  fragment(moduleId: string, field: RichField): Y.XmlFragment {
    const rich = richOf(this.doc);
    const key = richKey(moduleId, field);
    const existing = rich.get(key);
    if (existing instanceof Y.XmlFragment) return existing;
    let value = null;
    for (const p of this.draft.pages)
      for (const m of p.modules) if (m.id === moduleId) value = richValue(m, field);
    const frag = new Y.XmlFragment();
    this.doc.transact(() => {
      rich.set(key, frag);
      writeRichText(frag, value);
    }, LOCAL_ORIGIN);
    return frag;
  }

  /** Calls `fn` when the fragment under `moduleId/field` is replaced by a concurrent seed. */
  onFragmentReplaced(moduleId: string, field: RichField, fn: (frag: Y.XmlFragment) => void) {
    const key = richKey(moduleId, field);
    const rich = richOf(this.doc);
    const h = (e: Y.YMapEvent<Y.XmlFragment>) => {
      if (!e.keysChanged.has(key)) return;
      const f = rich.get(key);
      if (f instanceof Y.XmlFragment) fn(f);
    };
    rich.observe(h);
    return () => rich.unobserve(h);
  }

  /** Undo this actor's latest edit (remote authors' events are never on this stack). */
  undo(): CommandResult | null {
    return this.step('undo');
  }
  redo(): CommandResult | null {
    return this.step('redo');
  }
  get canUndo(): boolean {
    return this.ready && engineUndo(logOf(this.doc).toArray(), this.actor, this.baseOpt()) !== null;
  }
  get canRedo(): boolean {
    return this.ready && engineRedo(logOf(this.doc).toArray(), this.actor, this.baseOpt()) !== null;
  }

  private baseOpt() {
    return { base: readBase(this.doc).draft };
  }

  private step(kind: 'undo' | 'redo'): CommandResult | null {
    const log = logOf(this.doc).toArray();
    const s = (kind === 'undo' ? engineUndo : engineRedo)(log, this.actor, this.baseOpt());
    if (!s) return null;
    // Appended even when it no longer applies (its target vanished under a co-author's edit):
    // the engine then counts it as consumed, so the next undo moves on instead of sticking.
    const event = this.event(s.command, s.origin);
    const r = apply(this.currentFold().draft, s.command);
    this.doc.transact(() => {
      logOf(this.doc).push([event]);
      if (r.ok) this.afterCommand(event);
    }, LOCAL_ORIGIN);
    return r.ok ? { ok: true, event } : { ok: false, rejection: r.rejection, event };
  }

  destroy(): void {
    logOf(this.doc).unobserve(this.onLog);
    richOf(this.doc).unobserveDeep(this.onRich);
    this.doc.getMap('meta').unobserve(this.onMeta);
    this.listeners.clear();
  }
}
