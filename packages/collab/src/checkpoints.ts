/**
 * Checkpointed folding, shared by `CollabDraft` (every peer) and `LogFolder` (the server): the
 * fold is recorded every `every` events (drafts are immutable and share structure, so a
 * checkpoint costs little), so a change in the middle of the log — a concurrent edit landing
 * just before the newest events — refolds from the last checkpoint before it, not from the
 * start.
 */
import type { Draft } from '@sabaq/engine';
import { foldMore, type Fold } from './doc.js';

interface Checkpoint {
  /** Events folded. */
  length: number;
  draft: Draft;
  /** How many rejections the fold had by then (they are in log order). */
  rejected: number;
}

/** Default spacing (events): a refold after a concurrent insertion folds at most this many
 * events more than the insertion itself needs. */
export const CHECKPOINT_EVERY = 32;

export class Checkpoints {
  private list: Checkpoint[] = [];
  /** Events folded over this object's life (how much work the incremental fold did). */
  foldedEvents = 0;

  constructor(readonly every: number = CHECKPOINT_EVERY) {}

  clear(): void {
    this.list = [];
  }

  /**
   * The fold to continue from when the log changed at `position`: the last checkpoint at or
   * before it (later ones are dropped), or the base. `fold` is the current one (its rejections
   * before the checkpoint carry over).
   */
  rewind(position: number, fold: Fold, base: Draft): Fold {
    while (this.list.length > 0 && this.list.at(-1)!.length > position) this.list.pop();
    const cp = this.list.at(-1) ?? { length: 0, draft: base, rejected: 0 };
    return { draft: cp.draft, length: cp.length, rejected: fold.rejected.slice(0, cp.rejected) };
  }

  /** Folds `events` (the log after `fold`) in stretches that end on checkpoint boundaries,
   * recording each boundary's fold. */
  fold(fold: Fold, events: readonly unknown[]): Fold {
    let i = 0;
    while (i < events.length) {
      const step = Math.min(events.length - i, this.every - (fold.length % this.every));
      fold = foldMore(fold, events.slice(i, i + step));
      i += step;
      this.foldedEvents += step;
      if (fold.length % this.every === 0)
        this.list.push({ length: fold.length, draft: fold.draft, rejected: fold.rejected.length });
    }
    return fold;
  }
}
