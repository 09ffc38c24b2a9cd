/** The named conflict scenarios of issue 7: two co-authors edit at once, then sync. */
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { checkInvariants, richTextToPlain, type Draft, type Module } from '@sabaq/engine';
import { materialise } from './doc.js';
import { peers, push, sorBase, syncAll, type Peer } from './test/peers.js';

function mod(d: Draft, id: string): Module | undefined {
  for (const p of d.pages) for (const m of p.modules) if (m.id === id) return m;
  return undefined;
}

/** Both peers and a fresh fold of each doc agree, and every invariant holds. */
function expectConverged(list: Peer[]): Draft {
  const first = list[0]!.s.draft;
  for (const p of list) {
    expect(p.s.draft).toEqual(first);
    expect(materialise(p.doc)).toEqual(first);
    expect(checkInvariants(p.s.draft)).toEqual([]);
  }
  return first;
}

/** Runs the two edits concurrently, in both sync orders, and returns the converged draft. */
function concurrently(a: (p: Peer) => void, b: (p: Peer) => void): Draft[] {
  const out: Draft[] = [];
  for (const order of ['ab', 'ba'] as const) {
    const { list } = peers(sorBase(), 2);
    a(list[0]!);
    b(list[1]!);
    if (order === 'ab') {
      push(list[0]!.doc, list[1]!.doc);
      push(list[1]!.doc, list[0]!.doc);
    } else {
      push(list[1]!.doc, list[0]!.doc);
      push(list[0]!.doc, list[1]!.doc);
    }
    out.push(expectConverged(list));
  }
  // The sync order does not change the outcome.
  expect(out[0]).toEqual(out[1]);
  return out;
}

describe('conflicting concurrent edits converge with invariants intact', () => {
  it('one deletes an option while the other marks it right', () => {
    const [d] = concurrently(
      (p) =>
        expect(p.s.apply({ type: 'choice/removeOption', moduleId: 'm1', optionId: 'o2' }).ok).toBe(
          true,
        ),
      (p) =>
        expect(
          p.s.apply({ type: 'choice/setRight', moduleId: 'm1', optionId: 'o2', right: true }).ok,
        ).toBe(true),
    );
    const o = mod(d!, 'm1')!.options;
    expect(o?.kind).toBe('choice');
    if (o?.kind !== 'choice') return;
    expect(o.items.map((i) => i.id)).toEqual(['o1']);
    // Whichever order Yjs picked, no right mark points at a missing option.
    expect(o.items.every((i) => typeof i.right === 'boolean')).toBe(true);
  });

  it('one deletes a purpose while the other attaches it', () => {
    const [d] = concurrently(
      (p) => expect(p.s.apply({ type: 'purpose/remove', purposeId: 'u1' }).ok).toBe(true),
      (p) =>
        expect(p.s.apply({ type: 'purpose/attach', purposeId: 'u1', moduleId: 'm1' }).ok).toBe(
          true,
        ),
    );
    // The removal wins whatever the order: either it came second and detached the purpose, or
    // it came first and the attach was rejected on both peers.
    expect(d!.purposes).toEqual([]);
    expect(mod(d!, 'm1')!.additionalCriterions.purposes).toEqual([]);
  });

  it('one deletes a module while the other edits its text', () => {
    const [d] = concurrently(
      (p) => expect(p.s.apply({ type: 'module/remove', moduleId: 'm3' }).ok).toBe(true),
      (p) => {
        const frag = p.s.fragment('m3', 'content');
        const text = (frag.get(0) as Y.XmlElement).get(0) as Y.XmlText;
        text.insert(text.length, ' — Құнанбайұлы');
        expect(p.s.apply({ type: 'module/setTitle', moduleId: 'm3', title: 'Абай' }).ok).toBe(true);
      },
    );
    expect(mod(d!, 'm3')).toBeUndefined();
    expect(d!.pages[0]!.modules.map((m) => m.id)).toEqual(['m1', 'm2']);
  });

  it('the text edit survives when the removal is undone afterwards', () => {
    const { list } = peers(sorBase(), 2);
    const [a, b] = list as [Peer, Peer];
    a.s.apply({ type: 'module/remove', moduleId: 'm3' });
    const text = (b.s.fragment('m3', 'content').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.insert(text.length, '!');
    syncAll([a.doc, b.doc]);
    expect(a.s.undo()?.ok).toBe(true);
    syncAll([a.doc, b.doc]);
    const d = expectConverged(list);
    expect(richTextToPlain(mod(d, 'm3')!.content)).toBe('Абай жолы!');
  });

  it('both reorder the same page', () => {
    const outs = concurrently(
      (p) =>
        expect(
          p.s.apply({ type: 'module/move', moduleId: 'm1', toPageId: 'p1', toIndex: 2 }).ok,
        ).toBe(true),
      (p) =>
        expect(
          p.s.apply({ type: 'module/move', moduleId: 'm3', toPageId: 'p1', toIndex: 0 }).ok,
        ).toBe(true),
    );
    const ids = outs[0]!.pages[0]!.modules.map((m) => m.id);
    expect([...ids].sort()).toEqual(['m1', 'm2', 'm3']);
  });

  it('both move the same page to different places', () => {
    const [d] = concurrently(
      (p) => expect(p.s.apply({ type: 'page/move', pageId: 'p1', toIndex: 1 }).ok).toBe(true),
      (p) =>
        expect(p.s.apply({ type: 'page/rename', pageId: 'p1', title: 'Кіріспе' }).ok).toBe(true),
    );
    expect(d!.pages.map((p) => p.id)).toEqual(['p2', 'p1']);
    expect(d!.pages[1]!.title).toBe('Кіріспе');
  });

  it('two peers create the same id: the second in log order is rejected on both', () => {
    const { list } = peers(sorBase(), 2);
    const [a, b] = list as [Peer, Peer];
    a.s.apply({ type: 'module/add', pageId: 'p2', moduleId: 'x', moduleType: 'task', title: 'A' });
    b.s.apply({
      type: 'module/add',
      pageId: 'p2',
      moduleId: 'x',
      moduleType: 'simple',
      title: 'B',
    });
    syncAll([a.doc, b.doc]);
    const d = expectConverged(list);
    expect(d.pages[1]!.modules).toHaveLength(1);
    expect(a.s.rejected).toEqual(b.s.rejected);
    expect(a.s.rejected).toHaveLength(1);
    expect(a.s.rejected[0]!.rejection.code).toBe('duplicate_id');
  });

  it('two peers seeding the same rich field at once keep one copy of the text, not two', () => {
    const { list } = peers(sorBase(), 2);
    const [a, b] = list as [Peer, Peer];
    a.s.apply({
      type: 'module/setHint',
      moduleId: 'm2',
      solution: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Жауабы: 4' }] }],
      },
    });
    syncAll([a.doc, b.doc]);
    a.s.fragment('m2', 'solution');
    b.s.fragment('m2', 'solution');
    syncAll([a.doc, b.doc]);
    const d = expectConverged(list);
    expect(richTextToPlain(mod(d, 'm2')!.hints.solution)).toBe('Жауабы: 4');
  });
});

describe('per-author undo', () => {
  it('undo takes back only my edits, never a co-author’s', () => {
    const { list } = peers(sorBase(), 2);
    const [a, b] = list as [Peer, Peer];
    a.s.apply({ type: 'module/setTitle', moduleId: 'm1', title: 'A1' });
    syncAll([a.doc, b.doc]);
    b.s.apply({ type: 'module/setTitle', moduleId: 'm2', title: 'B2' });
    syncAll([a.doc, b.doc]);
    // A's stack holds only A's title change, although B edited last.
    expect(a.s.undo()?.ok).toBe(true);
    syncAll([a.doc, b.doc]);
    let d = expectConverged(list);
    expect(mod(d, 'm1')!.title).toBe('Тапсырма 1');
    expect(mod(d, 'm2')!.title).toBe('B2');
    expect(a.s.undo()).toBeNull();
    expect(a.s.canRedo).toBe(true);
    expect(a.s.redo()?.ok).toBe(true);
    syncAll([a.doc, b.doc]);
    d = expectConverged(list);
    expect(mod(d, 'm1')!.title).toBe('A1');
  });

  it('an undo whose target vanished is consumed, and the next undo moves on', () => {
    const { list } = peers(sorBase(), 2);
    const [a, b] = list as [Peer, Peer];
    a.s.apply({ type: 'module/setTitle', moduleId: 'm2', title: 'first' });
    a.s.apply({ type: 'choice/editOption', moduleId: 'm1', optionId: 'o1', content: 'Нұр-Сұлтан' });
    syncAll([a.doc, b.doc]);
    b.s.apply({ type: 'module/remove', moduleId: 'm1' });
    syncAll([a.doc, b.doc]);
    const r = a.s.undo();
    expect(r?.ok).toBe(false);
    expect(a.s.undo()?.ok).toBe(true);
    syncAll([a.doc, b.doc]);
    expect(mod(expectConverged(list), 'm2')!.title).toBe('Тапсырма 2');
  });

  it('a command that does not apply locally is refused and nothing is appended', () => {
    const { list } = peers(sorBase(), 1);
    const p = list[0]!;
    const before = Y.encodeStateVector(p.doc);
    const r = p.s.apply({ type: 'choice/setRight', moduleId: 'nope', optionId: 'o1', right: true });
    expect(r.ok).toBe(false);
    expect(Y.encodeStateVector(p.doc)).toEqual(before);
  });
});
