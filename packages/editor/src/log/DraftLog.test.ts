import { describe, expect, it } from 'vitest';
import { createLocalDraftLog, draftAt, redoLast, restoreTo, undoLast } from './DraftLog';
import { cmd, emptySor } from '../test/fixtures';

function log() {
  let n = 0;
  return createLocalDraftLog({ actor: '7', draft: emptySor(), newId: () => `e${++n}` });
}

describe('local DraftLog', () => {
  it('appends commands as events of its actor and notifies', () => {
    const l = log();
    let calls = 0;
    l.subscribe(() => (calls += 1));
    const r = l.append([{ type: 'page/add', pageId: 'p1', title: 'Бет' }]);
    expect(r.ok).toBe(true);
    expect(l.events()).toHaveLength(1);
    expect(l.events()[0]?.actor).toBe('7');
    expect(l.draft().pages[0]?.title).toBe('Бет');
    expect(calls).toBe(1);
  });

  it('appends nothing when any command of the batch is rejected', () => {
    const l = log();
    const r = l.append([
      { type: 'page/add', pageId: 'p1' },
      { type: 'page/rename', pageId: 'nope', title: 'x' },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.index).toBe(1);
    expect(l.events()).toHaveLength(0);
    expect(l.draft().pages).toHaveLength(0);
  });

  it('undoes and redoes its own edits as new events', () => {
    const l = log();
    l.append([{ type: 'page/add', pageId: 'p1' }]);
    l.append([{ type: 'page/rename', pageId: 'p1', title: 'A' }]);
    expect(undoLast(l)).toBe(true);
    expect(l.draft().pages[0]?.title).toBe('');
    expect(redoLast(l)).toBe(true);
    expect(l.draft().pages[0]?.title).toBe('A');
    expect(l.events()).toHaveLength(4);
  });

  it('time-travels and restores an earlier state as new events', () => {
    const l = log();
    l.append([{ type: 'page/add', pageId: 'p1', title: 'A' }]);
    l.append([{ type: 'page/rename', pageId: 'p1', title: 'B' }]);
    l.append([{ type: 'page/add', pageId: 'p2' }]);
    expect(draftAt(l, 1).pages.map((p) => p.title)).toEqual(['A']);
    expect(draftAt(l, 0).pages).toHaveLength(0);
    const r = restoreTo(l, 1);
    expect(r.ok).toBe(true);
    expect(l.draft().pages.map((p) => p.title)).toEqual(['A']);
    expect(l.events()).toHaveLength(5);
    expect(l.draft().version).toBe(5);
  });

  it('rebases on a newer server draft, replaying the local commands', () => {
    const l = log();
    l.append([{ type: 'page/add', pageId: 'p1' }]);
    const server = emptySor();
    l.rebase(server, [cmd({ type: 'page/add', pageId: 'p1' })]);
    expect(l.base()).toBe(server);
    expect(l.events()).toHaveLength(1);
    expect(l.draft().pages).toHaveLength(1);
  });
});

describe('local DraftLog opened on a history', () => {
  it('folds the given events onto the base and can time-travel and undo across them', () => {
    const first = createLocalDraftLog({ actor: '7', draft: emptySor(), newId: () => 'x1' });
    first.append([{ type: 'page/add', pageId: 'p1', title: 'A' }]);
    const l = createLocalDraftLog({ actor: '7', draft: emptySor(), events: first.events() });
    expect(l.draft().pages.map((p) => p.title)).toEqual(['A']);
    expect(draftAt(l, 0).pages).toHaveLength(0);
    expect(undoLast(l)).toBe(true);
    expect(l.draft().pages).toHaveLength(0);
  });
});
