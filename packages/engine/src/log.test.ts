import { describe, expect, it } from 'vitest';
import type { CommandInput } from './commands/types.js';
import {
  EventSchema,
  historyOf,
  LogError,
  makeEvent,
  openDraft,
  redo,
  replay,
  stateAt,
  takeSnapshot,
  undo,
  type DraftEvent,
} from './log.js';
import { createDraft } from './model.js';

const AT = '2026-11-21T09:30:00+05:00';
const init = { id: 'd1', type: 'lesson' as const, title: 'Сабақ', lang: 'ru' as const };

class Log {
  events: DraftEvent[] = [
    makeEvent({ type: 'draft/create', init }, { id: 'e0', actor: 'aru', at: AT }),
  ];
  do(actor: string, command: CommandInput) {
    this.events.push(makeEvent(command, { id: `e${this.events.length}`, actor, at: AT }));
    return this;
  }
  undo(actor: string) {
    const s = undo(this.events, actor);
    if (s)
      this.events.push(
        makeEvent(s.command, { id: `e${this.events.length}`, actor, at: AT, origin: s.origin }),
      );
    return s;
  }
  redo(actor: string) {
    const s = redo(this.events, actor);
    if (s)
      this.events.push(
        makeEvent(s.command, { id: `e${this.events.length}`, actor, at: AT, origin: s.origin }),
      );
    return s;
  }
  get draft() {
    return replay(this.events).draft;
  }
}

describe('event log', () => {
  it('replays a log, listing junk and stale events as rejected', () => {
    const log = new Log()
      .do('aru', { type: 'page/add', pageId: 'p1', title: 'Бет' })
      .do('aru', { type: 'module/add', pageId: 'p1', moduleId: 'm1', moduleType: 'task' })
      .do('aru', { type: 'module/remove', moduleId: 'm1' })
      .do('aru', { type: 'module/setTitle', moduleId: 'm1', title: 'too late' });
    const events: unknown[] = [...log.events, 'garbage', { id: 'x', command: { type: 'nope' } }];
    const r = replay(events);
    expect(r.applied).toBe(3);
    expect(r.draft.version).toBe(3);
    expect(r.rejected.map((x) => [x.position, x.rejection.code])).toEqual([
      [4, 'unknown_id'],
      [5, 'invalid_payload'],
      [6, 'invalid_payload'],
    ]);
    expect(Object.isFrozen(r.draft)).toBe(true);
  });

  it('needs draft/create first (or a base)', () => {
    expect(() => replay([])).toThrow(LogError);
    const tail = [
      makeEvent({ type: 'page/add', pageId: 'p', title: '' }, { id: 'a', actor: 'x', at: AT }),
    ];
    expect(() => replay(tail)).toThrow(LogError);
    expect(replay(tail, { base: createDraft(init) }).draft.pages).toHaveLength(1);
  });

  it('takes snapshots every K events; stateAt and openDraft start from them', () => {
    const log = new Log().do('aru', { type: 'page/add', pageId: 'p1', title: '' });
    for (let i = 0; i < 20; i++)
      log.do('aru', { type: 'page/rename', pageId: 'p1', title: `v${i}` });
    const r = replay(log.events, { snapshotEvery: 5 });
    expect(r.snapshots.map((s) => s.eventCount)).toEqual([5, 10, 15, 20]);
    // Events: create, page/add, then renames v0..v19 — the first 12 end with v9.
    expect(stateAt(log.events, 12, r.snapshots).pages[0]!.title).toBe('v9');
    expect(stateAt(log.events, 12)).toEqual(stateAt(log.events, 12, r.snapshots));
    const snap = takeSnapshot(log.events.slice(0, 10));
    const opened = openDraft(snap, log.events.slice(10));
    expect(opened.draft).toEqual(r.draft);
    expect(opened.eventCount).toBe(log.events.length);
  });

  it('undo and redo append inverse events per author; the log is never rewritten', () => {
    const log = new Log()
      .do('aru', { type: 'page/add', pageId: 'p1', title: 'Бет' })
      .do('aru', {
        type: 'module/add',
        pageId: 'p1',
        moduleId: 'm1',
        moduleType: 'task',
        title: 'А',
      })
      .do('bolat', {
        type: 'module/add',
        pageId: 'p1',
        moduleId: 'm2',
        moduleType: 'task',
        title: 'Б',
      })
      .do('aru', { type: 'module/setTitle', moduleId: 'm1', title: 'А2' });
    const before = log.events.slice();
    // Aru's undo skips Bolat's module and reverts Aru's own rename.
    expect(log.undo('aru')?.command).toEqual({
      type: 'module/setTitle',
      moduleId: 'm1',
      title: 'А',
    });
    expect(log.events.slice(0, before.length)).toEqual(before);
    expect(log.draft.pages[0]!.modules.map((m) => m.title)).toEqual(['А', 'Б']);
    log.undo('aru'); // removes m1, Bolat's m2 stays
    expect(log.draft.pages[0]!.modules.map((m) => m.id)).toEqual(['m2']);
    log.redo('aru'); // m1 back at its place
    expect(log.draft.pages[0]!.modules.map((m) => [m.id, m.title])).toEqual([
      ['m1', 'А'],
      ['m2', 'Б'],
    ]);
    log.redo('aru');
    expect(log.draft.pages[0]!.modules[0]!.title).toBe('А2');
    expect(redo(log.events, 'aru')).toBeNull();
    // Bolat's stack holds only Bolat's edit.
    expect(historyOf(log.events, 'bolat').undo.map((s) => s.command)).toEqual([
      { type: 'module/remove', moduleId: 'm2' },
    ]);
    // A new edit clears the redo stack.
    log.undo('aru');
    log.do('aru', { type: 'page/rename', pageId: 'p1', title: 'Жаңа' });
    expect(redo(log.events, 'aru')).toBeNull();
    for (const e of log.events) expect(EventSchema.safeParse(e).success).toBe(true);
  });

  it("an undo whose target vanished under a co-author's edit is rejected and consumed", () => {
    const log = new Log()
      .do('aru', { type: 'page/add', pageId: 'p1', title: '' })
      .do('aru', { type: 'module/add', pageId: 'p1', moduleId: 'm1', moduleType: 'task' })
      .do('aru', { type: 'module/setTitle', moduleId: 'm1', title: 'X' })
      .do('bolat', { type: 'module/remove', moduleId: 'm1' });
    log.undo('aru'); // tries to retitle m1: gone
    const r = replay(log.events);
    expect(r.rejected.map((x) => x.rejection.code)).toEqual(['unknown_id']);
    // The next undo moves on to Aru's previous edit (removing m1: also gone, rejected too),
    // then to the page.
    log.undo('aru');
    expect(undo(log.events, 'aru')?.command).toEqual({ type: 'page/remove', pageId: 'p1' });
  });
});
