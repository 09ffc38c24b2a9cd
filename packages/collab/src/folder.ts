/**
 * `LogFolder`: the draft of a doc, folded on demand and kept between calls, for a reader that
 * looks rarely (the server materialises a draft about once a second) and must not pay on every
 * update the way an observer does. Each call compares the log with the events folded last time
 * by reference (Yjs hands out the same stored objects), so it finds where the log changed —
 * appended at the end, or a concurrent edit inserted a little before it — and refolds from the
 * last checkpoint before that point instead of from the start.
 */
import type * as Y from 'yjs';
import type { Draft } from '@sabaq/engine';
import { foldMore, logOf, overlayRich, readBase, richOf, type Fold } from './doc.js';

interface Checkpoint {
  length: number;
  draft: Draft;
  rejected: number;
}

export class LogFolder {
  private events: unknown[] = [];
  private fold: Fold | null = null;
  private checkpoints: Checkpoint[] = [];
  private baseRaw: unknown = undefined;
  /** Events folded over this folder's life (how much work it did). */
  foldedEvents = 0;

  constructor(
    private readonly doc: Y.Doc,
    private readonly every = 32,
  ) {}

  /** The doc's draft now: the log folded onto the base, rich text from the fragments. */
  draft(): Draft {
    const raw = this.doc.getMap('meta').get('base');
    const base = readBase(this.doc);
    if (raw !== this.baseRaw || !this.fold) {
      // First call, or the base changed: start over.
      this.baseRaw = raw;
      this.events = [];
      this.checkpoints = [];
      this.fold = { draft: base.draft, length: 0, rejected: [] };
    }
    const now = logOf(this.doc).toArray();
    let same = 0;
    const max = Math.min(now.length, this.events.length);
    while (same < max && now[same] === this.events[same]) same++;
    let fold = this.fold;
    if (same < fold.length) {
      while (this.checkpoints.length > 0 && this.checkpoints.at(-1)!.length > same)
        this.checkpoints.pop();
      const cp = this.checkpoints.at(-1) ?? { length: 0, draft: base.draft, rejected: 0 };
      fold = { draft: cp.draft, length: cp.length, rejected: fold.rejected.slice(0, cp.rejected) };
    }
    while (fold.length < now.length) {
      const step = Math.min(now.length - fold.length, this.every - (fold.length % this.every));
      fold = foldMore(fold, now.slice(fold.length, fold.length + step));
      this.foldedEvents += step;
      if (fold.length % this.every === 0)
        this.checkpoints.push({
          length: fold.length,
          draft: fold.draft,
          rejected: fold.rejected.length,
        });
    }
    this.fold = fold;
    this.events = now;
    return overlayRich(fold.draft, richOf(this.doc));
  }
}
