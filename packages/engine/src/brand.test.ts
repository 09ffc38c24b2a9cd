/**
 * The validated-command brand (`brand.ts`): a command the engine validated and froze skips zod on
 * fold. Proven here: it behaves exactly like an unbranded structurally-equal copy (which is
 * validated as before), it cannot be changed after validation, and copies or look-alikes never
 * inherit the brand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, parseCommand } from './apply.js';
import { isValidatedCommand } from './brand.js';
import { makeEvent, redo, replay, stateAt, undo, type DraftEvent } from './log.js';
import { createDraft, type Draft } from './model.js';
import { parseEvent } from './parse.js';
import { genCommand, genJunk, listRand } from './test/gen.js';

const numRuns = process.env.CI ? 1000 : 100;
const SEED = 20261122;
const AT = '2026-11-21T12:00:00.000Z';
const init = { id: 'd1', type: 'lesson' as const, title: 'Сабақ', lang: 'ru' as const };

const stepArb = fc.array(fc.integer({ min: 0, max: 2 ** 31 - 1 }), {
  minLength: 12,
  maxLength: 12,
});
const seqArb = fc.array(stepArb, { minLength: 1, maxLength: 60 });

/** A random log built with `makeEvent` (valid commands branded, junk kept as given). */
function brandedLog(steps: number[][]): { events: DraftEvent[]; raw: unknown[] } {
  let d = createDraft(init);
  let n = 0;
  const fresh = () => `n${++n}`;
  const events = [makeEvent({ type: 'draft/create', init }, { id: 'e0', actor: 'a', at: AT })];
  const raw: unknown[] = [];
  steps.forEach((xs, i) => {
    const r = listRand(xs);
    const cmd = xs[0]! % 8 === 0 ? genJunk(r) : genCommand(d, r, fresh);
    raw.push(cmd);
    const res = apply(d, structuredClone(cmd));
    if (res.ok) d = res.draft;
    events.push(makeEvent(cmd as never, { id: `e${i + 1}`, actor: 'a', at: AT }));
  });
  return { events, raw };
}

/** Every object and array inside `v` (including `v`). */
function nodes(v: unknown, out: object[] = []): object[] {
  if (typeof v !== 'object' || v === null) return out;
  out.push(v);
  for (const x of Object.values(v)) nodes(x, out);
  return out;
}

/** Tries every kind of write on every node of a command; each must throw (ES modules are strict). */
function tryToMutate(c: unknown): number {
  let attempts = 0;
  for (const node of nodes(c)) {
    const writes: Array<() => void> = [
      () => ((node as Record<string, unknown>)['type'] = 'page/remove'),
      () => ((node as Record<string, unknown>)['injected'] = 1),
      () => delete (node as Record<string, unknown>)[Object.keys(node)[0] ?? 'x'],
      () => Object.defineProperty(node, 'x', { value: 1 }),
      () => Object.setPrototypeOf(node, null),
    ];
    if (Array.isArray(node))
      writes.push(
        () => node.push(1),
        () => node.splice(0, 1),
      );
    for (const w of writes) {
      attempts++;
      expect(w).toThrow(TypeError);
    }
  }
  return attempts;
}

describe('validated-command brand', () => {
  it('a branded command and an unbranded structurally-equal copy give identical results', () => {
    fc.assert(
      fc.property(seqArb, fc.nat(), (steps, cut) => {
        const { events } = brandedLog(steps);
        // Copies keep every value (including `undefined` fields) but not the brand.
        const copies = structuredClone(events);
        copies.forEach((e) => expect(isValidatedCommand(e.command)).toBe(false));
        const a = replay(events, { collectInverses: true, snapshotEvery: 5 });
        const b = replay(copies, { collectInverses: true, snapshotEvery: 5 });
        expect(a).toEqual(b);
        // From JSON text too (what a server or file gives). JSON turns junk like NaN into null, so
        // a rejected junk event's message may differ; what is folded and what is rejected may not.
        const fromJson = replay(JSON.parse(JSON.stringify(events)) as unknown[]);
        expect(fromJson.draft).toEqual(a.draft);
        expect(fromJson.rejected.map((x) => [x.position, x.rejection.code])).toEqual(
          a.rejected.map((x) => [x.position, x.rejection.code]),
        );
        const n = 1 + (cut % events.length);
        expect(stateAt(events, n, a.snapshots)).toEqual(stateAt(copies, n, b.snapshots));
        // Folding the branded log again gives the same (replay never writes through commands).
        expect(replay(events, { collectInverses: true, snapshotEvery: 5 })).toEqual(a);
        // One `apply` at a time: same draft, inverse, command or rejection.
        let d: Draft = a.draft;
        for (const e of events.slice(1)) {
          const x = apply(d, e.command);
          const y = apply(d, structuredClone(e.command));
          expect(x).toEqual(y);
          if (x.ok) d = x.draft;
        }
        // Undo/redo steps come back branded and fold like their copies.
        const step = undo(events, 'a');
        if (step) {
          expect(isValidatedCommand(step.command)).toBe(true);
          const after = makeEvent(step.command, {
            id: 'u',
            actor: 'a',
            at: AT,
            origin: step.origin,
          });
          expect(replay([...events, after])).toEqual(replay(structuredClone([...events, after])));
          const again = redo([...events, after], 'a');
          if (again) expect(isValidatedCommand(again.command)).toBe(true);
        }
      }),
      { seed: SEED, numRuns },
    );
  });

  it('branded commands are deeply frozen: writes throw in strict mode and change nothing', () => {
    fc.assert(
      fc.property(seqArb, (steps) => {
        const { events } = brandedLog(steps);
        for (const e of events) {
          if (!isValidatedCommand(e.command)) continue;
          const before = JSON.stringify(e.command);
          const beforeState = replay(events).draft;
          expect(tryToMutate(e.command)).toBeGreaterThan(0);
          expect(JSON.stringify(e.command)).toBe(before);
          expect(replay(events).draft).toEqual(beforeState);
        }
      }),
      { seed: SEED + 1, numRuns: Math.max(10, numRuns / 10) },
    );
  });

  it('only validated commands are branded; junk and look-alikes are validated on every fold', () => {
    fc.assert(
      fc.property(fc.anything(), seqArb, (junk, steps) => {
        const { events, raw } = brandedLog(steps.slice(0, 10));
        events.slice(1).forEach((e, i) => {
          // makeEvent brands exactly the commands zod accepts.
          expect(isValidatedCommand(e.command)).toBe(parseCommand(structuredClone(raw[i])).ok);
          // The caller's own object is never branded: makeEvent stores the validated copy.
          expect(isValidatedCommand(raw[i])).toBe(false);
        });
        expect(isValidatedCommand(junk)).toBe(false);
        const d = replay(events).draft;
        const r = apply(d, junk);
        if (!r.ok) expect(r.rejection.code).not.toBe('internal_error');
      }),
      { seed: SEED + 2, numRuns },
    );
  });

  it('parseEvent brands the command it validated; a rejected event is not branded', () => {
    const e = parseEvent(
      JSON.parse(
        JSON.stringify(
          makeEvent(
            { type: 'page/add', pageId: 'p1', title: 'Бет' },
            { id: 'e1', actor: 'a', at: AT },
          ),
        ),
      ),
    );
    expect(e.ok).toBe(true);
    if (e.ok) {
      expect(isValidatedCommand(e.value.command)).toBe(true);
      expect(Object.isFrozen(e.value.command)).toBe(true);
    }
    const bad = { type: 'page/add', pageId: '', title: 'Бет' };
    const ev = makeEvent(bad as never, { id: 'e2', actor: 'a', at: AT });
    expect(ev.command).toBe(bad);
    expect(isValidatedCommand(ev.command)).toBe(false);
    expect(Object.isFrozen(bad)).toBe(false);
    const folded = replay([
      makeEvent({ type: 'draft/create', init }, { id: 'e0', actor: 'a', at: AT }),
      ev,
    ]);
    expect(folded.rejected).toHaveLength(1);
    expect(folded.rejected[0]!.rejection.code).toBe('invalid_payload');
  });

  it('a valid object does not become branded by being folded, and a mutated copy is re-validated', () => {
    const d = replay([
      makeEvent({ type: 'draft/create', init }, { id: 'e0', actor: 'a', at: AT }),
    ]).draft;
    const c = { type: 'page/add', pageId: 'p1', title: 'Бет' };
    const r = apply(d, c);
    expect(r.ok).toBe(true);
    expect(isValidatedCommand(c)).toBe(false);
    if (r.ok) {
      expect(isValidatedCommand(r.command)).toBe(true);
      const copy = { ...r.command, pageId: '' };
      const bad = apply(d, copy);
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.rejection.code).toBe('invalid_payload');
    }
  });
});
