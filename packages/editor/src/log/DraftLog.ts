import {
  apply,
  makeEvent,
  redo as redoStep,
  replay,
  stateAt,
  undo as undoStep,
  SCHEMA_VERSION,
  type Command,
  type CommandInput,
  type Draft,
  type DraftEvent,
  type EventOrigin,
  type Rejection,
} from '@sabaq/engine';

/**
 * Where the editor's events come from and go to. The editor only reads `draft()`/`events()` and
 * calls `append`; a local log (below) and the collab engineer's Yjs-backed log both fit.
 */
export interface DraftLog {
  /** The user id that authors this client's events (undo/redo are per actor). */
  readonly actor: string;
  /** The draft the events fold onto. */
  base(): Draft;
  /** Events after `base()`, in log order (own and co-authors'). */
  events(): readonly DraftEvent[];
  /** `base()` with every event folded in. */
  draft(): Draft;
  /** Appends commands as events of `actor`. All-or-nothing: on the first rejection nothing is
   * appended and the rejection is returned (the editor shows it; the log stays consistent). */
  append(commands: readonly CommandInput[], origin?: EventOrigin): AppendResult;
  /** Called after every change of `events()` or `base()`; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export type AppendResult =
  { ok: true; events: DraftEvent[] } | { ok: false; index: number; rejection: Rejection };

export interface LocalLogOptions {
  actor: string;
  /** The base draft (with `events`: the draft they fold onto). */
  draft: Draft;
  /** Events already in the log (e.g. the server's history); folded onto `draft`. */
  events?: readonly DraftEvent[];
  /** Event ids; crypto.randomUUID by default. */
  newId?: () => string;
  now?: () => Date;
}

/** An in-memory log: the single-user editor and the server save flow use it. */
export interface LocalDraftLog extends DraftLog {
  /** Called with the applied commands of each successful `append` (the save flow listens). */
  onAppend(listener: (commands: Command[]) => void): () => void;
  /** After the server answered a stale save with a newer draft: that draft becomes the base and
   * `commands` (the local edits replayed on it) the events. History before it is folded in. */
  rebase(draft: Draft, commands: readonly Command[]): void;
  /** The server accepted everything so far: its draft becomes the base, history is kept. */
  confirm(serverDraft: Draft): void;
}

export function newId(): string {
  return globalThis.crypto.randomUUID();
}

export function createLocalDraftLog(opts: LocalLogOptions): LocalDraftLog {
  const make = opts.newId ?? newId;
  const now = opts.now ?? (() => new Date());
  let base = opts.draft;
  let events: DraftEvent[] = [...(opts.events ?? [])];
  let current = events.length > 0 ? replay(events, { base }).draft : base;
  const listeners = new Set<() => void>();
  const appendListeners = new Set<(c: Command[]) => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };

  return {
    actor: opts.actor,
    base: () => base,
    events: () => events,
    draft: () => current,
    append(commands, origin) {
      let d = current;
      const added: DraftEvent[] = [];
      const applied: Command[] = [];
      for (const [index, c] of commands.entries()) {
        const res = apply(d, c);
        if (!res.ok) return { ok: false, index, rejection: res.rejection };
        d = res.draft;
        applied.push(res.command);
        const meta = { id: make(), actor: opts.actor, at: now().toISOString() };
        added.push(makeEvent(res.command, origin ? { ...meta, origin } : meta));
      }
      if (added.length === 0) return { ok: true, events: [] };
      current = d;
      events = [...events, ...added];
      for (const l of [...appendListeners]) l(applied);
      notify();
      return { ok: true, events: added };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onAppend(listener) {
      appendListeners.add(listener);
      return () => appendListeners.delete(listener);
    },
    rebase(draft, commands) {
      base = draft;
      const at = now().toISOString();
      const fresh = commands.map((c) => makeEvent(c, { id: make(), actor: opts.actor, at }));
      const res = replay(fresh, { base: draft });
      events = fresh;
      current = res.draft;
      notify();
    },
    confirm(serverDraft) {
      // The server folded the same commands on the same state; its version is authoritative.
      if (serverDraft.version === current.version) return;
      base = serverDraft;
      events = [];
      current = serverDraft;
      notify();
    },
  };
}

/** The draft after the first `n` events of `log` (time travel). */
export function draftAt(log: Pick<DraftLog, 'base' | 'events'>, n: number): Draft {
  const base = log.base();
  if (n <= 0) return base;
  return stateAt(log.events(), n, [{ schemaVersion: SCHEMA_VERSION, eventCount: 0, draft: base }]);
}

/** Appends the undo of this actor's latest edit; false when there is nothing to undo. */
export function undoLast(log: DraftLog): boolean {
  const step = undoStep(log.events(), log.actor, { base: log.base() });
  if (!step) return false;
  return log.append([step.command], step.origin).ok;
}

export function redoLast(log: DraftLog): boolean {
  const step = redoStep(log.events(), log.actor, { base: log.base() });
  if (!step) return false;
  return log.append([step.command], step.origin).ok;
}

/**
 * Restores the draft as it was after the first `n` events, as new events: the inverses of the
 * later events, newest first. Nothing is rewritten, so the restore itself can be undone.
 */
export function restoreTo(log: DraftLog, n: number): AppendResult {
  const inverses: Command[] = [];
  const later = log.events().length - n;
  if (later <= 0) return { ok: true, events: [] };
  replay(log.events(), {
    base: log.base(),
    collectInverses: true,
    onEvent: (o) => {
      if (o.position >= n && o.ok && o.inverse) inverses.push(o.inverse);
    },
  });
  return log.append(inverses.reverse());
}
