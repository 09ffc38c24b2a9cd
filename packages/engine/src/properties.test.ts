/**
 * Property tests of the engine (seeded; 1,000 runs each under CI, 100 locally): random command
 * sequences mixing valid commands built from the current draft's ids and junk.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, cachedIndex } from './apply.js';
import { checkInvariants } from './invariants.js';
import {
  EventSchema,
  historyOf,
  makeEvent,
  redo,
  replay,
  stateAt,
  undo,
  type DraftEvent,
} from './log.js';
import { createDraft, type Draft } from './model.js';
import { parseDraft } from './parse.js';
import { buildIndex, type IdIndex } from './reducer/context.js';
import { genCommand, genJunk, listRand } from './test/gen.js';

const numRuns = process.env.CI ? 1000 : 100;
const SEED = 20261121;

const stepArb = fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), {
  minLength: 12,
  maxLength: 12,
});
const seqArb = fc.array(stepArb, { minLength: 1, maxLength: 60 });

const AT = '2026-11-21T12:00:00.000Z';
const init = { id: 'd1', type: 'sor' as const, title: 'БЖБ', lang: 'kz' as const };

/** Position hints (`at`) are verified caches; the ownership they sit beside is what must agree. */
function withoutHints(index: IdIndex | undefined) {
  return index && new Map([...index].map(([k, v]) => [k, { ...v, at: undefined }]));
}

function withoutVersion(d: Draft): Omit<Draft, 'version'> {
  const { version: _v, ...rest } = d;
  return rest;
}

/** Turns generated numbers into commands against the evolving draft (junk about 1 in 8). */
function commandsFor(
  steps: number[][],
  actors = ['a'],
): { events: DraftEvent[]; states: Draft[]; raw: unknown[] } {
  let d = createDraft(init);
  let n = 0;
  const fresh = () => `n${++n}`;
  const events: DraftEvent[] = [
    makeEvent({ type: 'draft/create', init }, { id: 'e0', actor: actors[0]!, at: AT }),
  ];
  const states: Draft[] = [d];
  const raw: unknown[] = [];
  steps.forEach((xs, i) => {
    const r = listRand(xs);
    const cmd = xs[0]! % 8 === 0 ? genJunk(r) : genCommand(d, r, fresh);
    raw.push(cmd);
    const res = apply(d, cmd);
    if (res.ok) d = res.draft;
    states.push(d);
    // Half the applied events carry the command `apply` validated (frozen and branded, so replay
    // skips zod for it), the rest the raw object (validated on every fold): both paths are folded
    // by every property below.
    const command = res.ok && xs[2]! % 2 === 1 ? res.command : cmd;
    events.push({
      ...makeEvent(
        { type: 'page/rename', pageId: 'x', title: '' },
        { id: `e${i + 1}`, actor: actors[xs[1]! % actors.length]!, at: AT },
      ),
      command: command as DraftEvent['command'],
    });
  });
  return { events, states, raw };
}

describe('engine properties', () => {
  it('random sequences keep every invariant; version +1 per applied edit, unchanged on rejection', () => {
    fc.assert(
      fc.property(seqArb, (steps) => {
        let d = createDraft(init);
        let n = 0;
        const fresh = () => `n${++n}`;
        for (const xs of steps) {
          const r = listRand(xs);
          const cmd = xs[0]! % 8 === 0 ? genJunk(r) : genCommand(d, r, fresh);
          let res;
          expect(() => (res = apply(d, cmd))).not.toThrow();
          res = res!;
          if (res.ok) {
            expect(res.draft.version).toBe(d.version + 1);
            expect(checkInvariants(res.draft, d)).toEqual([]);
            // The index handed along equals one rebuilt from scratch.
            expect(withoutHints(cachedIndex(res.draft))).toEqual(
              withoutHints(buildIndex(res.draft)),
            );
            d = res.draft;
          } else {
            expect(res.rejection.code).not.toBe('internal_error');
            expect(typeof res.rejection.message).toBe('string');
          }
        }
      }),
      { seed: SEED, numRuns },
    );
  });

  it('junk is rejected, never thrown', () => {
    fc.assert(
      fc.property(fc.anything(), seqArb, (junk, steps) => {
        const { states } = commandsFor(steps.slice(0, 10));
        const d = states[states.length - 1]!;
        for (const c of [
          junk,
          { type: 'module/add', ...(junk as object) },
          { type: 'select/addOption', moduleId: junk },
        ]) {
          const r = apply(d, c);
          if (r.ok) expect(checkInvariants(r.draft, d)).toEqual([]);
          else expect(r.rejection.code).not.toBe('internal_error');
        }
      }),
      { seed: SEED + 1, numRuns },
    );
  });

  it('replay from scratch equals the incremental state; stateAt equals replay of the prefix', () => {
    fc.assert(
      fc.property(seqArb, fc.nat(), (steps, cut) => {
        const { events, states } = commandsFor(steps);
        const full = replay(events, { snapshotEvery: 7 });
        expect(full.draft).toEqual(states[states.length - 1]);
        expect(checkInvariants(full.draft)).toEqual([]);
        const n = 1 + (cut % events.length);
        const prefix = replay(events.slice(0, n)).draft;
        expect(prefix).toEqual(states[n - 1]);
        expect(stateAt(events, n)).toEqual(prefix);
        expect(stateAt(events, n, full.snapshots)).toEqual(prefix);
      }),
      { seed: SEED + 2, numRuns },
    );
  });

  it('replay does not mutate the events it folds', () => {
    fc.assert(
      fc.property(seqArb, (steps) => {
        const { events } = commandsFor(steps);
        const copy = JSON.parse(JSON.stringify(events));
        replay(events);
        replay(events, { collectInverses: true });
        expect(JSON.parse(JSON.stringify(events))).toEqual(copy);
      }),
      { seed: SEED + 3, numRuns },
    );
  });

  it('every applied command has an inverse: do, undo, redo round-trips', () => {
    fc.assert(
      fc.property(seqArb, (steps) => {
        let d = createDraft(init);
        let n = 0;
        const fresh = () => `n${++n}`;
        for (const xs of steps) {
          const cmd = genCommand(d, listRand(xs), fresh);
          const done = apply(d, cmd);
          if (!done.ok) continue;
          const undone = apply(done.draft, done.inverse);
          expect(undone.ok).toBe(true);
          if (!undone.ok) return;
          expect(withoutVersion(undone.draft)).toEqual(withoutVersion(d));
          const redone = apply(undone.draft, undone.inverse);
          expect(redone.ok).toBe(true);
          if (!redone.ok) return;
          expect(withoutVersion(redone.draft)).toEqual(withoutVersion(done.draft));
          d = done.draft;
        }
      }),
      { seed: SEED + 4, numRuns },
    );
  });

  it("log-level undo/redo per author: undo all of one author's edits restores the state without them when alone", () => {
    fc.assert(
      fc.property(seqArb, (steps) => {
        const { events, states } = commandsFor(steps.slice(0, 25));
        const log: unknown[] = [...events];
        let k = 0;
        // Undo everything: single author, so we must get back to the fresh draft.
        for (let guard = 0; guard < 200; guard++) {
          const step = undo(log, 'a');
          if (!step) break;
          log.push(
            makeEvent(step.command, { id: `u${k++}`, actor: 'a', at: AT, origin: step.origin }),
          );
        }
        expect(withoutVersion(replay(log).draft)).toEqual(withoutVersion(states[0]!));
        // Redo everything: back to the final state.
        for (let guard = 0; guard < 200; guard++) {
          const step = redo(log, 'a');
          if (!step) break;
          log.push(
            makeEvent(step.command, { id: `r${k++}`, actor: 'a', at: AT, origin: step.origin }),
          );
        }
        expect(withoutVersion(replay(log).draft)).toEqual(
          withoutVersion(states[states.length - 1]!),
        );
      }),
      { seed: SEED + 5, numRuns },
    );
  });

  it("remote authors' events never enter an author's undo stack", () => {
    fc.assert(
      fc.property(seqArb, (steps) => {
        const { events } = commandsFor(steps, ['a', 'b']);
        const mine = new Set(events.filter((e) => e.actor === 'a').map((e) => e.id));
        for (const s of historyOf(events, 'a').undo) expect(mine.has(s.origin.of)).toBe(true);
      }),
      { seed: SEED + 6, numRuns },
    );
  });

  it('JSON round-trip of drafts and events', () => {
    fc.assert(
      fc.property(seqArb, (steps) => {
        const { events, states } = commandsFor(steps);
        const d = states[states.length - 1]!;
        const back = parseDraft(JSON.parse(JSON.stringify(d)));
        expect(back.ok).toBe(true);
        if (back.ok) expect(back.draft).toEqual(d);
        for (const e of events) {
          const parsed = EventSchema.safeParse(e);
          if (!parsed.success) continue; // junk commands make junk events; they are rejected on fold
          expect(EventSchema.parse(JSON.parse(JSON.stringify(parsed.data)))).toEqual(parsed.data);
        }
      }),
      { seed: SEED + 7, numRuns },
    );
  });
});
