/**
 * `apply(draft, command)`: pure, total, deterministic. Junk in gives a typed rejection and the
 * same draft back; it never throws. Structural sharing comes from immer.
 */
import { produce } from 'immer';
import type { z } from 'zod';
import { CommandSchema, type Command } from './commands/types.js';
import type { Draft } from './model.js';
import {
  buildIndex,
  type Ctx,
  type IdIndex,
  type Outcome,
  type Rejection,
} from './reducer/context.js';
import { dispatch } from './reducer/dispatch.js';
import { brandValidated, isValidatedCommand } from './brand.js';

export type ApplyResult =
  | {
      ok: true;
      draft: Draft;
      /** The command that undoes this one on the resulting draft. */
      inverse: Command;
      /** The validated command (defaults filled in). */
      command: Command;
    }
  | { ok: false; rejection: Rejection };

/**
 * The id index of the latest draft `apply` produced, handed from draft to draft so a chain of
 * applies does not rebuild it. The index moves to the new draft (the old one loses its entry:
 * the index was updated in place); applying to any other draft rebuilds it.
 */
const indexCache = new WeakMap<Draft, IdIndex>();

function issuePath(issue: z.core.$ZodIssue | undefined): string | undefined {
  if (!issue || issue.path.length === 0) return undefined;
  return issue.path.map(String).join('.');
}

/**
 * Validates an unknown value as a command; the rejection names the first bad field. A command
 * the engine already validated and froze (see `brand.ts`) is returned as is; any other accepted
 * command comes back frozen and branded, so handing it on (into a log, to `apply`) never pays
 * for validation again.
 */
export function parseCommand(
  command: unknown,
): { ok: true; command: Command } | { ok: false; rejection: Rejection } {
  if (isValidatedCommand(command)) return { ok: true, command };
  return parseCommandFresh(command);
}

/** Cost of one zod parse, without branding (replay's JSON path folds commands nobody keeps). */
export function parseCommandUnbranded(
  command: unknown,
): { ok: true; command: Command } | { ok: false; rejection: Rejection } {
  if (isValidatedCommand(command)) return { ok: true, command };
  return zodParse(command);
}

function parseCommandFresh(
  command: unknown,
): { ok: true; command: Command } | { ok: false; rejection: Rejection } {
  const r = zodParse(command);
  if (r.ok) brandValidated(r.command);
  return r;
}

function zodParse(
  command: unknown,
): { ok: true; command: Command } | { ok: false; rejection: Rejection } {
  let parsed: ReturnType<typeof CommandSchema.safeParse>;
  try {
    parsed = CommandSchema.safeParse(command);
  } catch {
    // zod does not throw on data, but a hostile getter or proxy could; junk never escapes.
    return { ok: false, rejection: { code: 'invalid_payload', message: 'unreadable command' } };
  }
  if (parsed.success) return { ok: true, command: parsed.data };
  const first = parsed.error.issues[0];
  const rejection: Rejection = {
    code: 'invalid_payload',
    message: first ? first.message : 'invalid command',
  };
  const path = issuePath(first);
  if (path !== undefined) rejection.path = path;
  return { ok: false, rejection };
}

export function apply(draft: Draft, command: unknown): ApplyResult {
  const parsed = parseCommand(command);
  if (!parsed.ok) return parsed;
  return applyCommand(draft, parsed.command);
}

/** `apply` for a command already validated by `CommandSchema`. */
export function applyCommand(draft: Draft, command: Command): ApplyResult {
  let index: IdIndex;
  try {
    index = indexCache.get(draft) ?? buildIndex(draft);
  } catch {
    // Not a draft at all (typed callers cannot get here; untyped ones can).
    return { ok: false, rejection: { code: 'invalid_payload', message: 'not a draft' } };
  }
  indexCache.delete(draft);
  const ctx: Ctx = { index, mode: 'immer', wantInverse: true };
  let out: Outcome | undefined;
  let next: Draft;
  try {
    next = produce(draft, (d) => {
      out = dispatch(d as Draft, command, ctx);
    });
  } catch (e) {
    // A bug, not the caller's fault: report it as a rejection rather than crash the caller.
    // The index may be half-updated, so it is dropped.
    return {
      ok: false,
      rejection: { code: 'internal_error', message: e instanceof Error ? e.message : String(e) },
    };
  }
  if (!out || !out.ok) {
    indexCache.set(draft, index);
    return out ?? { ok: false, rejection: { code: 'internal_error', message: 'no outcome' } };
  }
  indexCache.set(next, index);
  return { ok: true, draft: next, inverse: out.inverse, command };
}

/** Hands a freshly built index to a draft (replay does this so the next apply is fast). */
export function adoptIndex(draft: Draft, index: IdIndex): void {
  indexCache.set(draft, index);
}

/** The cached id index of a draft, if any (tests compare it with a rebuilt one). */
export function cachedIndex(draft: Draft): IdIndex | undefined {
  return indexCache.get(draft);
}
