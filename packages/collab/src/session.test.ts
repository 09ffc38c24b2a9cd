/**
 * Incremental folds (CollabDraft on every peer, LogFolder on the server): a concurrent edit that
 * lands before events already folded is refolded from the checkpoint before it, not from the
 * start of a long log, and the result equals a fresh fold.
 */
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { foldDoc, materialise } from './doc.js';
import { LogFolder } from './folder.js';
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

describe('LogFolder', () => {
  it('follows appends and concurrent insertions with bounded work, equal to a fresh fold', () => {
    const { server, list } = peers(sorBase(), 3);
    const folder = new LogFolder(server, 8);
    expect(folder.draft()).toEqual(materialise(server));
    let seen: unknown[] = [];
    let middle = 0;
    /** The first position where the log differs from what was read last time. */
    const changedFrom = (doc: Y.Doc, prev: unknown[]) => {
      const now = doc.getArray('log').toArray();
      let i = 0;
      while (i < prev.length && now[i] === prev[i]) i++;
      return i;
    };
    let seed = 1;
    const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 40; round++) {
      // Each peer edits on its own, then all sync through the server in a random order.
      for (const [i, p] of list.entries())
        for (let k = 0; k < 1 + Math.floor(rnd() * 3); k++)
          p.s.apply({
            type: 'page/rename',
            pageId: i % 2 ? 'p1' : 'p2',
            title: `${round}.${i}.${k}`,
          });
      // Read after each peer's push: a later push often lands before events already read.
      for (const p of [...list].sort(() => rnd() - 0.5)) {
        push(p.doc, server);
        const before = folder.foldedEvents;
        const firstChange = changedFrom(server, seen);
        expect(folder.draft()).toEqual(materialise(server));
        if (firstChange < seen.length) middle++;
        // From the checkpoint before the change at most: never the whole log.
        const log = server.getArray('log').length;
        expect(folder.foldedEvents - before).toBeLessThanOrEqual(log - firstChange + 8);
        seen = server.getArray('log').toArray();
      }
      for (const p of list) push(server, p.doc);
    }
    // The scenario did exercise insertions before events already folded.
    expect(middle).toBeGreaterThan(5);
  });

  it('needs the doc’s base before it can fold', () => {
    const doc = new Y.Doc();
    expect(() => new LogFolder(doc).draft()).toThrow(/base/);
  });
});
