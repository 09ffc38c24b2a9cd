/**
 * Co-editing as issue 7 will run it: the event log is a Y.Array, every peer folds it. Peers edit
 * concurrently against their own view, sync, and must converge to the same draft with every
 * invariant holding; commands whose target vanished are rejected alike on every peer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply.js';
import { checkInvariants } from './invariants.js';
import { makeEvent, replay, type DraftEvent } from './log.js';
import type { CommandInput } from './commands/types.js';
import { genCommand, listRand } from './test/gen.js';

const AT = '2026-11-21T12:00:00.000Z';
const init = { id: 'd1', type: 'sor' as const, title: 'БЖБ', lang: 'kz' as const };

function peer(clientID: number) {
  const doc = new Y.Doc();
  doc.clientID = clientID;
  const log = doc.getArray<DraftEvent>('events');
  return { doc, log, fold: () => replay(log.toArray()) };
}
function sync(a: Y.Doc, b: Y.Doc) {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
}

describe('co-editing through a Yjs log', () => {
  it('a concurrent delete wins over an edit of the deleted module on both peers', () => {
    const a = peer(1);
    const b = peer(2);
    const seed: CommandInput[] = [
      { type: 'page/add', pageId: 'p1', title: '' },
      { type: 'module/add', pageId: 'p1', moduleId: 'm1', moduleType: 'task' },
      {
        type: 'module/setOptions',
        moduleId: 'm1',
        options: { kind: 'select', items: [], rightId: null },
      },
    ];
    a.log.push([makeEvent({ type: 'draft/create', init }, { id: 'c', actor: 'aru', at: AT })]);
    a.log.push(seed.map((c, i) => makeEvent(c, { id: `s${i}`, actor: 'aru', at: AT })));
    sync(a.doc, b.doc);
    a.log.push([
      makeEvent({ type: 'module/remove', moduleId: 'm1' }, { id: 'a1', actor: 'aru', at: AT }),
    ]);
    b.log.push([
      makeEvent(
        { type: 'select/addOption', moduleId: 'm1', optionId: 'o1', text: 'Иә' },
        { id: 'b1', actor: 'bolat', at: AT },
      ),
    ]);
    sync(a.doc, b.doc);
    const fa = a.fold();
    const fb = b.fold();
    expect(fa.draft).toEqual(fb.draft);
    expect(fa.rejected.map((r) => r.eventId)).toEqual(fb.rejected.map((r) => r.eventId));
    expect(checkInvariants(fa.draft)).toEqual([]);
  });

  it('random concurrent sessions converge with every invariant holding', () => {
    const steps = fc.array(fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), { maxLength: 15 });
    fc.assert(
      fc.property(fc.array(fc.tuple(steps, steps), { minLength: 1, maxLength: 4 }), (rounds) => {
        const a = peer(1);
        const b = peer(2);
        a.log.push([makeEvent({ type: 'draft/create', init }, { id: 'c', actor: 'aru', at: AT })]);
        sync(a.doc, b.doc);
        let n = 0;
        rounds.forEach(([sa, sb], round) => {
          for (const [p, stepsOf, actor] of [
            [a, sa, 'aru'],
            [b, sb, 'bolat'],
          ] as const) {
            // Each peer edits its own current view, as a person at a keyboard does.
            let d = p.fold().draft;
            for (const xs of stepsOf) {
              const c = genCommand(d, listRand(xs), () => `${actor}${++n}`);
              const r = apply(d, c);
              if (r.ok) d = r.draft;
              p.log.push([makeEvent(c, { id: `${actor}-${round}-${n++}`, actor, at: AT })]);
            }
          }
          sync(a.doc, b.doc);
        });
        const fa = a.fold();
        const fb = b.fold();
        expect(fa.draft).toEqual(fb.draft);
        expect(checkInvariants(fa.draft)).toEqual([]);
      }),
      { seed: 77, numRuns: process.env.CI ? 1000 : 50 },
    );
  });
});
