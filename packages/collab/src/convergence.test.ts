/**
 * Property: 2–5 peers apply random concurrent commands (valid, stale and junk-ish, from the
 * engine's generator) and rich-text edits, sync in random directions and partitions, then sync
 * fully. Every peer ends with the same draft, equal to a fresh fold of its doc, every invariant
 * holding. Seeded; 1,000 runs under CI, 100 locally.
 */
import fc from 'fast-check';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '@sabaq/engine';
import { genCommand, listRand } from '../../engine/src/test/gen.js';
import { RICH_FIELDS } from './rich.js';
import { foldDoc, materialise } from './doc.js';
import { peers, push, sorBase, syncAll, type Peer } from './test/peers.js';

const numRuns = process.env.CI ? 1000 : 100;
const SEED = 7_2026_1121;

/** One step: [kind, peer, other, ...numbers for the command generator]. */
const stepArb = fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), {
  minLength: 10,
  maxLength: 10,
});
const scenarioArb = fc.record({
  n: fc.integer({ min: 2, max: 5 }),
  // Small checkpoint spacings, so that refolds after concurrent insertions restart from
  // checkpoints (the default, 32, is longer than most generated logs); and long ones, whose
  // stretches are folded by `replay` rather than `apply`.
  every: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.constantFrom(16, 32)),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 40 }),
});

function editRich(p: Peer, xs: number[]): void {
  const mods = p.s.draft.pages.flatMap((pg) => pg.modules);
  if (mods.length === 0) return;
  const m = mods[xs[0]! % mods.length]!;
  const frag = p.s.fragment(m.id, RICH_FIELDS[xs[1]! % RICH_FIELDS.length]!);
  p.doc.transact(() => {
    const first = frag.get(0);
    if (first instanceof Y.XmlElement && first.get(0) instanceof Y.XmlText) {
      const t = first.get(0) as Y.XmlText;
      if (xs[2]! % 4 === 0 && t.length > 0) t.delete(xs[3]! % t.length, 1);
      else t.insert(xs[3]! % (t.length + 1), 'әқ', xs[4]! % 3 === 0 ? { bold: {} } : {});
    } else {
      const para = new Y.XmlElement('paragraph');
      frag.insert(0, [para]);
      para.insert(0, [new Y.XmlText('Жаңа')]);
    }
  });
}

function run({ n, every, steps }: { n: number; every: number; steps: number[][] }): void {
  const { server, list } = peers(sorBase(), n, every);
  const docs = [server, ...list.map((p) => p.doc)];
  steps.forEach((xs, i) => {
    const who = list[xs[1]! % n]!;
    const kind = xs[0]! % 10;
    if (kind < 5) {
      let k = 0;
      const cmd = genCommand(
        who.s.draft,
        listRand(xs.slice(3)),
        () => `s${i}p${xs[1]! % n}n${++k}`,
      );
      who.s.apply(cmd);
    } else if (kind === 5) editRich(who, xs.slice(3));
    else if (kind === 6) who.s.undo();
    else if (kind === 7) who.s.redo();
    else if (kind === 8) {
      // One-way sync between two peers (the other direction stays partitioned).
      push(who.doc, docs[xs[2]! % docs.length]!);
    } else {
      // A partition: a random subset syncs among itself through the server.
      const group = docs.filter((_, j) => j === 0 || (xs[2]! >> j) & 1);
      syncAll(group);
    }
  });
  syncAll(docs);
  syncAll(docs);
  const expected = materialise(server);
  expect(checkInvariants(expected)).toEqual([]);
  for (const p of list) {
    // The incrementally folded draft equals a fresh fold, and every peer has the same one.
    expect(p.s.draft).toEqual(expected);
    expect(p.s.rejected).toEqual(list[0]!.s.rejected);
    expect(p.s.rejected).toEqual(foldDoc(server).rejected);
    expect(Y.encodeStateVector(p.doc)).toEqual(Y.encodeStateVector(server));
  }
}

describe('convergence of concurrent peers', () => {
  it('all peers end identical and invariant-clean', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => run(s)),
      { numRuns, seed: SEED },
    );
  }, 300_000);
});
