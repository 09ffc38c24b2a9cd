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
import { Checkpoints } from './checkpoints.js';
import { logOf, overlayRich, readBase, richOf, type Fold } from './doc.js';

export class LogFolder {
  private events: unknown[] = [];
  private fold: Fold | null = null;
  private baseRaw: unknown = undefined;
  private readonly checkpoints: Checkpoints;

  constructor(
    private readonly doc: Y.Doc,
    every?: number,
  ) {
    this.checkpoints = new Checkpoints(every);
  }

  /** Events folded over this folder's life (how much work it did). */
  get foldedEvents(): number {
    return this.checkpoints.foldedEvents;
  }

  /** The doc's draft now: the log folded onto the base, rich text from the fragments. */
  draft(): Draft {
    const raw = this.doc.getMap('meta').get('base');
    const base = readBase(this.doc);
    if (raw !== this.baseRaw || !this.fold) {
      // First call, or the base changed: start over.
      this.baseRaw = raw;
      this.events = [];
      this.checkpoints.clear();
      this.fold = { draft: base.draft, length: 0, rejected: [] };
    }
    const now = logOf(this.doc).toArray();
    let same = 0;
    const max = Math.min(now.length, this.events.length);
    while (same < max && now[same] === this.events[same]) same++;
    let fold = this.fold;
    if (same < fold.length) fold = this.checkpoints.rewind(same, fold, base.draft);
    this.fold = this.checkpoints.fold(fold, now.slice(fold.length));
    this.events = now;
    return overlayRich(this.fold.draft, richOf(this.doc));
  }
}
