/**
 * Write-behind shared by every room of a process: updates queue per draft and are written
 * together — one merged row per draft, all drafts in one multi-row INSERT — after a short quiet
 * time (bounded by a maximum delay). One statement per tick instead of one per draft spares the
 * embedded database (one connection, on its own thread). A failed batch falls back to per-draft
 * writes, each retried with backoff up to the cap.
 */
import * as Y from 'yjs';
import type { Queryable } from '../db/db';

export interface WriterOptions {
  flushDebounceMs: number;
  flushMaxDelayMs: number;
  maxRetries: number;
  retryBaseMs: number;
}

/** What the writer needs of a room. */
export interface WritableRoom {
  readonly draftId: string;
  readonly doc: Y.Doc;
  /** Stored: `sv` covers everything the room had applied when its batch was taken. */
  afterWrite(sv: Uint8Array): void;
  /** Gave up after the retry cap; the batch is queued again for a last attempt at close. */
  writeFailed(err: unknown): void;
}

interface Row {
  room: WritableRoom;
  updates: Uint8Array[];
  data: Uint8Array;
  sv: Uint8Array;
}

export class BatchWriter {
  private pending = new Map<WritableRoom, Uint8Array[]>();
  private firstQueuedAt = 0;
  private lastQueuedAt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    private readonly opts: WriterOptions,
  ) {}

  enqueue(room: WritableRoom, update: Uint8Array): void {
    const now = Date.now();
    if (this.pending.size === 0) this.firstQueuedAt = now;
    this.lastQueuedAt = now;
    const list = this.pending.get(room);
    if (list) list.push(update);
    else this.pending.set(room, [update]);
    // One timer per quiet period, not one per update: when it fires it checks whether the
    // queue has really been quiet (or waited long enough) and otherwise waits the rest.
    this.timer ??= setTimeout(this.onTimer, this.opts.flushDebounceMs);
  }

  private readonly onTimer = () => {
    this.timer = null;
    if (this.pending.size === 0) return;
    const now = Date.now();
    const quietFor = now - this.lastQueuedAt;
    const waited = now - this.firstQueuedAt;
    const wait = Math.min(this.opts.flushDebounceMs - quietFor, this.opts.flushMaxDelayMs - waited);
    if (wait > 0) this.timer = setTimeout(this.onTimer, wait);
    else void this.flush().catch(() => undefined);
  };

  /** Writes everything queued so far; resolves once it is stored (rejects past the cap). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // Serialised, so each room's `saved` state vectors only ever grow.
    this.writing = this.writing.catch(() => undefined).then(() => this.writeAll());
    return this.writing;
  }

  private async writeAll(): Promise<void> {
    if (this.pending.size === 0) return;
    const rows: Row[] = [...this.pending].map(([room, updates]) => ({
      room,
      updates,
      // Everything the room applied so far is in this batch or was stored before it.
      sv: Y.encodeStateVector(room.doc),
      data: updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates),
    }));
    this.pending = new Map();
    if (rows.length > 1) {
      try {
        const values = rows.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ');
        await this.db.query(
          `INSERT INTO collab_updates (draft_id, data) VALUES ${values}`,
          rows.flatMap((r) => [r.room.draftId, r.data]),
        );
        for (const r of rows) r.room.afterWrite(r.sv);
        return;
      } catch {
        // One draft's row may be the problem (e.g. the draft was deleted): write them apart.
      }
    }
    const failures: unknown[] = [];
    for (const r of rows) {
      try {
        await this.writeOne(r);
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length > 0) throw failures[0];
  }

  private async writeOne(r: Row): Promise<void> {
    let attempt = 0;
    for (;;) {
      try {
        await this.db.query('INSERT INTO collab_updates (draft_id, data) VALUES ($1, $2)', [
          r.room.draftId,
          r.data,
        ]);
        r.room.afterWrite(r.sv);
        return;
      } catch (err) {
        if (++attempt > this.opts.maxRetries) {
          // The clients still hold these edits and send them again when they reconnect.
          const later = this.pending.get(r.room) ?? [];
          this.pending.set(r.room, [...r.updates, ...later]);
          r.room.writeFailed(err);
          throw err;
        }
        await new Promise((res) => setTimeout(res, this.opts.retryBaseMs * 2 ** (attempt - 1)));
      }
    }
  }

  /** Drops a closed room's leftovers (after its last attempt). */
  forget(room: WritableRoom): void {
    this.pending.delete(room);
  }
}
