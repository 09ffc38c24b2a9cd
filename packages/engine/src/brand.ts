/**
 * Commands the engine itself validated with zod and deep-froze. `apply` and `replay` skip the
 * zod parse for exactly these objects: validation is a third of a replay's time, and a log held
 * in memory (the editor's time travel, undo, collab folding) is re-folded again and again.
 *
 * Soundness rests on two things: membership can only be granted here, right after a successful
 * `CommandSchema` parse, and the object is frozen first (deeply), so a branded command cannot
 * change after it was validated. Anything else — plain objects from callers, JSON, structurally
 * equal copies, junk — is validated exactly as before. A WeakSet keeps no command alive.
 */
import { freeze } from 'immer';
import type { Command } from './commands/types.js';

const validated = new WeakSet<object>();

/** Freezes a command that `CommandSchema` just accepted and marks it validated. Only call with
 * the output of a successful parse. Note that zod passes rich-text JSON through by reference, so
 * the caller's rich-text objects inside the command are frozen too (immer freezes them anyway
 * once they enter a draft). */
export function brandValidated(command: Command): Command {
  freeze(command, true);
  validated.add(command);
  return command;
}

/** True for a command object the engine validated and froze (see `brandValidated`). */
export function isValidatedCommand(command: unknown): command is Command {
  return typeof command === 'object' && command !== null && validated.has(command);
}
