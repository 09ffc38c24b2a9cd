/**
 * The event log: events are commands plus who/when; the draft is a fold of the log.
 * `replay` folds on a private copy, mutating it in place (no immer proxies on the hot path), and
 * freezes the result: callers see the same pure behaviour as a chain of `apply` calls (a
 * property test checks the two agree), at a fraction of the cost.
 */
import { freeze } from 'immer';
import { z } from 'zod';
import { CommandSchema, type Command } from './commands/types.js';
import { adoptIndex, parseCommand, parseCommandUnbranded } from './apply.js';
import { isValidatedCommand } from './brand.js';
import { createDraft, DraftSchema, IdSchema, SCHEMA_VERSION, type Draft } from './model.js';
import { cloneJson } from './reducer/clone.js';
import { buildIndex, type Ctx, type Rejection } from './reducer/context.js';
import { dispatch } from './reducer/dispatch.js';

export const EventOriginSchema = z.object({
  kind: z.enum(['undo', 'redo']),
  /** The event whose effect this one undoes (or redoes). */
  of: IdSchema,
});
export type EventOrigin = z.infer<typeof EventOriginSchema>;

export const EventSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  id: IdSchema,
  /** Who issued it (user id); undo/redo stacks are per actor. */
  actor: IdSchema,
  /** ISO 8601 time it was issued; informational only (the fold never reads it). */
  at: z.iso.datetime({ offset: true }),
  command: CommandSchema,
  origin: EventOriginSchema.optional(),
});
export type DraftEvent = z.infer<typeof EventSchema>;
/** An event before defaults are filled in (what a client may build). */
export type DraftEventInput = z.input<typeof EventSchema>;

export const SnapshotSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  /** How many events of the log are folded into `draft`. */
  eventCount: z.number().int().min(0),
  draft: DraftSchema,
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

/** Default snapshot interval. */
export const SNAPSHOT_EVERY = 500;

export interface ReplayOptions {
  /** Start from this draft or snapshot instead of the log's `draft/create` event. A snapshot's
   * events are NOT in `events`: `events` is the tail after it. */
  base?: Draft | Snapshot;
  /** Take a snapshot every K events (counted from the log's start). */
  snapshotEvery?: number;
  /** Called after each event with the outcome; `inverse` is set when `collectInverses`. */
  onEvent?: (info: EventOutcome) => void;
  collectInverses?: boolean;
}

export type EventOutcome =
  | { position: number; event: unknown; ok: true; command: Command; inverse: Command | null }
  | { position: number; event: unknown; ok: false; rejection: Rejection };

export interface ReplayResult {
  draft: Draft;
  /** Events folded in (applied or rejected), counted from the log's start. */
  eventCount: number;
  applied: number;
  rejected: Array<{ position: number; eventId: string | null; rejection: Rejection }>;
  snapshots: Snapshot[];
}

/** The log cannot be folded at all (no base and no `draft/create` first). */
export class LogError extends Error {
  readonly code = 'no_create' as const;
  constructor(message: string) {
    super(message);
    this.name = 'LogError';
  }
}

function isSnapshot(b: Draft | Snapshot): b is Snapshot {
  return 'eventCount' in b && 'draft' in b;
}

function eventId(e: unknown): string | null {
  if (typeof e === 'object' && e !== null && typeof (e as { id?: unknown }).id === 'string')
    return (e as { id: string }).id;
  return null;
}

/** The command inside an event envelope, if the envelope is sound enough to carry one. */
function commandOf(e: unknown): unknown {
  if (typeof e !== 'object' || e === null) return undefined;
  return (e as { command?: unknown }).command;
}

/**
 * Folds `events` into a draft. Without `base`, the first event must be `draft/create`. Junk
 * events (bad envelope or command, vanished targets) are rejected and listed, never thrown.
 */
export function replay(events: readonly unknown[], opts: ReplayOptions = {}): ReplayResult {
  let d: Draft;
  let offset = 0;
  let i = 0;
  const rejected: ReplayResult['rejected'] = [];
  if (opts.base) {
    if (isSnapshot(opts.base)) {
      d = cloneJson(opts.base.draft);
      offset = opts.base.eventCount;
    } else d = cloneJson(opts.base);
  } else {
    const first = parseCommand(commandOf(events[0]));
    if (!first.ok || first.command.type !== 'draft/create')
      throw new LogError('the log must start with a draft/create event (or pass a base)');
    d = createDraft(first.command.init);
    i = 1;
    opts.onEvent?.({
      position: 0,
      event: events[0],
      ok: true,
      command: first.command,
      inverse: null,
    });
  }
  const ctx: Ctx = {
    index: buildIndex(d),
    mode: 'mutable',
    wantInverse: opts.collectInverses === true,
  };
  const every = opts.snapshotEvery ?? 0;
  const snapshots: Snapshot[] = [];
  let applied = 0;
  // Commands the engine already validated (events from `makeEvent`/`parseEvent`, commands from
  // `apply`) skip zod; everything else is parsed. A freshly parsed command is branded (frozen)
  // only when it escapes through `onEvent`: otherwise nobody can reach it after the fold.
  const check = opts.onEvent ? parseCommand : parseCommandUnbranded;
  for (; i < events.length; i++) {
    const e = events[i];
    const raw = commandOf(e);
    const position = offset + i;
    // The branded case inline: no result object per event on the hot path.
    let command: Command | null = isValidatedCommand(raw) ? raw : null;
    if (command === null) {
      const parsed = check(raw);
      if (parsed.ok) command = parsed.command;
      else {
        rejected.push({ position, eventId: eventId(e), rejection: parsed.rejection });
        opts.onEvent?.({ position, event: e, ok: false, rejection: parsed.rejection });
      }
    }
    if (command !== null) {
      let out;
      try {
        out = dispatch(d, command, ctx);
      } catch (err) {
        // Cannot happen unless a handler has a bug; the copy may be half-written, so stop here
        // rather than fold further events into a broken state.
        throw new Error(
          `engine bug at event ${position}: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      if (out.ok) {
        applied++;
        opts.onEvent?.({
          position,
          event: e,
          ok: true,
          command,
          inverse: ctx.wantInverse ? out.inverse : null,
        });
      } else {
        rejected.push({ position, eventId: eventId(e), rejection: out.rejection });
        opts.onEvent?.({ position, event: e, ok: false, rejection: out.rejection });
      }
    }
    if (every > 0 && (position + 1) % every === 0)
      snapshots.push({
        schemaVersion: SCHEMA_VERSION,
        eventCount: position + 1,
        draft: freeze(cloneJson(d), true),
      });
  }
  freeze(d, true);
  adoptIndex(d, ctx.index);
  return { draft: d, eventCount: offset + events.length, applied, rejected, snapshots };
}

/** A snapshot of `replay(events)`. */
export function takeSnapshot(events: readonly unknown[], opts: ReplayOptions = {}): Snapshot {
  const r = replay(events, opts);
  return { schemaVersion: SCHEMA_VERSION, eventCount: r.eventCount, draft: r.draft };
}

/**
 * Time travel: the draft after the first `n` events (`n` ≤ 1 gives the draft as created; `n`
 * past the end gives the latest). With `snapshots` (from `replay`'s
 * `snapshotEvery`), folding starts at the latest snapshot at or before `n`.
 */
export function stateAt(
  events: readonly unknown[],
  n: number,
  snapshots: readonly Snapshot[] = [],
): Draft {
  const upto = Math.max(0, Math.min(n, events.length));
  let best: Snapshot | undefined;
  for (const s of snapshots)
    if (s.eventCount <= upto && (!best || s.eventCount > best.eventCount)) best = s;
  if (best) return replay(events.slice(best.eventCount, upto), { base: best }).draft;
  return replay(events.slice(0, Math.max(1, upto))).draft;
}

/** Opens a draft from a snapshot plus the events after it. */
export function openDraft(snapshot: Snapshot, tail: readonly unknown[]): ReplayResult {
  return replay(tail, { base: snapshot });
}

// ---------------------------------------------------------------------------------------------
// Undo / redo, per author. Both append events; the log is never rewritten. An actor's stacks
// hold only their own applied events, so a co-author's edits are never undone by someone else.

export interface UndoStep {
  /** Append this command as a new event of the same actor, with `origin`. */
  command: Command;
  origin: EventOrigin;
}

interface Entry {
  eventId: string;
  inverse: Command;
}

function removeEntry(stack: Entry[], id: string): Entry | undefined {
  for (let i = stack.length - 1; i >= 0; i--) {
    if (stack[i]!.eventId === id) return stack.splice(i, 1)[0];
  }
  return undefined;
}

/** Undo and redo stacks of one actor after folding `log`. */
export function historyOf(
  log: readonly unknown[],
  actor: string,
  opts: Pick<ReplayOptions, 'base'> = {},
): { undo: UndoStep[]; redo: UndoStep[] } {
  const undo: Entry[] = [];
  const redo: Entry[] = [];
  replay(log, {
    ...opts,
    collectInverses: true,
    onEvent: (o) => {
      const e = o.event as Partial<DraftEvent> | null;
      if (!e || e.actor !== actor || typeof e.id !== 'string') return;
      const origin = EventOriginSchema.safeParse(e.origin);
      if (o.ok && o.command.type === 'draft/create') return;
      if (origin.success) {
        // An undo/redo consumes its target even when it was rejected (the target vanished
        // under a co-author's edit), so the next undo moves on instead of getting stuck.
        if (origin.data.kind === 'undo') {
          removeEntry(undo, origin.data.of);
          if (o.ok && o.inverse) redo.push({ eventId: e.id, inverse: o.inverse });
        } else {
          removeEntry(redo, origin.data.of);
          if (o.ok && o.inverse) undo.push({ eventId: e.id, inverse: o.inverse });
        }
        return;
      }
      if (o.ok && o.inverse) {
        undo.push({ eventId: e.id, inverse: o.inverse });
        redo.length = 0;
      }
    },
  });
  const steps = (s: Entry[], kind: 'undo' | 'redo'): UndoStep[] =>
    s.map((x) => ({ command: x.inverse, origin: { kind, of: x.eventId } })).reverse();
  return { undo: steps(undo, 'undo'), redo: steps(redo, 'redo') };
}

/** The step with its command validated and branded, so appending it and folding it again skips
 * zod. Inverses are built by the handlers and always valid; one that is not (a bug) is handed
 * back unbranded and is validated — and rejected — on fold like any other command. */
function validatedStep(step: UndoStep | undefined): UndoStep | null {
  if (!step) return null;
  const parsed = parseCommand(step.command);
  return parsed.ok ? { command: parsed.command, origin: step.origin } : step;
}

/** What `actor` appends to undo their latest edit, or null when there is nothing to undo. */
export function undo(
  log: readonly unknown[],
  actor: string,
  opts: Pick<ReplayOptions, 'base'> = {},
): UndoStep | null {
  return validatedStep(historyOf(log, actor, opts).undo[0]);
}

/** What `actor` appends to redo their latest undo, or null. */
export function redo(
  log: readonly unknown[],
  actor: string,
  opts: Pick<ReplayOptions, 'base'> = {},
): UndoStep | null {
  return validatedStep(historyOf(log, actor, opts).redo[0]);
}

/**
 * Builds a full event (envelope + command). A valid command is stored validated (defaults filled
 * in), deep-frozen and branded, so folding the event skips zod; an invalid one is stored as
 * given and is rejected on fold, exactly as it would be from JSON.
 */
export function makeEvent(
  command: Command | z.input<typeof CommandSchema>,
  meta: { id: string; actor: string; at: string; origin?: EventOrigin },
): DraftEvent {
  const parsed = parseCommand(command);
  const e: DraftEvent = {
    schemaVersion: SCHEMA_VERSION,
    id: meta.id,
    actor: meta.actor,
    at: meta.at,
    command: parsed.ok ? parsed.command : (command as Command),
  };
  if (meta.origin) e.origin = meta.origin;
  return e;
}
