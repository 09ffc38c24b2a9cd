/**
 * Database side of a draft's Y.Doc: load (creating the doc from the draft row the first time,
 * under a row lock so two processes cannot create two different docs), append updates,
 * compact, and keep the materialised `drafts` row (lists, search, statistics) current.
 */
import * as Y from 'yjs';
import { isDeepStrictEqual } from 'node:util';
import { parseDraft, replay, type Draft } from '@sabaq/engine';
import { createDraftDoc, materialise } from '@sabaq/collab';
import { jsonColumn, type Db, type Queryable } from '../db/db';

function bytes(v: unknown): Uint8Array {
  // node-postgres returns Buffer, PGlite Uint8Array; both are Uint8Arrays. Text is a bug.
  if (v instanceof Uint8Array) return v;
  throw new Error('collab_updates.data is not bytea');
}

/** The draft row is missing, deleted, or holds a draft the engine cannot read. */
export class DraftUnavailable extends Error {
  constructor(readonly reason: 'missing' | 'unreadable') {
    super(`draft ${reason}`);
    this.name = 'DraftUnavailable';
  }
}

/** Meta key: the last `draft_events.seq` (REST commands) folded into the doc's log. */
export const REST_SEQ = 'restSeq';

/**
 * The doc of a draft that was edited through the REST route before it went live: the log
 * starts from the draft's initial state and holds those events, so the history panel and time
 * travel reach back to its creation. That holds only when the events fold exactly to the stored
 * row; a row changed outside the log (or written by an older schema) starts from the row itself,
 * as a draft without history does.
 */
function docWithHistory(
  current: Draft,
  initialRaw: unknown,
  rows: ReadonlyArray<{ event: unknown }>,
): Y.Doc {
  if (rows.length > 0) {
    const initial = parseDraft(initialRaw);
    if (initial.ok) {
      const events = rows.map((r) => r.event);
      const folded = replay(events, { base: initial.draft });
      // Compared as stored (JSON), the way `current` was read.
      const stored = parseDraft(JSON.parse(JSON.stringify(folded.draft)) as unknown);
      if (folded.rejected.length === 0 && stored.ok && isDeepStrictEqual(stored.draft, current))
        return createDraftDoc(initial.draft, new Y.Doc(), { events, current });
    }
  }
  return createDraftDoc(current);
}

/**
 * Events appended through the REST commands route after `afterSeq` (the CLI, the save flow of
 * the single-user editor), in order, so the room can add them to the shared log.
 */
export async function restEventsAfter(
  q: Queryable,
  draftId: string,
  afterSeq: number,
): Promise<Array<{ seq: number; event: unknown }>> {
  const rows = await q.query<{ seq: number; command: unknown }>(
    'SELECT seq, command FROM draft_events WHERE draft_id = $1 AND seq > $2 ORDER BY seq',
    [draftId, afterSeq],
  );
  return rows.map((r) => ({
    seq: r.seq,
    event: jsonColumn(r.command),
  }));
}

async function readUpdates(q: Queryable, draftId: string): Promise<Uint8Array[]> {
  const rows = await q.query<{ data: unknown }>(
    'SELECT data FROM collab_updates WHERE draft_id = $1 ORDER BY seq',
    [draftId],
  );
  return rows.map((r) => bytes(r.data));
}

/**
 * The stored updates of a draft's doc; on first use, makes the doc from the draft row (its
 * materialised state becomes the log's base) and stores it before anyone can edit it.
 */
export async function loadUpdates(db: Db, draftId: string): Promise<Uint8Array[]> {
  const existing = await readUpdates(db, draftId);
  if (existing.length > 0) return existing;
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ doc: unknown; initial: unknown }>(
      'SELECT doc, initial FROM drafts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
      [draftId],
    );
    const row = rows[0];
    if (!row) throw new DraftUnavailable('missing');
    // Another process may have created the doc while we waited for the lock.
    const again = await readUpdates(tx, draftId);
    if (again.length > 0) return again;
    const parsed = parseDraft(jsonColumn(row.doc));
    if (!parsed.ok) throw new DraftUnavailable('unreadable');
    const events = await restEventsAfter(tx, draftId, 0);
    const doc = docWithHistory(parsed.draft, jsonColumn(row.initial), events);
    // The doc holds every REST-applied event so far; later ones are pulled in.
    doc.getMap('meta').set(REST_SEQ, events.at(-1)?.seq ?? 0);
    const update = Y.encodeStateAsUpdate(doc);
    await tx.query('INSERT INTO collab_updates (draft_id, data) VALUES ($1, $2)', [
      draftId,
      update,
    ]);
    return [update];
  });
}

/**
 * Merges every stored update of a draft into one row (deleted content garbage-collected).
 * Works on the rows alone, not on a process's doc, so updates another process stored are
 * never dropped. Returns how many rows were merged.
 */
export async function compact(db: Db, draftId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ seq: string | number; data: unknown }>(
      'SELECT seq, data FROM collab_updates WHERE draft_id = $1 ORDER BY seq FOR UPDATE',
      [draftId],
    );
    if (rows.length < 2) return rows.length;
    const doc = new Y.Doc();
    for (const r of rows) Y.applyUpdate(doc, bytes(r.data));
    const merged = Y.encodeStateAsUpdate(doc);
    doc.destroy();
    const last = rows[rows.length - 1]!.seq;
    await tx.query('DELETE FROM collab_updates WHERE draft_id = $1 AND seq <= $2', [draftId, last]);
    await tx.query('INSERT INTO collab_updates (draft_id, data) VALUES ($1, $2)', [
      draftId,
      merged,
    ]);
    return rows.length;
  });
}

export async function countUpdates(db: Queryable, draftId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM collab_updates WHERE draft_id = $1',
    [draftId],
  );
  return rows[0]?.n ?? 0;
}

/** Writes the doc's draft into the `drafts` row, so lists and statistics see co-edits. */
export async function writeMaterialised(db: Queryable, draftId: string, from: Y.Doc | Draft) {
  const draft = from instanceof Y.Doc ? materialise(from) : from;
  await db.query(
    `UPDATE drafts SET doc = $2, version = $3, title = $4, type = $5, lang = $6, updated_at = now()
      WHERE id = $1 AND deleted_at IS NULL`,
    [draftId, JSON.stringify(draft), draft.version, draft.title, draft.type, draft.lang],
  );
}
