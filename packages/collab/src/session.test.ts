/**
 * CollabDraft's incremental fold: a concurrent edit that lands before events this peer already
 * folded is refolded from the checkpoint before it, not from the start of a long log, and the
 * result equals a fresh fold.
 */
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { foldDoc, materialise } from './doc.js';
import { peers, push, sorBase } from './test/peers.js';

describe('CollabDraft fold', () => {
  it('refolds a concurrent insertion from the nearest checkpoint, with the same result', () => {
    const { server, list } = peers(sorBase(), 2);
    const [a, b] = list as [(typeof list)[0], (typeof list)[0]];
    // A long history everyone has.
    for (let i = 0; i < 200; i++)
      a.s.apply({ type: 'page/rename', pageId: 'p1', title: `Бет ${i}` });
    push(a.doc, server);
    push(server, b.doc);
    expect(b.s.draft.pages[0]!.title).toBe('Бет 199');
    // Concurrent edits: b's client id (101) sorts after a's (100), so a's event lands before
    // b's on b: an insertion in the middle of what b has folded.
    b.s.apply({ type: 'page/rename', pageId: 'p2', title: 'B' });
    void b.s.draft;
    a.s.apply({ type: 'page/rename', pageId: 'p2', title: 'A' });
    const before = b.s.foldedEvents;
    push(a.doc, b.doc);
    const log = b.doc.getArray<{ id: string }>('log').toArray();
    expect(log.at(-1)!.id).toMatch(/^p1e/); // b's own event is now the last one
    expect(b.s.draft).toEqual(materialise(b.doc));
    expect(b.s.rejected).toEqual(foldDoc(b.doc).rejected);
    // At most one checkpoint stretch (32) plus the two new events, not the 202-event log.
    expect(b.s.foldedEvents - before).toBeLessThanOrEqual(34);
    expect(b.s.foldedEvents - before).toBeGreaterThanOrEqual(2);
    push(b.doc, a.doc);
    expect(a.s.draft).toEqual(b.s.draft);
    expect(Y.encodeStateVector(a.doc)).toEqual(Y.encodeStateVector(b.doc));
  });

  it('appends fold only the new events', () => {
    const { list } = peers(sorBase(), 2);
    const [a, b] = list as [(typeof list)[0], (typeof list)[0]];
    for (let i = 0; i < 50; i++) a.s.apply({ type: 'page/rename', pageId: 'p1', title: `${i}` });
    push(a.doc, b.doc);
    void b.s.draft;
    const before = b.s.foldedEvents;
    a.s.apply({ type: 'page/rename', pageId: 'p1', title: 'соңғы' });
    push(a.doc, b.doc);
    expect(b.s.draft.pages[0]!.title).toBe('соңғы');
    expect(b.s.foldedEvents - before).toBe(1);
  });
});
